/**
 * What the browser holds, as the jobs search takes it: a list of jobs within the screen's
 * filters, matched at once while the service (or the scan) answers for the rest. Today that is
 * the loaded pages of these filters; any other holder of jobs (a working set of the operation)
 * hands its jobs within the filters the same way.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../../api';
import { JOBS_FILTER_KEYS, type Job, type JobsResponse } from '../../../contract';
import type { Filters } from '../../../job-views';

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

/** The loaded pages' jobs as a search of `q` within `filters` starts (read again for each search). */
export function useLoadedJobs(filters: Filters, q: string | undefined): readonly Job[] {
  const queryClient = useQueryClient();
  const key = JSON.stringify([filters, q]);
  return useMemo(
    () => (q === undefined ? [] : loadedJobs(queryClient, filters)),
    // `filters` and `q` are in `key`.
    [queryClient, key], // eslint-disable-line react-hooks/exhaustive-deps
  );
}
