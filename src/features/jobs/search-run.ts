/**
 * One run of the jobs search (loaded on first use, with the whole-result scan): the matches
 * among the loaded pages at once, then the scan's, handed to `publish` at most once a frame.
 */
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError, queryKeys, type ApiClient, type ScanProgress } from '../../api';
import { scanJobs } from '../../api/scan';
import { JOBS_FILTER_KEYS, type Job, type JobsResponse } from '../../contract';
import { exactMatch, matchJob, needleOf } from './job-match';
import type { Filters } from './search';

export type SearchPhase = 'scanning' | 'done' | 'stopped' | 'error';

export type SearchSnapshot = {
  /** Matches in the result's order. */
  matches: Job[];
  phase: SearchPhase;
  progress: ScanProgress | null;
  error: string | null;
  /** The one match whose job id or order id is the query, if there is exactly one. */
  exact: Job | null;
};

const sameFilters = (a: Filters, b: Filters) => JOBS_FILTER_KEYS.every((k) => a[k] === b[k]);

/** The jobs of every loaded page with these filters, in page order. */
function loadedJobs(queryClient: QueryClient, filters: Filters): Job[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.jobsPages() })
    .map((query) => ({ key: query.queryKey[2] as Filters & { page: number }, data: query.state.data as JobsResponse | undefined }))
    .filter(({ key, data }) => data && sameFilters(filters, key))
    .sort((a, b) => a.key.page - b.key.page)
    .flatMap(({ data }) => data!.jobs);
}

/**
 * Searches `q` within `filters`: publishes the loaded pages' matches at once, then scans every
 * page up to `cap` (src/api/scan.ts). While the scan runs, the loaded pages' matches it has not
 * reached yet stay in the list; once it is done, its own (fresh) copies are the answer.
 */
export function runSearch(options: {
  api: ApiClient;
  queryClient: QueryClient;
  filters: Filters;
  q: string;
  cap: number;
  signal: AbortSignal;
  publish: (snapshot: SearchSnapshot) => void;
}): void {
  const { api, queryClient, filters, q, cap, signal, publish } = options;
  const needle = needleOf(q);
  const instant = loadedJobs(queryClient, filters).filter((job) => matchJob(job, needle));
  const scanned: Job[] = [];
  let progress: ScanProgress | null = null;
  let frame = 0;

  const send = (phase: SearchPhase, error: string | null = null) => {
    cancelAnimationFrame(frame);
    frame = 0;
    const matches = [...scanned];
    if (phase !== 'done') {
      const ids = new Set(matches.map((j) => j.id));
      for (const job of instant) if (!ids.has(job.id)) matches.push(job);
    }
    publish({ matches, phase, progress, error, exact: exactMatch(matches, q) });
  };
  send('scanning');

  scanJobs(api, filters, {
    cap,
    signal,
    onPage: (jobs, _page, p) => {
      progress = p;
      for (const job of jobs) if (matchJob(job, needle)) scanned.push(job);
      // Pages arrive many per second: the screen is updated once a frame, not once a page.
      if (!frame) frame = requestAnimationFrame(() => send('scanning'));
    },
  }).then(
    () => !signal.aborted && send('done'),
    (e: unknown) => {
      if (signal.aborted || (isApiError(e) && e.kind === 'aborted')) send('stopped');
      else send('error', errorMessage(e));
    },
  );
}
