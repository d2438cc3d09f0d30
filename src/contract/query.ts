import { JOBS_FILTER_KEYS } from './jobs-params';
import { z } from './zod';

/** Plain decimal digits only: `0x10`, `1e3` or ` 7` are not page numbers a person typed. */
const DECIMAL = /^-?\d+$/;

const intParam = (name: string, min: number) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(DECIMAL, `${name} must be a whole number`))], {
        error: (issue) =>
          Array.isArray(issue.input) ? `${name} must be given once` : `${name} must be a whole number`,
      }),
      z.transform((v) => Number(v)),
    ),
    z
      .int({ error: `${name} must be a whole number` })
      .check(
        z.minimum(min, `${name} must be at least ${min}`),
        z.maximum(Number.MAX_SAFE_INTEGER, `${name} is too large`),
      ),
  );

const textParam = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .check(
      z.trim(),
      z.minLength(1, `${name} must not be empty`),
      z.maxLength(100, `${name} is at most 100 characters`),
    );

/**
 * Filters and page of GET /v1/jobs, strict (as the reference server checks them). Values
 * may arrive as strings (query string) or numbers (JSON body). Empty values mean "absent".
 */
export const JobsQuery = z
  .strictObject({
    page: z._default(intParam('page', 1), 1),
    timestamp_from: z.optional(intParam('timestamp_from', 0)),
    timestamp_to: z.optional(intParam('timestamp_to', 0)),
    branch_id: z.optional(textParam('branch_id')),
    team_id: z.optional(textParam('team_id')),
    status: z.optional(intParam('status', 0)),
  })
  .check(
    z.refine(
      (q) =>
        q.timestamp_from === undefined || q.timestamp_to === undefined || q.timestamp_from <= q.timestamp_to,
      { message: 'timestamp_from must not be after timestamp_to', path: ['timestamp_from'] },
    ),
  );
export type JobsQuery = z.infer<typeof JobsQuery>;

/** Turns a query into URL search params, dropping absent values. */
export function jobsQueryToSearchParams(query: Partial<JobsQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['page', ...JOBS_FILTER_KEYS] as const) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params;
}
