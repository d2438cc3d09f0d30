import * as z from 'zod/mini';
import type { JobsFilters } from '../../api';
import { FILTER_KEYS } from './filter-keys';

const text = z.catch(
  z.optional(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'number' ? String(v) : v)),
      z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    ),
  ),
  undefined,
);
const int = (min: number) =>
  z.catch(
    z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(Number.MAX_SAFE_INTEGER)))),
    undefined,
  );

/**
 * The jobs screen's URL search params, named as the API's (DESIGN.md "Routes"). Invalid
 * values fall back to their defaults, never crash.
 */
export const JobsSearch = z.pipe(
  z.object({
    page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(1_000_000))), 1),
    status: int(0),
    branch_id: text,
    team_id: text,
    timestamp_from: int(0),
    timestamp_to: int(0),
    job: int(0),
  }),
  // A range typed backwards (a hand-edited link) is read the way round it can match,
  // instead of sending a request the service refuses.
  z.transform((s) =>
    s.timestamp_from !== undefined && s.timestamp_to !== undefined && s.timestamp_from > s.timestamp_to
      ? { ...s, timestamp_from: s.timestamp_to, timestamp_to: s.timestamp_from }
      : s,
  ),
);
export type JobsSearch = z.infer<typeof JobsSearch>;

/** Route validator: every param is optional in links; the result always has a page. */
export function validateJobsSearch(input: Partial<Record<keyof JobsSearch, unknown>>): JobsSearch {
  const parsed = JobsSearch.safeParse(input ?? {});
  // Every field has a catch, so this only fails on a non-object input: start from the defaults.
  return parsed.success ? parsed.data : JobsSearch.parse({});
}

export { FILTER_KEYS };
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Pick<JobsSearch, FilterKey>;

/** The filters of a search, without absent values (so equal filters give equal query keys). */
export function filtersOf(search: Partial<JobsSearch>): Filters {
  const out: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The request for one page with these filters. */
export function pageRequest(filters: Filters, page: number): JobsFilters {
  return { page, ...filters };
}

export function hasFilters(search: Partial<JobsSearch>): boolean {
  return FILTER_KEYS.some((k) => search[k] !== undefined);
}

/** The search after changing filters: always back to page 1, drawer kept only if asked. */
export function withFilters(search: JobsSearch, patch: Partial<Filters>): JobsSearch {
  const next: JobsSearch = { ...search, ...patch, page: 1 };
  for (const key of FILTER_KEYS) if (next[key] === undefined) delete next[key];
  return next;
}
