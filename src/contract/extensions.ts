/**
 * The optional extension for scale (docs/design.md, "Extensions"): a service may offer it, and
 * the reference server does unless it is turned off. A client detects it (a 404 or 400 means a
 * bare service) and works without it. List once, then follow the changes from the cursor the
 * list gave (`Changes-Cursor`), as Kubernetes clients list and then watch from a resource
 * version.
 */
import { Job } from './job';
import { z } from './zod';

/** The header of GET /v1/jobs (with the extension) that gives the cursor of the data listed. */
export const CHANGES_CURSOR_HEADER = 'Changes-Cursor';

/** The largest `per_page` of GET /v1/jobs with the extension. */
export const MAX_PER_PAGE = 1000;
/** The largest `limit` of the changes read (and of a batch of the stream). */
export const MAX_CHANGES_LIMIT = 1000;
export const DEFAULT_CHANGES_LIMIT = 500;
/** The largest `limit` of the search. */
export const MAX_SEARCH_LIMIT = 200;
export const DEFAULT_SEARCH_LIMIT = 50;

/** An opaque position in the service's sequence of changes; clients keep it as it comes. */
export const ChangesCursor = z.string().check(z.minLength(1), z.maxLength(100));

const limitParam = (name: string, max: number, fallback: number) =>
  z._default(
    z.pipe(
      z.pipe(
        z.union([z.number(), z.string().check(z.regex(/^\d+$/, `${name} must be a whole number`))], {
          error: `${name} must be a whole number`,
        }),
        z.transform((v) => Number(v)),
      ),
      z
        .int({ error: `${name} must be a whole number` })
        .check(z.minimum(1, `${name} must be at least 1`), z.maximum(max, `${name} is at most ${max}`)),
    ),
    fallback,
  );

/** `per_page` of GET /v1/jobs, with the extension: absent means the service's page size. */
export const PerPageParam = z.optional(
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(/^\d+$/, 'per_page must be a whole number'))], {
        error: 'per_page must be a whole number',
      }),
      z.transform((v) => Number(v)),
    ),
    z
      .int({ error: 'per_page must be a whole number' })
      .check(
        z.minimum(1, 'per_page must be at least 1'),
        z.maximum(MAX_PER_PAGE, `per_page is at most ${MAX_PER_PAGE}`),
      ),
  ),
);

/** GET /v1/jobs/changes: the jobs changed after `since`. */
export const JobChangesQuery = z.strictObject({
  since: ChangesCursor,
  limit: limitParam('limit', MAX_CHANGES_LIMIT, DEFAULT_CHANGES_LIMIT),
});

/** GET /v1/jobs/stream: from `since` (or the `Last-Event-ID` header), or from now. */
export const JobStreamQuery = z.strictObject({
  since: z.optional(ChangesCursor),
});

/** GET /v1/jobs/search. */
export const JobSearchQuery = z.strictObject({
  q: z
    .string({ error: 'q must be text' })
    .check(
      z.trim(),
      z.minLength(2, 'q must be at least 2 characters'),
      z.maxLength(100, 'q is at most 100 characters'),
    ),
  limit: limitParam('limit', MAX_SEARCH_LIMIT, DEFAULT_SEARCH_LIMIT),
});

/** A job as it is after a change, with the cursor just past that change. */
export const JobChange = z.looseObject({
  cursor: ChangesCursor,
  job: Job,
});
export type JobChange = z.infer<typeof JobChange>;

export const JobChangesResponse = z.looseObject({
  changes: z.array(JobChange),
  next_cursor: ChangesCursor,
  has_more: z.boolean(),
});
export type JobChangesResponse = z.infer<typeof JobChangesResponse>;

export const JobSearchResponse = z.looseObject({
  jobs: z.array(Job),
  has_more: z.boolean(),
});
export type JobSearchResponse = z.infer<typeof JobSearchResponse>;
