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
 * The version of a loaded branch as the service named it: the ETag of the answer that brought
 * the branch (`GET /v1/branches/{id}`, a PUT), kept on the branch, and so in the query cache,
 * as `etag`. A save sends it back in If-Match. Only a strong tag counts: a weak one (`W/"…"`,
 * as some proxies make of a compressed answer) never matches If-Match. None: the service gave
 * none, and a save falls back to comparing `updated_at` (src/features/branches/review/useBranchSave.ts).
 */
export function etagOf(branch: Branch): string | undefined {
  const { etag } = branch;
  return typeof etag === 'string' && etag.startsWith('"') ? etag : undefined;
}

/** `value` with the ETag of the answer that brought it, or without one (any `etag` it held is not ours). */
function withEtag<T extends object>(value: T, etag: string | null): T {
  const { etag: _theirs, ...rest } = value as T & { etag?: unknown };
  return (etag ? { ...rest, etag } : rest) as T;
}

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
    let etag: string | null = null;
    const res = await client.request(`/v1/branches/${encodeURIComponent(id)}`, {
      schema: BranchResponse,
      signal,
      seen: (response) => (etag = response.headers.get('ETag')),
    });
    return withEtag(res.branch, etag);
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
      if (stop.branch && stop.branch.id === id) return withEtag(stop.branch, null);
    }
  }
  return null;
}

/**
 * PUT of a patch. `ifMatch`: the ETag of the version the patch was made on; the service then
 * refuses it (412, an ApiError) if the branch is at another version. The answer's branch
 * carries the ETag of the saved version when the service sent one.
 */
export async function updateBranch(
  client: ApiClient,
  id: string,
  branch: BranchPatch,
  { ifMatch, signal }: { ifMatch?: string; signal?: AbortSignal } = {},
) {
  let etag: string | null = null;
  const res = await client.request(`/v1/branches/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { branch },
    headers: ifMatch ? { 'If-Match': ifMatch } : undefined,
    schema: UpdateBranchResponse,
    signal,
    seen: (response) => (etag = response.headers.get('ETag')),
  });
  return { ...res, branch: withEtag(res.branch, etag) };
}

export function branchQueryOptions(client: ApiClient, id: string) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- one api client per app: keys name the data (src/api/queries.ts)
  return queryOptions({
    queryKey: queryKeys.branch(id),
    queryFn: ({ signal }) => fetchBranch(client, id, signal),
  });
}
