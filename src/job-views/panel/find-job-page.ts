import type { ApiClient } from '../../api';
import { scanJobs, type ScanProgress } from '../../api/scan';
import type { Job } from '../../contract';
import type { Filters } from '../url-params';

/**
 * The page (with these filters) that holds a job, looked for through every page; null when no
 * page does. The interface has no "get one job", so this is the only way to find it.
 */
export async function findJobPage(
  client: ApiClient,
  filters: Filters,
  jobId: number,
  opts: { signal: AbortSignal; onProgress: (p: ScanProgress) => void; cap: number },
): Promise<{ page: number; job: Job } | null> {
  let hit: { page: number; job: Job } | null = null;
  await scanJobs(client, filters, {
    cap: opts.cap,
    signal: opts.signal,
    onPage: (jobs, page, progress) => {
      opts.onProgress(progress);
      const job = jobs.find((j) => j.id === jobId);
      if (!job) return;
      hit = { page, job };
      return 'stop';
    },
  });
  return hit;
}
