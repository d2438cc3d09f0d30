/**
 * What the browser holds, as the jobs search takes it: a list of jobs within the screen's
 * filters, matched at once while the service (or the scan) answers for the rest: the loaded
 * pages of these filters, then the working set's jobs within them (src/working-set: the open
 * work and the last 7 days, while a screen of this tab uses it) that the pages do not hold.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../../api';
import { JOBS_FILTER_KEYS, type Job, type JobsResponse } from '../../../contract';
import { matchesFilters, type Filters } from '../../../job-views';
import { useHeldJobs } from '../../../working-set';

const sameFilters = (a: Filters, b: Filters) => JOBS_FILTER_KEYS.every((k) => a[k] === b[k]);

/** The jobs of every loaded page with these filters, in page order. */
export function loadedJobs(queryClient: QueryClient, filters: Filters): Job[] {
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

/** `first`, then the jobs of `more` within `filters` that `first` does not hold (newest first). */
export function mergeHeld(first: readonly Job[], more: readonly Job[], filters: Filters): Job[] {
  const ids = new Set(first.map((job) => job.id));
  const within = matchesFilters(filters);
  const extra = more
    .filter((job) => !ids.has(job.id) && within(job))
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  return [...first, ...extra];
}

/**
 * The jobs the browser holds within `filters` as a search of `q` starts (read again for each
 * search): the loaded pages', then the working set's they lack.
 */
export function useLoadedJobs(filters: Filters, q: string | undefined): readonly Job[] {
  const queryClient = useQueryClient();
  const heldJobs = useHeldJobs();
  const key = JSON.stringify([filters, q]);
  return useMemo(
    () => (q === undefined ? [] : mergeHeld(loadedJobs(queryClient, filters), heldJobs(), filters)),
    // `filters` and `q` are in `key`.
    [queryClient, heldJobs, key], // eslint-disable-line react-hooks/exhaustive-deps
  );
}
