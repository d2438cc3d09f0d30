import { z } from 'zod';

const intParam = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`);

const textParam = (name: string) =>
  z.string({ error: `${name} must be text` }).trim().min(1, `${name} must not be empty`).max(100, `${name} is at most 100 characters`);

/**
 * Filters and page of GET /v1/jobs, strict (as the reference server checks them). Values
 * may arrive as strings (query string) or numbers (JSON body). Empty values mean "absent".
 */
export const JobsQuery = z
  .strictObject({
    page: intParam('page', 1).default(1),
    timestamp_from: intParam('timestamp_from', 0).optional(),
    timestamp_to: intParam('timestamp_to', 0).optional(),
    branch_id: textParam('branch_id').optional(),
    team_id: textParam('team_id').optional(),
    status: intParam('status', 0).optional(),
  })
  .refine(
    (q) => q.timestamp_from === undefined || q.timestamp_to === undefined || q.timestamp_from <= q.timestamp_to,
    { message: 'timestamp_from must not be after timestamp_to', path: ['timestamp_from'] },
  );
export type JobsQuery = z.infer<typeof JobsQuery>;
export type JobsQueryInput = z.input<typeof JobsQuery>;

/** Turns a query into URL search params, dropping absent values. */
export function jobsQueryToSearchParams(query: Partial<JobsQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['page', 'timestamp_from', 'timestamp_to', 'branch_id', 'team_id', 'status'] as const) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params;
}
