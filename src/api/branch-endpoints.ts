/*
 * The branch editor's requests: only its (lazy) screens import this module, so none of it
 * is in the jobs screen's first load.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  BranchResponse,
  JobsEmbeddedBranches,
  UpdateBranchResponse,
  type Branch,
  type BranchPatch,
} from '../contract';
import type { ApiClient } from './client';
import { isMissingEndpoint } from './endpoints';
import { queryKeys } from './queries';

/**
 * One branch: the extension `GET /v1/branches/{id}` when it answers, otherwise the embedded
 * Branch of `GET /v1/jobs?branch_id={id}` (docs/design.md). Returns null when the branch is unknown.
 */
export async function fetchBranch(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Branch | null> {
  try {
    const res = await client.request(`/v1/branches/${encodeURIComponent(id)}`, {
      schema: BranchResponse,
      signal,
    });
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

export function branchQueryOptions(client: ApiClient, id: string) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- one api client per app: keys name the data (src/api/queries.ts)
  return queryOptions({
    queryKey: queryKeys.branch(id),
    queryFn: ({ signal }) => fetchBranch(client, id, signal),
  });
}
