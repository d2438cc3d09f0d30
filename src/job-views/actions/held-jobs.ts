import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api';
import type { Job, JobsResponse } from '../../contract';

/** The jobs the browser holds: `shown` (the screen's rows or its open work), then every cached page of jobs. */
export function* heldJobs(queryClient: QueryClient, shown: Iterable<Job> | undefined): Generator<Job> {
  if (shown) yield* shown;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.jobsPages() })) {
    const data = query.state.data as Partial<JobsResponse> | undefined;
    if (Array.isArray(data?.jobs)) yield* data.jobs;
  }
}
