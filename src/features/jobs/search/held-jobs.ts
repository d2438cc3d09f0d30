/**
 * What the browser holds, as the jobs search takes it: a list of jobs within the screen's
 * filters, matched at once while the service (or the scan) answers for the rest: the loaded
 * pages of these filters, then the working set's jobs within them that those pages lack (the
 * open work and the last 7 days, as far as the set has read them; a set no screen of this tab
 * has made is not made for a search).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../../api';
import { JOBS_FILTER_KEYS, type Job, type JobsResponse } from '../../../contract';
import { matchesFilters, type Filters } from '../../../job-views';
import { useWorkingSetJobs } from '../../../working-set';

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

/**
 * The jobs held within `filters` for a search of `q`: the loaded pages' as the search starts
 * (read again for each search), and the working set's as it holds them.
 */
export function useHeldJobs(filters: Filters, q: string | undefined): readonly Job[] {
  const queryClient = useQueryClient();
  const setJobs = useWorkingSetJobs();
  const key = JSON.stringify([filters, q]);
  const loaded = useMemo(
    () => (q === undefined ? [] : loadedJobs(queryClient, filters)),
    // `filters` and `q` are in `key`.
    [queryClient, key], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return useMemo(() => {
    if (q === undefined) return loaded;
    const ids = new Set(loaded.map((job) => job.id));
    const within = matchesFilters(filters);
    const more = setJobs.filter((job) => !ids.has(job.id) && within(job));
    return more.length ? [...loaded, ...more] : loaded;
    // `filters` and `q` are in `key`.
  }, [loaded, setJobs, key]); // eslint-disable-line react-hooks/exhaustive-deps
}
