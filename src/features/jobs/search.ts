import { z } from 'zod';
import type { JobsFilters } from '../../api';

const text = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string().trim().min(1).max(100).optional().catch(undefined),
);
const int = (min: number) =>
  z.coerce.number().int().min(min).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

/**
 * The jobs screen's URL search params, named as the API's (DESIGN.md "Routes"). Invalid
 * values fall back to their defaults, never crash.
 */
export const JobsSearch = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    status: int(0),
    branch_id: text,
    team_id: text,
    timestamp_from: int(0),
    timestamp_to: int(0),
    job: int(0),
  })
  // A range typed backwards (a hand-edited link) is read the way round it can match,
  // instead of sending a request the service refuses.
  .transform((s) =>
    s.timestamp_from !== undefined && s.timestamp_to !== undefined && s.timestamp_from > s.timestamp_to
      ? { ...s, timestamp_from: s.timestamp_to, timestamp_to: s.timestamp_from }
      : s,
  );
export type JobsSearch = z.infer<typeof JobsSearch>;

/** Route validator: every param is optional in links; the result always has a page. */
export function validateJobsSearch(input: Partial<Record<keyof JobsSearch, unknown>>): JobsSearch {
  const parsed = JobsSearch.safeParse(input ?? {});
  // Every field has a catch, so this only fails on a non-object input: start from the defaults.
  return parsed.success ? parsed.data : JobsSearch.parse({});
}

export const FILTER_KEYS = ['status', 'branch_id', 'team_id', 'timestamp_from', 'timestamp_to'] as const;
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
