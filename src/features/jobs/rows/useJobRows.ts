import { useMemo, useState } from 'react';
import type { Job } from '../../../contract';
import { hasFilters, type AllJobs, type Filters } from '../../../job-views';
import { useHeldJobs } from '../search/held-jobs';
import { useJobSearch } from '../search/useJobSearch';
import { noRowsReason, type NoRowsReason } from '../table/view-description';
import { useJobsPage } from './useJobsPage';
import { useLateJobs } from './useLateJobs';

/** Where the jobs screen's rows come from: the page asked for, the search's matches, or "late only" over the open work. */
export type RowSource = 'page' | 'search' | 'late';

export type JobRows = {
  source: RowSource;
  /** The rows to show, in the source's order, "late only" applied. */
  rows: Job[];
  /** The rows are not all in yet: the page loads (or the previous page's rows show meanwhile), the search or the open work is read. */
  pending: boolean;
  /** Loading the rows failed (the page's load, or the open work's read): the rows shown, if any, are not current. */
  error: unknown;
  /** Why there is no row to show; null when there are rows, or nothing is loaded yet. */
  empty: NoRowsReason | null;
  /** The page's rows are the previous page's, shown (dimmed) while the page asked for loads. */
  showingPreviousRows: boolean;
  /** The source's jobs, among which the job panel finds the open job (before "late only"). */
  jobs: readonly Job[] | undefined;
  /** The rows once complete and current (what the export takes as "this page"); undefined until then. */
  currentRows: readonly Job[] | undefined;
  /** The jobs before "late only" (the page's, or the search's matches) and the late ones among them. */
  loaded: Job[];
  lateIds: ReadonlySet<number>;
  /** Every job loaded, the search's matches and the page's (the filters offer their branches and teams). */
  seen: Job[];
  /** The page of jobs for the filters (read whatever the source: its totals, its freshness). */
  page: ReturnType<typeof useJobsPage>;
  /** The search, when there is one. */
  search: ReturnType<typeof useJobSearch>;
  /** The open work read for "late only" (by LateOnlyWork, which hands it here). */
  openWork: AllJobs | null;
  onOpenWork: (read: AllJobs | null) => void;
};

const NO_JOBS: Job[] = [];

/**
 * The jobs screen's one row source: the page of jobs for the filters; with a search (`q`),
 * its matches within the filters; with "late only" and no search, the late jobs of the whole
 * open work within the filters (read by LateOnlyWork, no pages).
 */
export function useJobRows({
  filters,
  page: pageNumber,
  q,
  lateOnly,
  autoRefresh,
  now,
}: {
  filters: Filters;
  page: number;
  q: string | undefined;
  lateOnly: boolean;
  autoRefresh: boolean;
  now: number;
}): JobRows {
  const page = useJobsPage(filters, pageNumber, autoRefresh);
  const search = useJobSearch(filters, q, useHeldJobs(filters, q));
  const [openRead, setOpenRead] = useState<AllJobs | null>(null);
  const source: RowSource = search ? 'search' : lateOnly ? 'late' : 'page';
  const openWork = source === 'late' ? openRead : null;
  const { query, current, data } = page;

  const pageJobs = data?.jobs ?? NO_JOBS;
  const loaded = search ? search.matches : pageJobs;
  const { lateIds, rows } = useLateJobs(
    source === 'late' ? (openRead?.jobs ?? NO_JOBS) : loaded,
    lateOnly,
    now,
  );
  const seen = useMemo(() => [...(search?.matches ?? []), ...pageJobs], [search, pageJobs]);
  const showingPreviousRows = source === 'page' && query.isPlaceholderData;

  const bySource = {
    page: {
      pending: !data || query.isPlaceholderData,
      error: query.isError ? query.error : null,
      jobs: current?.jobs,
    },
    search: { pending: search?.phase === 'loading', error: null, jobs: search?.matches },
    late: {
      pending: !openWork || openWork.phase === 'loading',
      error: openWork?.error ?? null,
      jobs: openWork?.jobs,
    },
  }[source];

  const empty = useMemo((): NoRowsReason | null => {
    if (source === 'late') {
      if (rows.length > 0) return null;
      const progress = openWork?.progress;
      return {
        kind: 'none-late-open',
        phase: openWork?.phase ?? 'loading',
        read: progress?.jobsSeen ?? 0,
        open: progress?.totalRecords ?? 0,
      };
    }
    const searched = search && q !== undefined;
    return noRowsReason({
      search: searched
        ? {
            q,
            reading: search.phase === 'loading',
            cappedAt: search.progress?.capped ? search.progress.jobsSeen : null,
          }
        : null,
      page: pageNumber,
      loaded: data,
      shown: loaded.length,
      rows: rows.length,
      filtered: hasFilters(filters),
    });
  }, [source, rows.length, openWork, search, q, pageNumber, data, loaded.length, filters]);

  let currentRows: readonly Job[] | undefined = rows;
  if (source === 'page') currentRows = current?.jobs;
  else if (bySource.pending) currentRows = undefined;

  return {
    source,
    rows,
    pending: bySource.pending,
    error: bySource.error,
    empty,
    showingPreviousRows,
    jobs: bySource.jobs,
    currentRows,
    loaded,
    lateIds,
    seen,
    page,
    search,
    openWork,
    onOpenWork: setOpenRead,
  };
}
