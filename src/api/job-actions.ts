/*
 * Job actions, an optional extension of the reference server (docs/design.md, "Job actions
 * (optional)"): `GET /v1/jobs/{id}` reads one job with its ETag and what this sign-in may do to
 * it; five POSTs act on it, each with `If-Match` naming the version the person chose on. A
 * service without the extension answers 404, 405 or 501 to the read: then none is offered.
 */
import { queryOptions } from '@tanstack/react-query';
import { JobResponse, type Job, type JobActions } from '../contract';
import { permissionsOf, WRITE_JOBS_SCOPE } from '../contract/access';
import type { ApiClient } from './client';
import { isMissingEndpoint } from './endpoints';
import { scaleExtensionOffered } from './job-search';
import { ApiError } from './errors';
import { claimsOf } from './access';
import { queryKeys } from './queries';

/** One job as the extension answers it, with the ETag of that answer (absent when the service sent none). */
export type JobWithActions = { job: Job; actions: JobActions; etag: string | null };

export type StopRef = { kind: 'pickup' | 'delivery'; id: number };

/** What a person asks to be done to a job. */
export type JobAction =
  | { kind: 'status'; status: number; remarks: string }
  | { kind: 'stop_status'; stop: StopRef; status: number; remarks: string }
  | { kind: 'reassign'; riderId: number; remarks: string }
  | { kind: 'remark'; remarks: string }
  | { kind: 'cancel'; remarks: string };

/** A strong ETag, or null (a weak one never matches If-Match). */
function strongEtag(response: Response): string | null {
  const etag = response.headers.get('ETag');
  return etag?.startsWith('"') ? etag : null;
}

/** The job with its actions and ETag; null when the service has no job actions. */
export async function fetchJobWithActions(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<JobWithActions | null> {
  // Only a service with the extension for scale is asked (found without a request that could
  // fail): a bare service never sees the path, and the console stays clean.
  if (!(await scaleExtensionOffered(client))) return null;
  let etag: string | null = null;
  try {
    const res = await client.request(`/v1/jobs/${id}`, {
      schema: JobResponse,
      signal,
      seen: (response) => (etag = strongEtag(response)),
    });
    return { job: res.job, actions: res.actions, etag };
  } catch (e) {
    // The extension's own 404 for an unknown job carries its error format with a message; a
    // service without the path answers 404 too: both mean nothing can be done to this job here.
    if (isMissingEndpoint(e)) return null;
    throw e;
  }
}

function pathAndBody(id: number, action: JobAction): { path: string; body: Record<string, unknown> } {
  const remarks = action.remarks.trim();
  const withRemarks = (body: Record<string, unknown>) => (remarks ? { ...body, remarks } : body);
  switch (action.kind) {
    case 'status':
      return { path: `/v1/jobs/${id}/status`, body: withRemarks({ status: action.status }) };
    case 'stop_status': {
      const segment = action.stop.kind === 'pickup' ? 'pickups' : 'deliveries';
      return {
        path: `/v1/jobs/${id}/${segment}/${action.stop.id}/status`,
        body: withRemarks({ status: action.status }),
      };
    }
    case 'reassign':
      return { path: `/v1/jobs/${id}/rider`, body: withRemarks({ rider_id: action.riderId }) };
    case 'remark':
      return { path: `/v1/jobs/${id}/remarks`, body: { remarks } };
    case 'cancel':
      return { path: `/v1/jobs/${id}/cancel`, body: withRemarks({}) };
  }
}

/**
 * Takes `action` on job `id` at version `etag` (If-Match): the service refuses it with a 412 if
 * the job has changed since, and changes nothing. Answers the job as stored now, with its ETag.
 */
export async function actOnJob(
  client: ApiClient,
  id: number,
  action: JobAction,
  etag: string,
  signal?: AbortSignal,
): Promise<JobWithActions> {
  const { path, body } = pathAndBody(id, action);
  let next: string | null = null;
  const res = await client.request(path, {
    method: 'POST',
    body,
    headers: { 'If-Match': etag },
    schema: JobResponse,
    signal,
    seen: (response) => (next = strongEtag(response)),
  });
  return { job: res.job, actions: res.actions, etag: next };
}

/** How an action ended, for a person: done, refused as changed meanwhile, refused by permissions, or failed. */
export type ActionOutcome = 'done' | 'conflict' | 'refused' | 'failed';

export function outcomeOf(error: unknown): Exclude<ActionOutcome, 'done'> {
  if (error instanceof ApiError && error.kind === 'http') {
    if (error.status === 412) return 'conflict';
    if (error.status === 403) return 'refused';
  }
  return 'failed';
}

export function jobWithActionsQueryOptions(client: ApiClient, id: number) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- one api client per app: keys name the data (src/api/queries.ts)
  return queryOptions({
    queryKey: queryKeys.jobDetail(id),
    queryFn: ({ signal }) => fetchJobWithActions(client, id, signal),
    // Read again each time it is shown: its ETag is what an action names.
    staleTime: 0,
    retry: (count, error) => count < 2 && error instanceof ApiError && error.retryable,
  });
}

/**
 * Whether the token may act on jobs as far as the dashboard can tell before it asks: a JWT's
 * claims (`jobs:write`); a token that is not a JWT says nothing, and `probe` (the answer for a
 * job of the screen) decides: a refusal naming the scope means no, any other (a branch outside
 * the limits) leaves the choice to each job's own answer.
 */
export function mayActOnJobs(token: string | null, probe: JobWithActions): boolean {
  const claims = claimsOf(token);
  if (claims) return permissionsOf(claims).writeJobs;
  return probe.actions.allowed.length > 0 || !probe.actions.refused?.includes(WRITE_JOBS_SCOPE);
}
