/**
 * Saved views: named sets of the jobs screen's filters, search and late-only switch, kept in
 * this browser (localStorage). A view is stored as its URL query, so applying one is following
 * its link, and sharing one is sharing that link.
 */
import { readStoredJson, writeStoredJson } from '../../../lib/storage';
import { validateJobsSearch, viewOf, type JobsSearch } from '../../../job-views';

export type SavedView = { name: string; query: string };

const KEY = 'dispatch.jobs.views';
const MAX_VIEWS = 50;

/** The URL query of a view ("status=8&late=1"), keys in a fixed order so equal views compare equal. */
export function viewQuery(search: Partial<JobsSearch>): string {
  const view = viewOf(search);
  const params = new URLSearchParams();
  for (const key of [
    'q',
    'status',
    'branch_id',
    'team_id',
    'timestamp_from',
    'timestamp_to',
    'late',
  ] as const) {
    const value = view[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

/** The screen's search params of a view (page 1, no job open). */
export function viewSearch(view: SavedView): JobsSearch {
  return {
    ...validateJobsSearch(Object.fromEntries(new URLSearchParams(view.query))),
    page: 1,
    job: undefined,
  };
}

/** The views stored in this browser; entries of another shape are left out. */
export function loadViews(): SavedView[] {
  const stored = readStoredJson('local', KEY);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (v): v is SavedView =>
      !!v &&
      typeof v === 'object' &&
      typeof v.name === 'string' &&
      v.name.trim() !== '' &&
      typeof v.query === 'string',
  );
}

/** Saves `search` under `name` (a view of the same name is replaced, in its place). False when storage refused. */
export function saveView(name: string, search: Partial<JobsSearch>): { views: SavedView[]; stored: boolean } {
  const view = { name: name.trim(), query: viewQuery(search) };
  const views = loadViews();
  const at = views.findIndex((v) => v.name.toLowerCase() === view.name.toLowerCase());
  const next = at >= 0 ? views.map((v, i) => (i === at ? view : v)) : [...views, view].slice(-MAX_VIEWS);
  return { views: next, stored: writeStoredJson('local', KEY, next) };
}

export function deleteView(name: string): SavedView[] {
  const next = loadViews().filter((v) => v.name !== name);
  writeStoredJson('local', KEY, next);
  return next;
}
