/* eslint-disable @tanstack/query/exhaustive-deps -- the api client is one per app instance (like the QueryClient itself): keys name the data, not the transport. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { fetchBranches, fetchJobs, isMissingEndpoint, type JobsFilters } from './endpoints';

/** Query-key factories: one place that knows how cached data is addressed. */
export const queryKeys = {
  jobs: () => ['jobs'] as const,
  jobsPages: () => ['jobs', 'page'] as const,
  jobsPage: (filters: JobsFilters) => ['jobs', 'page', filters] as const,
  /** `total_records` of the filters: the status count chips. */
  jobsCount: (filters: JobsFilters) => ['jobs', 'count', filters] as const,
  /** One job with what may be done to it (the job actions extension): under `jobs`, so a refresh reads it again. */
  jobDetail: (id: number) => ['jobs', 'detail', id] as const,
  /** One job found through the pages (a service without `GET /v1/jobs/{id}`): the whole job behind a working set's record. */
  jobFound: (id: number, createdAt: number) => ['jobs', 'found', id, createdAt] as const,
  branches: () => ['branches'] as const,
  branchList: () => ['branches', 'list'] as const,
  branch: (id: string) => ['branches', 'detail', id] as const,
};

export function jobsQueryOptions(client: ApiClient, filters: JobsFilters) {
  return queryOptions({
    queryKey: queryKeys.jobsPage(filters),
    queryFn: ({ signal }) => fetchJobs(client, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export type BranchListResult = Awaited<ReturnType<typeof fetchBranches>>['branches'] | null;

/** All branches through the extension; null when the service does not offer it. */
export function branchListQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.branchList(),
    queryFn: async ({ signal }): Promise<BranchListResult> => {
      try {
        const first = await fetchBranches(client, 1, signal);
        // The other pages (at most 49) at once, kept in page order.
        const rest = await Promise.all(
          Array.from({ length: Math.min(first.total_pages, 50) - 1 }, (_, i) =>
            fetchBranches(client, i + 2, signal),
          ),
        );
        return [first, ...rest].flatMap((page) => page.branches);
      } catch (e) {
        if (isMissingEndpoint(e)) return null;
        throw e;
      }
    },
    staleTime: 60_000,
  });
}

/**
 * Keeps at most `max` jobs pages in the cache (the most recently added; pages still on screen
 * are never dropped). A page of jobs is a few hundred KB in memory: without a cap a supervisor
 * paging through 200 pages would hold all of them for the cache's 5 minutes.
 */
export function retainRecentJobPages(queryClient: QueryClient, max = 10): () => void {
  const cache = queryClient.getQueryCache();
  return cache.subscribe((event) => {
    if (event.type !== 'added' || event.query.queryKey[0] !== 'jobs' || event.query.queryKey[1] !== 'page')
      return;
    const pages = cache
      .findAll({ queryKey: queryKeys.jobsPages(), type: 'inactive' })
      .filter((query) => query !== event.query);
    const excess = pages.length + 1 - max;
    if (excess <= 0) return;
    const age = (updatedAt: number) => updatedAt || Number.POSITIVE_INFINITY; // not loaded yet: newest
    pages
      .sort((a, b) => age(a.state.dataUpdatedAt) - age(b.state.dataUpdatedAt))
      .slice(0, excess)
      .forEach((query) => cache.remove(query));
  });
}

/** `total_records` for the filters: one page-1 request, of which only the count is kept. */
export function jobsCountQueryOptions(client: ApiClient, filters: JobsFilters) {
  return queryOptions({
    queryKey: queryKeys.jobsCount(filters),
    queryFn: async ({ signal }) => (await fetchJobs(client, { ...filters, page: 1 }, signal)).total_records,
  });
}
