/**
 * Job actions, an optional extension of the reference server (docs/design.md, "Extensions";
 * docs/api.md): `GET /v1/jobs/{id}` reads one job with its ETag and the actions this sign-in may
 * take on it now, and five POSTs act on it: move the job or one of its stops to a status its
 * `next_status` offers, reassign the rider, add a remark, cancel. Each action:
 * - needs the `jobs:write` scope (403 before anything else is looked at), and the job's branch
 *   (or, for a stop, the stop's) within the sign-in's `branch_ids` (403);
 * - needs `If-Match` with the job's ETag (428 without it, 412 at another version, nothing changed);
 * - is recorded in the job's (or the stop's) status history with the signed-in user as
 *   `created_by`, and moves the job's `updated_at`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import {
  CancelActionBody,
  ReassignActionBody,
  RemarkActionBody,
  StatusActionBody,
  issuesToDetails,
  type JobActionName,
  type JobActions,
} from '../../src/contract';
import { coversBranch, mayActOnJob, WRITE_JOBS_SCOPE } from '../../src/contract/access';
import type { z } from '../../src/contract/zod';
import type { ApiActor } from '../auth';
import { ApiError } from '../errors';
import { writePrecondition } from '../preconditions';
import type { JobActionRepository, JobState } from '../repo/job-actions';
import type { JobRepository } from '../repo/jobs';
import type { Actor, Job } from '../repo/resources';
import {
  STATUS,
  STATUS_LABELS,
  isFinalStatus,
  nextJobStatuses,
  nextStopStatuses,
  type StopKind,
} from '../statuses';
import { rejectOtherMethods } from './method-not-allowed';

interface JobParams {
  id: string;
}
interface StopParams extends JobParams {
  stopId: string;
}

/** Answers of the per-job read and of the actions: never stored by a cache (they change with every action). */
const NO_STORE = 'no-store';

const JOB_ID = /^[1-9][0-9]{0,14}$/;

const label = (code: number) =>
  `${STATUS_LABELS[code as keyof typeof STATUS_LABELS] ?? `Status ${code}`} (${code})`;

/** "Delivered (7) or Failed (8)", "Assigned (2), Accepted (3) or Cancelled (9)". */
function listOf(codes: readonly number[]): string {
  const labels = codes.map(label);
  return labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)!}`;
}

function notFound(id: string): ApiError {
  return new ApiError(404, `No job with id ${JSON.stringify(id)}`);
}

function jobIdOf(raw: string): number {
  if (!JOB_ID.test(raw)) throw notFound(raw);
  return Number(raw);
}

const actorOf = (actor: ApiActor): Actor => ({
  user_type: actor.user_type,
  user_id: actor.user_id,
  user_name: actor.user_name,
});

const NO_SCOPE =
  `This sign-in may read jobs but not act on them: acting on a job needs the ${WRITE_JOBS_SCOPE} permission. ` +
  'Ask an administrator.';

function outsideBranches(actor: ApiActor, jobId: number, branchIds: readonly string[]): string {
  const allowed = actor.permissions.branchIds ?? [];
  const limits = allowed.length === 0 ? 'no branch' : `branches ${allowed.join(', ')} only`;
  return `This sign-in may act on jobs of ${limits}; job ${jobId} is of ${branchIds.join(', ')}. Nothing was changed.`;
}

/**
 * The condition an action sets on the stored job: `If-Match` with one of its strong ETags. A
 * request without one (or with `*` alone, which names no version) is 428: an action is never
 * taken over a version the client has not seen.
 */
function actionPrecondition(headers: IncomingHttpHeaders): (state: JobState) => boolean {
  const ifMatch = headers['if-match'];
  const condition = ifMatch === undefined ? undefined : writePrecondition({ 'if-match': ifMatch });
  if (!condition) {
    throw new ApiError(
      428,
      'Send If-Match with the job’s ETag (from GET /v1/jobs/{id} or an earlier action): an action is only taken on the version of the job it was chosen on.',
    );
  }
  return (state) => condition({ etag: state.etag, updatedAt: state.updated_at });
}

/** The stops' branches, by stop: what a stop action's branch check reads. */
const stopBranches = (job: Job): string[] =>
  [...job.pickups, ...job.deliveries].flatMap((stop) => (stop.branch ? [stop.branch.id] : []));

/** What `actor` may do to `job` now: its permissions, then what the job's state offers. */
export function allowedActions(actor: ApiActor, job: Job, branchId: string): JobActions {
  const { permissions } = actor;
  if (!permissions.writeJobs) return { allowed: [], refused: NO_SCOPE };
  const branchIds = [branchId, ...stopBranches(job)];
  if (!mayActOnJob(permissions, branchIds)) {
    return { allowed: [], refused: outsideBranches(actor, job.id, [...new Set(branchIds)]) };
  }
  const jobCovered = coversBranch(permissions, branchId);
  const coveredStops = [...job.pickups, ...job.deliveries].filter(
    (stop) => jobCovered || (stop.branch !== null && coversBranch(permissions, stop.branch.id)),
  );
  const next = job.next_status;
  const allowed: JobActionName[] = [];
  if (jobCovered && next.some((status) => status !== STATUS.ASSIGNED)) allowed.push('status');
  if (!isFinalStatus(job.status) && coveredStops.some((stop) => stop.next_status.length > 0))
    allowed.push('stop_status');
  if (jobCovered && next.includes(STATUS.ASSIGNED)) allowed.push('reassign');
  if (jobCovered) allowed.push('remark');
  if (jobCovered && next.includes(STATUS.CANCELLED)) allowed.push('cancel');
  return { allowed };
}

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** The body against `schema`: JSON only; no body at all reads as `{}` (cancel needs none). */
function readBody<S extends z.ZodMiniType>(request: FastifyRequest, schema: S): z.output<S> {
  const contentType = request.headers['content-type'];
  if (contentType !== undefined && !isJsonContentType(contentType)) {
    throw new ApiError(415, 'Send the request body as JSON with Content-Type: application/json');
  }
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) throw new ApiError(400, 'The action is invalid', issuesToDetails(parsed.error.issues));
  return parsed.data as z.output<S>;
}

/** 409: `status` is not among `offered`, said with what is. */
function notOffered(what: string, current: number, offered: readonly number[], wanted: number): ApiError {
  const message =
    offered.length === 0
      ? `${what} is ${label(current)}: no status change is offered from there, so it cannot move to ${label(wanted)}. Nothing was changed.`
      : `${what} is ${label(current)}: it can move to ${listOf(offered)}, not ${label(wanted)}. Nothing was changed.`;
  return new ApiError(409, message, [{ path: 'status', message: `Offered: ${listOf(offered) || 'none'}` }]);
}

interface ActionContext {
  jobId: number;
  state: JobState;
  /** The signed-in client, with its permissions. */
  client: ApiActor;
  /** The same as the history records it (`created_by`). */
  actor: Actor;
  now: number;
}

export function registerJobActionRoutes(
  api: FastifyInstance,
  deps: { jobs: JobRepository; actions: JobActionRepository },
): void {
  const { jobs, actions } = deps;

  const answer = (reply: FastifyReply, actor: ApiActor, jobId: number) => {
    const state = actions.state(jobId)!;
    const job = jobs.get(jobId)!;
    reply.header('ETag', state.etag).header('Cache-Control', NO_STORE);
    return { job, actions: allowedActions(actor, job, state.branch_id) };
  };

  api.get<{ Params: JobParams }>('/jobs/:id', async (request, reply) => {
    const jobId = jobIdOf(request.params.id);
    if (!actions.state(jobId)) throw notFound(request.params.id);
    return answer(reply, request.actor!, jobId);
  });

  /**
   * Registers one action: the scope and `If-Match` checked as the request arrives (before its
   * body), the body, then in one transaction the job's existence, its branch, its version and
   * `run`'s own checks, then `run`'s writes.
   */
  function action<S extends z.ZodMiniType, P extends JobParams>(
    url: string,
    schema: S,
    run: (context: ActionContext, body: z.output<S>, params: P) => void,
  ): void {
    api.post<{ Params: P }>(
      url,
      {
        onRequest: async (request) => {
          if (!request.actor!.permissions.writeJobs) throw new ApiError(403, NO_SCOPE);
          actionPrecondition(request.headers);
        },
      },
      async (request, reply) => {
        const actor = request.actor!;
        const params = request.params as P;
        const jobId = jobIdOf(params.id);
        const matches = actionPrecondition(request.headers);
        const body = readBody(request, schema);
        actions.transaction(() => {
          const state = actions.state(jobId);
          if (!state) throw notFound(params.id);
          const job = jobs.get(jobId)!;
          const { refused } = allowedActions(actor, job, state.branch_id);
          if (refused) throw new ApiError(403, refused);
          if (!matches(state)) {
            throw new ApiError(
              412,
              `Job ${jobId} has changed since the version this request names (If-Match); nothing was changed. ` +
                'Read the job again and choose again.',
            );
          }
          const now = Math.floor(Date.now() / 1000);
          run({ jobId, state, client: actor, actor: actorOf(actor), now }, body, params);
        });
        return answer(reply, actor, jobId);
      },
    );
  }

  /** Actions on the job itself need its own branch within the sign-in's limits. */
  const requireJobBranch = ({ client, jobId, state }: ActionContext) => {
    if (!coversBranch(client.permissions, state.branch_id)) {
      throw new ApiError(403, outsideBranches(client, jobId, [state.branch_id]));
    }
  };

  /** The job to `status` (a move to Cancelled takes the stops still open with it). */
  const moveJob = (context: ActionContext, status: number, remarks: string) => {
    const { jobId, state, actor, now } = context;
    actions.setJobStatus(jobId, status, remarks, actor, now);
    if (status !== STATUS.CANCELLED) return;
    for (const kind of ['pickup', 'delivery'] as const) {
      for (const stop of actions.stops(state.id, kind)) {
        if (nextStopStatuses(kind, stop.status).includes(STATUS.CANCELLED))
          actions.setStopStatus(jobId, kind, stop.id, STATUS.CANCELLED, remarks, actor, now);
      }
    }
  };

  action('/jobs/:id/status', StatusActionBody, (context, body) => {
    requireJobBranch(context);
    const { state } = context;
    const offered = nextJobStatuses(state.status);
    if (!offered.includes(body.status))
      throw notOffered(`Job ${state.id}`, state.status, offered, body.status);
    if (body.status === STATUS.ASSIGNED) {
      throw new ApiError(
        409,
        `Assigning job ${state.id} names its rider: use POST /v1/jobs/${state.id}/rider with the rider's id. Nothing was changed.`,
        [{ path: 'status', message: 'Assign through the rider action' }],
      );
    }
    moveJob(context, body.status, body.remarks ?? '');
  });

  for (const [segment, kind] of [
    ['pickups', 'pickup'],
    ['deliveries', 'delivery'],
  ] as const satisfies readonly (readonly [string, StopKind])[]) {
    action<typeof StatusActionBody, StopParams>(
      `/jobs/:id/${segment}/:stopId/status`,
      StatusActionBody,
      (context, body, params) => {
        const { state } = context;
        const stop = actions
          .stops(state.id, kind)
          .find((candidate) => String(candidate.id) === params.stopId);
        const what = `${kind === 'pickup' ? 'Pickup' : 'Delivery'} ${params.stopId} of job ${state.id}`;
        if (!stop)
          throw new ApiError(404, `Job ${state.id} has no ${kind} with id ${JSON.stringify(params.stopId)}`);
        const { permissions } = context.client;
        if (!coversBranch(permissions, state.branch_id) && !coversBranch(permissions, stop.branch_id)) {
          throw new ApiError(
            403,
            outsideBranches(context.client, state.id, [state.branch_id, stop.branch_id]),
          );
        }
        if (isFinalStatus(state.status)) {
          throw new ApiError(
            409,
            `Job ${state.id} is ${label(state.status)}, a final status: its stops no longer move. Nothing was changed.`,
          );
        }
        const offered = nextStopStatuses(kind, stop.status);
        if (!offered.includes(body.status)) throw notOffered(what, stop.status, offered, body.status);
        actions.setStopStatus(
          state.id,
          kind,
          stop.id,
          body.status,
          body.remarks ?? '',
          context.actor,
          context.now,
        );
      },
    );
  }

  action('/jobs/:id/rider', ReassignActionBody, (context, body) => {
    requireJobBranch(context);
    const { state } = context;
    const offered = nextJobStatuses(state.status);
    if (!offered.includes(STATUS.ASSIGNED)) {
      throw new ApiError(
        409,
        `Job ${state.id} is ${label(state.status)}: a rider is assigned only while ${label(STATUS.ASSIGNED)} is offered ` +
          `(it can move to ${listOf(offered) || 'no other status'}). Nothing was changed.`,
      );
    }
    const rider = actions.rider(body.rider_id);
    if (!rider) {
      throw new ApiError(400, `No rider with id ${body.rider_id}`, [
        { path: 'rider_id', message: 'No rider has this id' },
      ]);
    }
    if (state.rider_id === rider.id && state.status === STATUS.ASSIGNED) {
      throw new ApiError(409, `Job ${state.id} is assigned to ${rider.name} already. Nothing was changed.`, [
        { path: 'rider_id', message: 'The rider the job has' },
      ]);
    }
    const remarks =
      body.remarks || `Assigned to ${rider.name} (${rider.reference_id || `rider ${rider.id}`})`;
    actions.setRider(state.id, rider.id, STATUS.ASSIGNED, remarks, context.actor, context.now);
  });

  action('/jobs/:id/remarks', RemarkActionBody, (context, body) => {
    requireJobBranch(context);
    actions.remark(context.jobId, context.state.status, body.remarks, context.actor, context.now);
  });

  action('/jobs/:id/cancel', CancelActionBody, (context, body) => {
    requireJobBranch(context);
    const { state } = context;
    const offered = nextJobStatuses(state.status);
    if (!offered.includes(STATUS.CANCELLED))
      throw notOffered(`Job ${state.id}`, state.status, offered, STATUS.CANCELLED);
    moveJob(context, STATUS.CANCELLED, body.remarks ?? '');
  });

  rejectOtherMethods(api, '/jobs/:id', ['GET']);
  for (const path of [
    'status',
    'rider',
    'remarks',
    'cancel',
    'pickups/:stopId/status',
    'deliveries/:stopId/status',
  ])
    rejectOtherMethods(api, `/jobs/:id/${path}`, ['POST']);
}
