/**
 * The jobs screen's URL search parameters (docs/design.md, "Routes"), the only store of its
 * filters, page, open job, search text and view: their schema (invalid values read as absent),
 * the filters among them, and the moves between them (`withFilters`, `withoutFilters`).
 */
import type { JobsFilters } from '../api';
import { JOBS_FILTER_KEYS, type JobsFilterKey } from '../contract';
import { z } from '../contract/zod';
import { dropInvalid as optional, paramText as text, wholeNumber } from '../contract/search-params';

/** The jobs screen's URL search params, named as the API's (docs/design.md, "Routes"). */
export type JobsSearch = {
  page: number;
  status?: number;
  branch_id?: string;
  team_id?: string;
  timestamp_from?: number;
  timestamp_to?: number;
  /** The job whose panel is open. */
  job?: number;
  /** A search over the filtered result (the service has none: the dashboard scans the pages). */
  q?: string;
  /** 1: only the late jobs among those loaded. */
  late?: 1;
  /** 'map': the operations map beside the table (wide screens) or instead of it. */
  view?: 'map';
  /** 'all': the map shows every job matching the filters (up to the map's cap), not the page. */
  scope?: 'all';
};

/** Every param is optional in links; invalid ones are dropped; the result always has a page. */
const JobsSearchSchema = z.pipe(
  z.catch(
    z.object({
      page: z.catch(z._default(wholeNumber(1, 1_000_000), 1), 1),
      status: optional(wholeNumber(0)),
      branch_id: optional(text),
      team_id: optional(text),
      timestamp_from: optional(wholeNumber(0)),
      timestamp_to: optional(wholeNumber(0)),
      job: optional(wholeNumber(0)),
      q: optional(text),
      late: optional(
        z.pipe(
          wholeNumber(1, 1),
          z.transform((): 1 => 1),
        ),
      ),
      view: optional(z.literal('map')),
      scope: optional(z.literal('all')),
    }),
    { page: 1 },
  ),
  z.transform((s): JobsSearch => {
    // A range typed backwards (a hand-edited link) is read the way round it can match,
    // instead of sending a request the service refuses.
    const [from, to] =
      s.timestamp_from !== undefined && s.timestamp_to !== undefined && s.timestamp_from > s.timestamp_to
        ? [s.timestamp_to, s.timestamp_from]
        : [s.timestamp_from, s.timestamp_to];
    // Keys read as absent stay, set to undefined: the router lays a route's search over the
    // URL's raw params, so a dropped key would bring back the raw value (`status=delivered`).
    return {
      page: s.page,
      status: s.status,
      branch_id: s.branch_id,
      team_id: s.team_id,
      timestamp_from: from,
      timestamp_to: to,
      job: s.job,
      q: s.q,
      late: s.late,
      view: s.view,
      scope: s.scope,
    };
  }),
);

/** Route validator (`validateSearch`). */
export function validateJobsSearch(input: Record<string, unknown>): JobsSearch {
  return JobsSearchSchema.parse(input);
}

export type Filters = Pick<JobsSearch, JobsFilterKey>;

/** The filters of a search, without absent values (so equal filters give equal query keys). */
export function filtersOf(search: Partial<JobsSearch>): Filters {
  const out: Filters = {};
  for (const key of JOBS_FILTER_KEYS) {
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
  return JOBS_FILTER_KEYS.some((k) => search[k] !== undefined);
}

/** The search after changing filters: always back to page 1, the open job and the search kept. */
export function withFilters(search: JobsSearch, patch: Partial<Filters>): JobsSearch {
  const next: JobsSearch = { ...search, ...patch, page: 1 };
  for (const key of JOBS_FILTER_KEYS) if (next[key] === undefined) delete next[key];
  return next;
}

/**
 * The search after "Clear all": no filter and no search, back to page 1; what is not a filter
 * stays (the open job, late only, the view and its scope).
 */
export function withoutFilters(search: JobsSearch): JobsSearch {
  return { page: 1, job: search.job, late: search.late, view: search.view, scope: search.scope };
}

/** What a saved view holds: the filters, the search and the late-only switch (not the page or the open job). */
export function viewOf(search: Partial<JobsSearch>): Partial<JobsSearch> {
  const view: Partial<JobsSearch> = { ...filtersOf(search) };
  if (search.q !== undefined) view.q = search.q;
  if (search.late !== undefined) view.late = search.late;
  return view;
}
