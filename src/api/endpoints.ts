import { BranchesResponse, JobsResponse, type JobsQuery } from '../contract';
import { branchSummaryQuery, rememberBranchSummaryRefused } from './branch-embed';
import type { ApiClient } from './client';
import { ApiError } from './errors';

export type JobsFilters = Partial<JobsQuery>;

/**
 * A page of jobs, with stops' branches embedded without contacts and zones where the service
 * offers that (src/api/branch-embed.ts). A 400 to the request with the extension is retried
 * once without it; the extension is remembered as refused only when that retry succeeds, so
 * a 400 for the filters themselves still reaches the screen.
 */
export async function fetchJobs(
  client: ApiClient,
  filters: JobsFilters,
  signal?: AbortSignal,
  /** `perPage`: the extension's `per_page` (only where the extension answers); `seen`: the answer's headers. */
  more: { perPage?: number; seen?: (response: Response) => void } = {},
) {
  const send = (query: JobsFilters) =>
    client.request('/v1/jobs', {
      query: { ...query, per_page: more.perPage },
      schema: JobsResponse,
      signal,
      seen: more.seen,
    });
  const extension = branchSummaryQuery(client.baseUrl);
  if (!extension.branch_embed) return send(filters);
  try {
    return await send({ ...filters, ...extension });
  } catch (e) {
    if (!(e instanceof ApiError && e.kind === 'http' && e.status === 400)) throw e;
    const page = await send(filters);
    rememberBranchSummaryRefused(client.baseUrl);
    return page;
  }
}

/** True when an extension endpoint is simply not offered by this service. */
export function isMissingEndpoint(e: unknown): boolean {
  return (
    e instanceof ApiError && e.kind === 'http' && (e.status === 404 || e.status === 405 || e.status === 501)
  );
}

export function fetchBranches(client: ApiClient, page: number, signal?: AbortSignal) {
  return client.request('/v1/branches', { query: { page }, schema: BranchesResponse, signal });
}
