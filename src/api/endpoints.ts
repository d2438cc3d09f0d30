import {
  BranchResponse,
  BranchesResponse,
  JobsEmbeddedBranches,
  JobsResponse,
  UpdateBranchResponse,
  type Branch,
  type BranchPatch,
  type JobsQuery,
} from '../contract';
import { branchSummaryQuery, rememberBranchSummaryRefused } from './branch-embed';
import type { ApiClient } from './client';
import { ApiError } from './errors';

export type JobsFilters = Partial<JobsQuery>;

/**
 * A page of jobs, with stops' branches embedded without zones where the service offers that
 * (src/api/branch-embed.ts). A 400 to the request with the extension is retried once without
 * it; the extension is remembered as refused only when that retry succeeds, so a 400 for the
 * filters themselves still reaches the screen.
 */
export async function fetchJobs(client: ApiClient, filters: JobsFilters, signal?: AbortSignal) {
  const send = (query: JobsFilters) => client.request('/v1/jobs', { query, schema: JobsResponse, signal });
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
  return e instanceof ApiError && e.kind === 'http' && (e.status === 404 || e.status === 405 || e.status === 501);
}

export function fetchBranches(client: ApiClient, page: number, signal?: AbortSignal) {
  return client.request('/v1/branches', { query: { page }, schema: BranchesResponse, signal });
}

/**
 * One branch: the extension `GET /v1/branches/{id}` when it answers, otherwise the embedded
 * Branch of `GET /v1/jobs?branch_id={id}` (DESIGN.md). Returns null when the branch is unknown.
 */
export async function fetchBranch(client: ApiClient, id: string, signal?: AbortSignal): Promise<Branch | null> {
  try {
    const res = await client.request(`/v1/branches/${encodeURIComponent(id)}`, { schema: BranchResponse, signal });
    return res.branch;
  } catch (e) {
    // A 404 means either "no such branch" or "no such endpoint": the jobs fallback tells them apart.
    if (!isMissingEndpoint(e)) throw e;
  }
  // Whole branches, zones included: not fetchJobs, which asks for them without zones.
  const jobs = await client.request('/v1/jobs', {
    query: { branch_id: id, page: 1 },
    schema: JobsEmbeddedBranches,
    signal,
  });
  for (const job of jobs.jobs) {
    for (const stop of [...job.pickups, ...job.deliveries]) {
      if (stop.branch && stop.branch.id === id) return stop.branch;
    }
  }
  return null;
}

export function updateBranch(client: ApiClient, id: string, branch: BranchPatch, signal?: AbortSignal) {
  return client.request(`/v1/branches/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { branch },
    schema: UpdateBranchResponse,
    signal,
  });
}
