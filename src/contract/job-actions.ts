import { z } from './zod';
import { Job } from './job';

/*
 * Job actions, an optional extension of the reference server (docs/design.md, "Extensions"):
 * move a job or one of its stops to a status its `next_status` offers, reassign the rider, add
 * a remark, cancel. Bodies are what clients send (strict); the answer is read leniently.
 */

/** What a sign-in may do to a job now, by name, as `actions.allowed` lists them. */
export const JOB_ACTIONS = ['status', 'stop_status', 'reassign', 'remark', 'cancel'] as const;
export type JobActionName = (typeof JOB_ACTIONS)[number];

export const REMARKS_MAX = 500;

/** A remark as sent: trimmed, at most REMARKS_MAX characters. */
const Remarks = z
  .string({ error: 'Remarks must be text' })
  .check(z.trim(), z.maxLength(REMARKS_MAX, `Remarks are at most ${REMARKS_MAX} characters`));

const StatusCode = z.int({ error: 'The status must be a whole number (a status code)' });

/** Move a job, or one of its stops, to `status` (one its `next_status` offers). */
export const StatusActionBody = z.strictObject({
  status: StatusCode,
  remarks: z.optional(Remarks),
});
export type StatusActionBody = z.infer<typeof StatusActionBody>;

/** Assign the job to another rider (or a first one). */
export const ReassignActionBody = z.strictObject({
  rider_id: z.int({ error: 'rider_id must be a rider’s id (a whole number)' }),
  remarks: z.optional(Remarks),
});
export type ReassignActionBody = z.infer<typeof ReassignActionBody>;

/** A remark on the job, recorded at its current status. */
export const RemarkActionBody = z.strictObject({
  remarks: Remarks.check(z.minLength(1, 'Write a remark')),
});
export type RemarkActionBody = z.infer<typeof RemarkActionBody>;

/** Cancel the job (and its stops still open), with the reason as remarks. */
export const CancelActionBody = z.strictObject({
  remarks: z.optional(Remarks),
});
export type CancelActionBody = z.infer<typeof CancelActionBody>;

/** What the signed-in client may do to the job now; `refused` says why when it may do nothing. */
export const JobActions = z.looseObject({
  allowed: z.array(z.string()),
  refused: z.optional(z.string()),
});
export type JobActions = z.infer<typeof JobActions>;

/** `GET /v1/jobs/{id}` and the answer to every action: the job as stored, and what may be done to it. */
export const JobResponse = z.looseObject({
  job: Job,
  actions: JobActions,
});
export type JobResponse = z.infer<typeof JobResponse>;
