import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  functionalUpdate,
  useTable,
  type ColumnVisibilityState,
} from '@tanstack/react-table';
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { branchListQueryOptions, queryKeys, useApi } from '../../api';
import type { Job } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import {
  Banner,
  Button,
  EmptyState,
  ErrorState,
  PopoverButton,
  Skeleton,
  formatDateTime,
  formatShort,
  useNow,
} from '../../ui';
import { jobColumns, jobsTableFeatures, loadColumnVisibility, saveColumnVisibility } from './columns';
import { branchesInJobs, formatCount } from './derive';

import { FiltersBar, type KnownBranch } from './FiltersBar';
import { LazyJobDrawer } from './drawer-loader';
import { JobsTable, type JobsReactTable } from './JobsTable';
import { NowContext } from './now';
import { PaginationBar, type PageControls } from './PaginationBar';
import { filtersOf, withFilters, type Filters, type JobsSearch } from './search';
import { useAutoRefreshSetting, useJobsPage } from './useJobsData';
import s from './jobs.module.css';

/** Export (its menu, progress, cap question) is not needed for the first rows: it loads right after. */
const ExportControl = lazy(() => import('./ExportControl').then((m) => ({ default: m.ExportControl })));

// The jobs route's id (it sits under the pathless, signed-in 'app' route); its path is /jobs.
const route = getRouteApi('/app/jobs');
const NO_JOBS: Job[] = [];
const rowId = (job: Job) => String(job.id);

/** "status Delivered (7), branch LDN-01, created from 21 Nov, 09:00" */
export function describeFilters(
  search: Partial<Filters>,
  statuses: Parameters<typeof describeStatus>[0],
): string[] {
  const parts: string[] = [];
  if (search.status !== undefined)
    parts.push(`status ${describeStatus(statuses, search.status).label} (${search.status})`);
  if (search.branch_id) parts.push(`branch ${search.branch_id}`);
  if (search.team_id) parts.push(`team ${search.team_id}`);
  if (search.timestamp_from !== undefined && search.timestamp_to !== undefined) {
    parts.push(`created ${formatShort(search.timestamp_from)} to ${formatShort(search.timestamp_to)}`);
  } else if (search.timestamp_from !== undefined)
    parts.push(`created from ${formatShort(search.timestamp_from)}`);
  else if (search.timestamp_to !== undefined) parts.push(`created up to ${formatShort(search.timestamp_to)}`);
  return parts;
}

function UpdatedAgo({ at, fetching }: { at: number; fetching: boolean }) {
  const now = useNow(1000) * 1000;
  if (fetching) return <span className={s.updated}>Refreshing…</span>;
  if (!at) return null;
  const secs = Math.max(0, Math.round((now - at) / 1000));
  const text =
    secs < 60 ? `${secs} s` : secs < 3600 ? `${Math.floor(secs / 60)} min` : `${Math.floor(secs / 3600)} h`;
  return (
    <span className={`${s.updated} num`} title={`Loaded ${formatDateTime(Math.floor(at / 1000))}`}>
      Updated {text} ago
    </span>
  );
}

function ColumnsChooser({ table }: { table: JobsReactTable }) {
  const columns = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const hidden = columns.filter((c) => !c.getIsVisible()).length;
  return (
    <PopoverButton
      label={hidden ? `Columns (${hidden} hidden)` : 'Columns'}
      panelLabel="Show or hide columns"
    >
      {() => (
        <fieldset className={s.columnsPanel}>
          <legend className={s.columnsLegend}>Shown columns</legend>
          {columns.map((column) => (
            <label key={column.id} className={s.checkRow}>
              <input
                type="checkbox"
                checked={column.getIsVisible()}
                onChange={(e) => column.toggleVisibility(e.target.checked)}
              />
              {column.columnDef.meta?.label ?? column.id}
            </label>
          ))}
          <p className={s.columnsNote}>Job id and status are always shown. Remembered in this browser.</p>
          <Button size="sm" onClick={() => table.toggleAllColumnsVisible(true)} disabled={hidden === 0}>
            Show all
          </Button>
        </fieldset>
      )}
    </PopoverButton>
  );
}

function TableSkeleton() {
  return (
    <div className={s.skeletonTable} role="status" aria-label="Loading jobs">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className={s.skeletonRow}>
          <Skeleton width={48} />
          <Skeleton width="14%" />
          <Skeleton width={90} height={16} />
          <Skeleton width="18%" />
          <Skeleton width="22%" />
          <Skeleton width={60} />
        </div>
      ))}
    </div>
  );
}

export function JobsPage() {
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { page, job: openJobId } = search;
  // The drawer's chunk is mounted from its first open on (it then stays, for its close animation).
  const [drawerUsed, setDrawerUsed] = useState(openJobId !== undefined);
  if (openJobId !== undefined && !drawerUsed) setDrawerUsed(true);
  const filters = useMemo(
    () =>
      filtersOf({
        status: search.status,
        branch_id: search.branch_id,
        team_id: search.team_id,
        timestamp_from: search.timestamp_from,
        timestamp_to: search.timestamp_to,
      }),
    [search.status, search.branch_id, search.team_id, search.timestamp_from, search.timestamp_to],
  );
  const [autoRefresh, setAutoRefresh] = useAutoRefreshSetting();
  const query = useJobsPage(filters, page, autoRefresh);
  // The rows last loaded for real. When the page asked for fails (page 2, other filters) they
  // stay on screen, marked not current, instead of the table going blank.
  const current = query.isPlaceholderData ? undefined : query.data;
  const [lastGood, setLastGood] = useState(current);
  if (current && current !== lastGood) setLastGood(current);
  const data = query.data ?? (query.isError ? lastGood : undefined);
  const stale = query.isPlaceholderData;
  const firstFilter = useRef<HTMLSelectElement>(null);
  const exportSlot = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = useNow(30_000);

  // Every change is computed from the URL at the time of the navigation (not of the render),
  // so two quick changes in a row (leave one date field, commit the other) both count.
  const go = (next: (prev: JobsSearch) => JobsSearch) => void navigate({ search: next, resetScroll: false });
  const setFilters = (patch: Partial<Filters>) => go((prev) => withFilters(prev, patch));
  const clearFilters = () => go((prev) => ({ page: 1, job: prev.job }));
  const goToPage = (target: number) => {
    if (target === page) return;
    go((prev) => ({ ...prev, page: target }));
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  };
  const openJob = (id: number) => go((prev) => ({ ...prev, job: id }));
  const closeJob = () => go((prev) => ({ ...prev, job: undefined }));

  // When the drawer closes (Esc, the close button, Back), focus returns to the job's row, so
  // the keyboard user carries on from where they were; also when the drawer came from a link.
  const lastOpen = useRef<number | undefined>(openJobId);
  useEffect(() => {
    const previous = lastOpen.current;
    lastOpen.current = openJobId;
    if (previous === undefined || openJobId !== undefined) return;
    // After Radix's own focus handling on close, which runs in a timeout of its own.
    const t = setTimeout(
      () => scrollRef.current?.querySelector<HTMLElement>(`tr[data-job-id="${previous}"]`)?.focus(),
      0,
    );
    return () => clearTimeout(t);
  }, [openJobId]);

  // `/` focuses the first filter (unless typing somewhere or a dialog is open).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      firstFilter.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Branch suggestions: the extension's list when the service offers it, plus branches seen in loaded jobs.
  const branchList = useQuery(branchListQueryOptions(api));
  const pageJobs = data?.jobs ?? NO_JOBS;
  const branches = useMemo<KnownBranch[]>(() => {
    const map = new Map<string, string>();
    for (const b of branchList.data ?? []) map.set(b.id, b.name);
    for (const [id, b] of branchesInJobs(pageJobs)) if (!map.has(id)) map.set(id, b.name);
    return [...map].map(([id, name]) => ({ id, name })).sort((a, b) => a.id.localeCompare(b.id));
  }, [branchList.data, pageJobs]);

  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(loadColumnVisibility);
  const totalPages = data?.total_pages ?? 0;
  const table = useTable({
    features: jobsTableFeatures,
    columns: jobColumns,
    data: pageJobs,
    getRowId: rowId,
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility((prev) => {
        const next = functionalUpdate(updater, prev);
        saveColumnVisibility(next);
        return next;
      }),
  });

  // Pages are the service's: the table holds one page, and these move between them.
  const clampPage = (n: number) => Math.max(1, totalPages > 0 ? Math.min(n, totalPages) : n);
  const controls: PageControls = {
    canFirst: page > 1,
    canPrevious: page > 1,
    canNext: page < totalPages,
    canLast: totalPages > 0 && page !== totalPages,
    first: () => goToPage(1),
    previous: () => goToPage(clampPage(page - 1)),
    next: () => goToPage(clampPage(page + 1)),
    last: () => goToPage(clampPage(totalPages)),
    goTo: (n) => goToPage(clampPage(n)),
  };

  const filterText = describeFilters(filters, config);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });

  let body;
  if (data) {
    if (data.jobs.length > 0) {
      body = (
        <JobsTable
          table={table}
          openJobId={openJobId}
          onOpen={openJob}
          scrollRef={scrollRef}
          pageKey={JSON.stringify([filters, page])}
          stale={stale}
          failed={query.isError}
          caption={`Jobs, page ${page} of ${totalPages}${filterText.length ? `, ${filterText.join(', ')}` : ''}`}
        />
      );
    } else if (page > data.total_pages && data.total_records > 0) {
      body = (
        <EmptyState
          title={`Page ${formatCount(page)} is past the end`}
          actions={
            <Button variant="primary" onClick={() => goToPage(data.total_pages)}>
              Go to the last page ({formatCount(data.total_pages)})
            </Button>
          }
        >
          {filterText.length ? 'These filters match' : 'There are'} {formatCount(data.total_records)} jobs on{' '}
          {formatCount(data.total_pages)} {data.total_pages === 1 ? 'page' : 'pages'}.
        </EmptyState>
      );
    } else if (filterText.length) {
      body = (
        <EmptyState
          title="No jobs match these filters"
          actions={
            <Button variant="primary" onClick={clearFilters}>
              Clear all filters
            </Button>
          }
        >
          Nothing matches {filterText.join(', ')}.
        </EmptyState>
      );
    } else {
      body = <EmptyState title="No jobs yet">The service has no jobs to list.</EmptyState>;
    }
  } else if (query.isError) {
    body = (
      <ErrorState
        title="Could not load jobs"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    body = <TableSkeleton />;
  }

  return (
    <NowContext.Provider value={now}>
      <div className={s.page}>
        <header className={s.header}>
          <h1 className={s.title}>Jobs</h1>
          <div className={s.refresh}>
            <UpdatedAgo at={query.dataUpdatedAt} fetching={query.isFetching && !query.isPending} />
            <label className={s.toggle}>
              <input
                type="checkbox"
                checked={autoRefresh}
                onChange={(e) => setAutoRefresh(e.target.checked)}
              />
              Auto-refresh every {config.refreshSeconds} s
            </label>
            <Button size="sm" onClick={refresh} disabled={query.isFetching}>
              Refresh
            </Button>
          </div>
          <div className={s.tools}>
            <ColumnsChooser table={table} />
            {/* Its code loads after the first rows; meanwhile the same button, disabled, holds its place. */}
            <Suspense
              fallback={
                <Button disabled aria-haspopup="dialog">
                  Export CSV
                </Button>
              }
            >
              <ExportControl
                filters={filters}
                page={page}
                pageJobs={current?.jobs}
                totalRecords={data?.total_records}
                progressSlot={exportSlot}
              />
            </Suspense>
          </div>
        </header>
        <FiltersBar
          search={search}
          onChange={setFilters}
          onClear={clearFilters}
          branches={branches}
          firstFilterRef={firstFilter}
        />
        <div ref={exportSlot} />
        {data && query.isError && (
          <Banner
            tone="danger"
            actions={
              <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
                Retry
              </Button>
            }
          >
            <strong>Not current.</strong> Could not {current ? 'refresh' : 'load'} the jobs:{' '}
            {query.error.message} The table shows the last loaded data{current ? '' : ` (page ${data.page})`}.
          </Banner>
        )}
        <section className={s.tableRegion} aria-label="Jobs">
          {body}
        </section>
        {data && (
          <PaginationBar
            page={page}
            rows={data.jobs.length}
            totalRecords={data.total_records}
            totalPages={data.total_pages}
            controls={controls}
            busy={stale}
          />
        )}
        <p className={s.keys}>
          <kbd>/</kbd> filter · <kbd>↑</kbd>
          <kbd>↓</kbd> or <kbd>j</kbd>
          <kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>Esc</kbd> close
        </p>
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <LazyJobDrawer
            jobId={openJobId}
            data={current}
            loading={query.isPending || stale}
            loadedAt={query.dataUpdatedAt}
            error={current ? undefined : query.error?.message}
            filters={filters}
            page={page}
            onClose={closeJob}
            onGoToPage={(target) => go((prev) => ({ ...prev, page: target }))}
            onClearFilters={clearFilters}
          />
        </Suspense>
      )}
    </NowContext.Provider>
  );
}
