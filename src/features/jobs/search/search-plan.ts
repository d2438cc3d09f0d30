/**
 * The jobs search's plan (run by src/features/jobs/search/useJobSearch.ts): what
 * matches, and the matches among the loaded pages, shown at once and kept until the scan
 * (src/api/useJobsScan.ts) is done.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api';
import { JOBS_FILTER_KEYS, type Job, type JobsResponse } from '../../../contract';
import type { Filters } from '../../../job-views';
import { exactMatch, matchJob, needleOf } from './job-match';

export type SearchPlan = {
  /** The matches among a page's jobs. */
  take: (jobs: Job[]) => Job[];
  /**
   * The matches to list, in the result's order: the scan's; until it is done, also the loaded
   * pages' that it has not reached. Its own (fresh) copies are the answer once it is done.
   */
  found: (scanned: Job[], done: boolean) => { matches: Job[]; exact: Job | null };
};

const sameFilters = (a: Filters, b: Filters) => JOBS_FILTER_KEYS.every((k) => a[k] === b[k]);

/** The jobs of every loaded page with these filters, in page order. */
function loadedJobs(queryClient: QueryClient, filters: Filters): Job[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.jobsPages() })
    .map((query) => ({
      key: query.queryKey[2] as Filters & { page: number },
      data: query.state.data as JobsResponse | undefined,
    }))
    .filter(({ key, data }) => data && sameFilters(filters, key))
    .sort((a, b) => a.key.page - b.key.page)
    .flatMap(({ data }) => data!.jobs);
}

/** The search of `q` within `filters`, with the loaded pages' matches as they are now. */
export function planSearch(queryClient: QueryClient, filters: Filters, q: string): SearchPlan {
  const needle = needleOf(q);
  const instant = loadedJobs(queryClient, filters).filter((job) => matchJob(job, needle));
  return {
    take: (jobs) => jobs.filter((job) => matchJob(job, needle)),
    found: (scanned, done) => {
      const matches = [...scanned];
      if (!done) {
        const ids = new Set(matches.map((j) => j.id));
        for (const job of instant) if (!ids.has(job.id)) matches.push(job);
      }
      return { matches, exact: exactMatch(matches, q) };
    },
  };
}
