/**
 * The whole-result scan: every page of `GET /v1/jobs` for some filters, a few requests at a
 * time, handed over in page order as they arrive. The interface has no search, no count by
 * status and no single-job read, so the export, the search, "find the page of a job", the
 * operations map and the impact preview all read the result this way. Loaded on demand
 * (`import('…/api/scan')`): none of it is in the jobs screen's first load.
 */
import type { Job } from '../contract';
import type { ApiClient } from './client';
import { fetchJobs, type JobsFilters } from './endpoints';
import { ApiError } from './errors';
import { apiWords } from './words';

export type ScanProgress = {
  /** Pages handed over so far (in order: 1..pagesDone). */
  pagesDone: number;
  /** Pages the scan will read: all of them, or as many as the cap allows. */
  pagesTotal: number;
  /** Distinct jobs handed over so far. */
  jobsSeen: number;
  /** Jobs the service says match the filters. */
  totalRecords: number;
  /** Jobs the scan will read: all of them, or the cap. */
  jobsToRead: number;
  /** True when the cap leaves part of the result unread. */
  capped: boolean;
};

export type ScanOptions = {
  /** The most jobs to read. */
  cap: number;
  signal: AbortSignal;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** The extension's `per_page` (only for a service that has it). */
  perPage?: number;
  /**
   * Each page, in order, with the jobs not seen on an earlier page (a result that shifts while
   * it is read can repeat a job). Return 'stop' to end the scan there.
   */
  onPage: (jobs: Job[], page: number, progress: ScanProgress) => void | 'stop';
};

export type ScanOutcome = ScanProgress & {
  /** `onPage` ended the scan before the last page. */
  stopped: boolean;
};

/**
 * Reads the pages of `filters` from page 1 until the cap, the last page, an empty page (the
 * result shrank while it was read), or `onPage` says stop. Rejects with the api error of a
 * failed page (kind 'aborted' when `signal` cancels it); what was handed over before stays with the caller.
 */
export async function scanJobs(
  client: ApiClient,
  filters: Omit<JobsFilters, 'page'>,
  options: ScanOptions,
): Promise<ScanOutcome> {
  const { cap, onPage } = options;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  // Requests still in flight when the scan ends early are cancelled (they hold connections).
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal.addEventListener('abort', cancel, { once: true });
  if (options.signal.aborted) cancel();
  const fetchPage = (page: number) =>
    fetchJobs(client, { ...filters, page }, controller.signal, { perPage: options.perPage });
  const seen = new Set<number>();
  let stopped = false;

  try {
    const first = await fetchPage(1);
    const perPage = Math.max(first.jobs.length, 1);
    const totalRecords = first.total_records;
    const pagesTotal = Math.max(
      1,
      Math.min(first.total_pages, Math.ceil(Math.min(cap, totalRecords) / perPage)),
    );
    const progress: ScanProgress = {
      pagesDone: 0,
      pagesTotal,
      jobsSeen: 0,
      totalRecords,
      jobsToRead: Math.min(cap, totalRecords),
      capped: cap < totalRecords,
    };

    /** Hands a page over; false when the scan ends with it. */
    const deliver = (page: number, jobs: readonly Job[]): boolean => {
      const fresh: Job[] = [];
      for (const job of jobs) {
        if (progress.jobsSeen + fresh.length >= cap) break;
        if (seen.has(job.id)) continue;
        seen.add(job.id);
        fresh.push(job);
      }
      progress.pagesDone = page;
      progress.jobsSeen += fresh.length;
      stopped = onPage(fresh, page, { ...progress }) === 'stop';
      return !stopped && jobs.length > 0 && progress.jobsSeen < cap;
    };

    if (deliver(1, first.jobs)) {
      // A window of requests ahead of the page being handed over: a slow page holds back only
      // the ones after it, and pages still reach the caller in order.
      const inFlight = new Map<number, ReturnType<typeof fetchPage>>();
      let nextToSend = 2;
      for (let page = 2; page <= pagesTotal; page++) {
        while (nextToSend <= pagesTotal && inFlight.size < concurrency) {
          const request = fetchPage(nextToSend);
          request.catch(() => undefined); // awaited in turn below, or cancelled when the scan ends first
          inFlight.set(nextToSend++, request);
        }
        const response = await inFlight.get(page)!;
        inFlight.delete(page);
        if (options.signal.aborted) throw new ApiError('aborted', apiWords().cancelled());
        if (!deliver(page, response.jobs)) break;
      }
    }
    return { ...progress, stopped: stopped && progress.pagesDone < pagesTotal };
  } finally {
    options.signal.removeEventListener('abort', cancel);
    cancel();
  }
}
