import type { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api';
import type { Job, JobsResponse } from '../../contract';

/**
 * The job with this id from the rows on screen first, then from any page in the cache (with
 * when it was loaded).
 */
export function findCachedJob(
  queryClient: ReturnType<typeof useQueryClient>,
  shown: readonly Job[] | undefined,
  id: number,
): { job: Job; fromCurrentPage: boolean; loadedAt: number | null } | null {
  const here = shown?.find((j) => j.id === id);
  if (here) return { job: here, fromCurrentPage: true, loadedAt: null };
  let best: { job: Job; loadedAt: number } | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.jobsPages() })) {
    const data = query.state.data as Partial<JobsResponse> | undefined;
    const job = Array.isArray(data?.jobs) ? data.jobs.find((j) => j.id === id) : undefined;
    if (job && (!best || query.state.dataUpdatedAt > best.loadedAt))
      best = { job, loadedAt: query.state.dataUpdatedAt };
  }
  return best ? { job: best.job, fromCurrentPage: false, loadedAt: best.loadedAt } : null;
}
