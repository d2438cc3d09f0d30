import type { JobsFilters } from '../../api';
import { FILTER_KEYS } from './filter-keys';

/**
 * The jobs screen's URL search params, named as the API's (DESIGN.md "Routes"). Read by hand,
 * not by a zod schema as the design first had it: every value simply falls back to its
 * default, so a schema has nothing to report, and reading them is part of the first load,
 * which no longer loads zod at all (README, Performance).
 */
export type JobsSearch = {
  page: number;
  status?: number;
  branch_id?: string;
  team_id?: string;
  timestamp_from?: number;
  timestamp_to?: number;
  /** The job whose drawer is open. */
  job?: number;
};

/** A whole number from `min` up, as the URL's text (decimal digits, spaces around allowed) or a number; else undefined. */
function wholeNumber(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Text of 1 to 100 characters once trimmed (a number is read as its digits); else undefined. */
function text(value: unknown): string | undefined {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return s.length >= 1 && s.length <= 100 ? s : undefined;
}

/** Route validator: every param is optional in links, invalid ones are dropped; the result always has a page. */
export function validateJobsSearch(input: Partial<Record<keyof JobsSearch, unknown>>): JobsSearch {
  const from: Partial<Record<keyof JobsSearch, unknown>> = typeof input === 'object' && input !== null ? input : {};
  const read: JobsSearch = {
    page: wholeNumber(from.page, 1, 1_000_000) ?? 1,
    status: wholeNumber(from.status, 0),
    branch_id: text(from.branch_id),
    team_id: text(from.team_id),
    timestamp_from: wholeNumber(from.timestamp_from, 0),
    timestamp_to: wholeNumber(from.timestamp_to, 0),
    job: wholeNumber(from.job, 0),
  };
  // A range typed backwards (a hand-edited link) is read the way round it can match,
  // instead of sending a request the service refuses.
  const { timestamp_from: after, timestamp_to: before } = read;
  if (after !== undefined && before !== undefined && after > before) {
    read.timestamp_from = before;
    read.timestamp_to = after;
  }
  // Keys read as absent stay, set to undefined: the router lays a route's search over the
  // URL's raw params, so a dropped key would bring back the raw value (`status=delivered`).
  return read;
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
