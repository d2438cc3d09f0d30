/**
 * The job actions in the OpenAPI document (server/openapi.ts): an optional extension of the
 * reference server (server/routes/job-actions.ts). Schemas come from `src/contract/job-actions.ts`.
 */
import type { z } from '../src/contract/zod';
import * as contract from '../src/contract';
import { WRITE_JOBS_SCOPE } from '../src/contract/access';

type Json = Record<string, unknown>;
type Meta = { id?: string; description?: string; type?: string };

/** Names and describes the contract's job action schemas (components of the document). */
export function addJobActionSchemas(meta: z.core.$ZodRegistry<Meta>): void {
  const c = contract;
  meta.add(c.StatusActionBody, {
    id: 'StatusActionBody',
    description:
      'Move the job (or the stop of the path) to `status`, one its `next_status` offers, with optional `remarks` (at most 500 characters) recorded beside it.',
  });
  meta.add(c.ReassignActionBody, {
    id: 'ReassignActionBody',
    description:
      'Assign the job to the rider `rider_id`; the job moves to Assigned (2). Without `remarks` the history says "Assigned to NAME (REFERENCE)".',
  });
  meta.add(c.RemarkActionBody, {
    id: 'RemarkActionBody',
    description: 'A remark (1 to 500 characters), recorded in the history at the job’s current status.',
  });
  meta.add(c.CancelActionBody, {
    id: 'CancelActionBody',
    description:
      'The reason, recorded as the remarks of the Cancelled (9) entries. The body may be left out.',
  });
  meta.add(c.JobActions, {
    id: 'JobActions',
    description:
      'What the signed-in client may do to the job now: `allowed` names the actions (`status`, `stop_status`, ' +
      '`reassign`, `remark`, `cancel`), from its permissions and the job’s `next_status` (and its stops’); ' +
      '`refused`, when it may do none, says why (no `jobs:write`, or the job outside its `branch_ids`). ' +
      'The dashboard shows only the allowed actions.',
  });
  meta.add(c.JobResponse, {
    id: 'JobResponse',
    description: 'One job as stored (the whole Job, as `GET /v1/jobs` lists it), and what may be done to it.',
  });
}

interface Helpers {
  /** A 200 response with the component schema `name`. */
  json(schemaName: string, description: string, headers?: Json): Json;
  /** Responses by status, referring to the document's error responses. */
  byStatus(...statuses: number[]): Json;
  /** An error response in the ErrorBody format with this description. */
  errorResponse(error: { name: string; status: number; description: string }): Json;
  /** The errors every /v1 operation may meet (400, 401, 413, 415, 500, 503). */
  apiErrors: readonly number[];
}

const JOB_ETAG = {
  ETag: {
    description:
      'Strong validator of the job’s version: its status, its stops, its rider and its history (not the rider’s ' +
      'position, which moves on its own). It changes on every write of the job. Send it in `If-Match` on an ' +
      'action. A compressed answer carries it with the coding appended (`"…-br"`), which `If-Match` accepts as well.',
    required: true,
    schema: { type: 'string' },
  },
  'Cache-Control': { description: '`no-store`.', required: true, schema: { type: 'string' } },
};

const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description:
    'The job’s ETag, from `GET /v1/jobs/{id}` or an earlier action: the action is taken only if the job is still at ' +
    'that version (checked in the transaction of the write); otherwise 412 and nothing changes. Without it (or with ' +
    '`*` alone), 428.',
  schema: { type: 'string' },
};

const jobId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The job’s id.',
  schema: { type: 'integer', minimum: 1 },
};
const stopId = (kind: string) => ({
  name: 'stopId',
  in: 'path',
  required: true,
  description: `The ${kind}’s id (its \`id\` in the job).`,
  schema: { type: 'integer', minimum: 1 },
});

const ORDER =
  'Checks in order: the token (401), the `jobs:write` scope (403) and `If-Match` (428), before the body; the body ' +
  '(415, 400); then in one transaction: that the job exists (404), that its branch (or, for a stop, the stop’s) is ' +
  'within the sign-in’s `branch_ids` (403), its version (412), and that the job’s state offers the action (409, the ' +
  'message naming what is offered).';

const RECORDED =
  'Recorded in the status history with the signed-in client as `created_by` (an identity provider’s user: its ' +
  '`sub` and name; a token of `API_TOKENS`: `token-…` and "API client"), and the job’s `updated_at` moves to the ' +
  'time of the action. The answer is the job as stored, with its new ETag.';

/** The document's tag, paths and error responses of the job actions. */
export function jobActionsDocument(helpers: Helpers): { tag: Json; paths: Record<string, Json> } {
  const { json, byStatus, errorResponse, apiErrors } = helpers;
  const forbidden = errorResponse({
    name: 'ActionForbidden',
    status: 403,
    description: `The token may not act on this job: it lacks the \`${WRITE_JOBS_SCOPE}\` scope (an \`API_TOKENS\` entry marked \`read-only\`), or the job (the stop) is of a branch outside its \`branch_ids\` (\`branches=\`). Nothing is changed.`,
  });
  const conflict = errorResponse({
    name: 'ActionConflict',
    status: 409,
    description:
      'The job’s state does not offer this action: a status its `next_status` (the stop’s) does not offer (the message ' +
      'names the statuses offered), a stop of a job in a final status, a rider while Assigned (2) is not offered, or ' +
      'the rider it has. Nothing is changed.',
  });
  const stale = errorResponse({
    name: 'ActionPreconditionFailed',
    status: 412,
    description:
      'The job changed since the version named in `If-Match`: nothing was changed. Read the job again.',
  });
  const required = errorResponse({
    name: 'PreconditionRequired',
    status: 428,
    description:
      'No `If-Match` with the job’s ETag: an action is only taken on a version of the job the client has seen.',
  });
  const notFound = errorResponse({
    name: 'JobNotFound',
    status: 404,
    description: 'No job (or no stop of the job) has this id.',
  });
  const responses = (): Json => ({
    '200': json(
      'JobResponse',
      'The job as stored after the action, and what may be done to it now.',
      JOB_ETAG,
    ),
    ...byStatus(...apiErrors),
    '403': forbidden,
    '404': notFound,
    '409': conflict,
    '412': stale,
    '428': required,
  });
  const post = (
    operationId: string,
    summary: string,
    description: string,
    body: string,
    bodyRequired = true,
  ): Json => ({
    post: {
      operationId,
      tags: ['Job actions'],
      summary,
      description: `${description}\n\n${RECORDED}\n\n${ORDER}`,
      parameters: [IF_MATCH],
      requestBody: {
        required: bodyRequired,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } },
      },
      responses: responses(),
    },
  });

  return {
    tag: {
      name: 'Job actions',
      description:
        'Optional: an extension of the reference server, not part of the interface, which a service may leave out ' +
        '(the reference server with it switched off answers 404 on these paths). A client finds it by reading a job: ' +
        '`GET /v1/jobs/{id}` answers with the job, its ETag and `actions.allowed`; a 404, 405 or 501 there means the ' +
        'service has no job actions, and a client shows none.',
    },
    paths: {
      '/v1/jobs/{id}': {
        parameters: [jobId],
        get: {
          operationId: 'getJob',
          tags: ['Job actions'],
          summary: 'Read a job',
          description:
            'The job, its ETag (for `If-Match` on an action) and the actions this sign-in may take on it now. ' +
            'Any accepted token may read it, as it may list jobs.',
          responses: {
            '200': json('JobResponse', 'The job and what may be done to it.', JOB_ETAG),
            ...byStatus(...apiErrors),
            '404': notFound,
          },
        },
      },
      '/v1/jobs/{id}/status': {
        parameters: [jobId],
        ...post(
          'moveJob',
          'Move a job to a status',
          'Moves the job to a status its `next_status` offers, but Assigned (2), which names a rider (`/rider`). A move to Cancelled (9) cancels its stops still open too.',
          'StatusActionBody',
        ),
      },
      '/v1/jobs/{id}/pickups/{stopId}/status': {
        parameters: [jobId, stopId('pickup')],
        ...post(
          'movePickup',
          'Move a pickup to a status',
          'Moves one pickup of the job to a status its `next_status` offers; the job’s own status stays where it is. Not for a job in a final status.',
          'StatusActionBody',
        ),
      },
      '/v1/jobs/{id}/deliveries/{stopId}/status': {
        parameters: [jobId, stopId('delivery')],
        ...post(
          'moveDelivery',
          'Move a delivery to a status',
          'Moves one delivery of the job to a status its `next_status` offers; the job’s own status stays where it is. Not for a job in a final status.',
          'StatusActionBody',
        ),
      },
      '/v1/jobs/{id}/rider': {
        parameters: [jobId],
        ...post(
          'reassignJob',
          'Assign or reassign the rider',
          'Gives the job to another rider (or a first one) and moves it to Assigned (2): while its `next_status` offers Assigned (Created, Assigned, Accepted on the reference server). An unknown rider is 400.',
          'ReassignActionBody',
        ),
      },
      '/v1/jobs/{id}/remarks': {
        parameters: [jobId],
        ...post(
          'remarkJob',
          'Add a remark',
          'Adds a remark to the job’s history, at its current status.',
          'RemarkActionBody',
        ),
      },
      '/v1/jobs/{id}/cancel': {
        parameters: [jobId],
        ...post(
          'cancelJob',
          'Cancel a job',
          'Cancels the job while its `next_status` offers Cancelled (9), and its stops still open with it.',
          'CancelActionBody',
          false,
        ),
      },
    },
  };
}
