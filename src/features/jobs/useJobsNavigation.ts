import { getRouteApi } from '@tanstack/react-router';
import { useMemo, type RefObject } from 'react';
import type { FilterPatch } from './filters/FiltersBar';
import { filtersOf, withFilters, withoutFilters, type JobsSearch } from '../../job-views';

// The jobs route's id (it sits under the pathless, signed-in 'app' route); its path is /jobs.
const route = getRouteApi('/app/jobs');

/**
 * The jobs screen's URL (docs/design.md, "Routes": the only store of its filters, page, open
 * job and view) and every move within it. Each move is computed from the URL at the time of
 * the navigation (not of the render), so two quick changes in a row (leave one date field,
 * commit the other) both count. `scrollRef` is the table's scroller: a new page starts at its
 * top.
 */
export function useJobsNavigation(scrollRef: RefObject<HTMLElement | null>) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { status, branch_id, team_id, timestamp_from, timestamp_to } = search;
  // The same filters are the same object: query keys, memos and effects follow real changes only.
  const filters = useMemo(
    () => filtersOf({ status, branch_id, team_id, timestamp_from, timestamp_to }),
    [status, branch_id, team_id, timestamp_from, timestamp_to],
  );
  const go = (next: (prev: JobsSearch) => JobsSearch, replace = false) =>
    void navigate({ search: next, resetScroll: false, replace });
  const openJob = (id: number) => go((prev) => ({ ...prev, job: id }), search.job !== undefined);

  return {
    search,
    filters,
    /** Filters and the search: back to page 1. */
    setFilters: (patch: FilterPatch) =>
      go((prev) => {
        const { q, ...filterPatch } = patch;
        const next = 'q' in patch ? { ...prev, q } : prev;
        return Object.keys(filterPatch).length ? withFilters(next, filterPatch) : next;
      }),
    /** "Clear all": the filters and the search go; the open job, late only, the view and its scope stay. */
    clearFilters: () => go(withoutFilters),
    goToPage: (target: number) => {
      if (target === search.page) return;
      go((prev) => ({ ...prev, page: target }));
      if (scrollRef.current) scrollRef.current.scrollTop = 0;
    },
    /** The page where the job panel found its job: the search, which did not list it, goes. */
    goToFoundPage: (target: number) => go((prev) => ({ ...prev, page: target, q: undefined })),
    /** With a job open, showing another one replaces it in the history: Back leaves the panel. */
    openJob,
    /** A job found by the search's exact id: a new history entry, which Back leaves. */
    showJob: (id: number) => go((prev) => ({ ...prev, job: id })),
    closeJob: () => go((prev) => ({ ...prev, job: undefined })),
    setLateOnly: (on: boolean) => go((prev) => ({ ...prev, late: on ? 1 : undefined })),
    /** The table alone, or with the map (which keeps its scope while it stays open). */
    setView: (view: 'table' | 'map') =>
      go((prev) => ({
        ...prev,
        view: view === 'map' ? 'map' : undefined,
        scope: view === 'map' ? prev.scope : undefined,
      })),
    setScope: (scope: 'page' | 'all') =>
      go((prev) => ({ ...prev, scope: scope === 'all' ? 'all' : undefined })),
  };
}

export type JobsNavigation = ReturnType<typeof useJobsNavigation>;
