import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { functionalUpdate, useTable, type ColumnVisibilityState } from '@tanstack/react-table';
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { branchListQueryOptions, queryKeys, useApi } from '../../api';
import type { Job } from '../../contract';
import { describeStatus, useConfig } from '../../config';
import {
  Banner,
  Button,
  ErrorState,
  Segmented,
  Skeleton,
  formatDateTime,
  formatShort,
  useMediaQuery,
  useNow,
  useOnline,
  viewerTimeZone,
  zoneName,
} from '../../ui';
import type { ComboboxOption } from '../../ui/Combobox';
import { jobColumns, jobsTableFeatures, loadColumnVisibility, saveColumnVisibility } from './columns';
import { branchesInJobs, formatCount, teamsInJobs } from './derive';
import { FiltersBar, type FilterPatch } from './FiltersBar';
import { createHoverStore } from './hover';
import { JobsTable } from './JobsTable';
import { jobLateness, lateRule } from './lateness';
import type { NoRowsReason } from './NoRows';
import { NowContext } from './now';
import { PaginationBar, type PageControls } from './PaginationBar';
import { LazyJobPanel } from './panel-loader';
import { filtersOf, withFilters, type Filters, type JobsSearch } from './search';
import { autoRefreshSetting, viewerZoneSetting } from './settings';
import { useJobSearch } from './useJobSearch';
import { useJobsPage, useSwitchSetting } from './useJobsData';
import { ViewerZoneContext, displayZone } from './zone';
import s from './jobs.module.css';

/** Export (its menu, progress, cap question) is not needed for the first rows: it loads right after. */
const ExportControl = lazy(() => import('./ExportControl').then((m) => ({ default: m.ExportControl })));
/** Saved views (their menu and storage) load the same way. */
const SavedViews = lazy(() => import('./SavedViews'));
/** The search's progress and outcome: only a search needs it. */
const SearchStatus = lazy(() => import('./SearchStatus'));
/** The column chooser's panel: loads after the first rows, the button holding its place. */
const ColumnsChooser = lazy(() => import('./ColumnsChooser'));
/** What the table's place says when there is no row to show. */
const NoRows = lazy(() => import('./NoRows'));
/** The status count chips: their requests go out after the first rows' anyway. */
const StatusCounts = lazy(() => import('./StatusCounts'));
/** The operations map (view=map) and its map library, fetched together when the view opens or its button is pointed at. */
const loadMap = () => {
  void import('../../map/PointsMap');
  return import('./OpsMapView');
};
const OpsMapView = lazy(loadMap);

// The jobs route's id (it sits under the pathless, signed-in 'app' route); its path is /jobs.
const route = getRouteApi('/app/jobs');
const NO_JOBS: Job[] = [];
const rowId = (job: Job) => String(job.id);
/** From this width the job panel sits beside the table (non-modal); below it, it is an overlay. */
const WIDE = '(min-width: 1280px)';
/** Columns set aside while a job is open beside the table, which is narrower then. */
const SET_ASIDE = ['type', 'stops', 'amount', 'created_at', 'updated_at'];

/** "status Delivered (7), branch LDN-01, created from 21 Nov, 09:00 GMT" */
export function describeFilters(
  search: Partial<Filters>,
  statuses: Parameters<typeof describeStatus>[0],
  zone: string = viewerTimeZone(),
): string[] {
  const parts: string[] = [];
  if (search.status !== undefined)
    parts.push(`status ${describeStatus(statuses, search.status).label} (${search.status})`);
  if (search.branch_id) parts.push(`branch ${search.branch_id}`);
  if (search.team_id) parts.push(`team ${search.team_id}`);
  const at = (t: number) => `${formatShort(t, zone)} ${zoneName(t, zone)}`;
  if (search.timestamp_from !== undefined && search.timestamp_to !== undefined) {
    parts.push(`created ${at(search.timestamp_from)} to ${at(search.timestamp_to)}`);
  } else if (search.timestamp_from !== undefined) parts.push(`created from ${at(search.timestamp_from)}`);
  else if (search.timestamp_to !== undefined) parts.push(`created up to ${at(search.timestamp_to)}`);
  return parts;
}

/**
 * "Updated 12 s ago", "Refreshing…". Marked stale, in words, when the rows are not current:
 * offline, or the last refresh failed.
 */
function UpdatedAgo({
  at,
  fetching,
  online,
  failed,
  refreshAsked,
}: {
  at: number;
  fetching: boolean;
  online: boolean;
  failed: boolean;
  refreshAsked: boolean;
}) {
  const now = useNow(1000) * 1000;
  if (fetching && online) return <span className={s.updated}>Refreshing…</span>;
  if (!at) return null;
  const secs = Math.max(0, Math.round((now - at) / 1000));
  const text =
    secs < 60 ? `${secs} s` : secs < 3600 ? `${Math.floor(secs / 60)} min` : `${Math.floor(secs / 3600)} h`;
  const stale = !online || failed;
  return (
    <span
      className={`${s.updated} num`}
      data-stale={stale || undefined}
      title={`Loaded ${formatDateTime(Math.floor(at / 1000))}`}
      role="status"
    >
      {!online && <strong>{refreshAsked ? 'Offline: refreshes when the connection is back. ' : 'Offline. '}</strong>}
      Updated {text} ago{stale ? ' (stale)' : ''}
    </span>
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
  const { page, job: openJobId, q, late: lateOnly, view, scope } = search;
  const mapView = view === 'map';
  const wide = useMediaQuery(WIDE);
  const online = useOnline();
  // The panel's chunk is mounted from its first open on (it then stays, for its close animation).
  const [panelUsed, setPanelUsed] = useState(openJobId !== undefined);
  if (openJobId !== undefined && !panelUsed) setPanelUsed(true);
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
  const [autoRefresh, setAutoRefresh] = useSwitchSetting(autoRefreshSetting);
  const [viewerZone, setViewerZone] = useSwitchSetting(viewerZoneSetting);
  const query = useJobsPage(filters, page, autoRefresh);
  // The rows last loaded for real. When the page asked for fails (page 2, other filters) they
  // stay on screen, marked not current, instead of the table going blank.
  const current = query.isPlaceholderData ? undefined : query.data;
  const [lastGood, setLastGood] = useState(current);
  if (current && current !== lastGood) setLastGood(current);
  const data = query.data ?? (query.isError ? lastGood : undefined);
  const stale = query.isPlaceholderData;
  // After a failure the rows shown are an older page's: the pager and the range describe those.
  const shownPage = query.isError && data ? data.page : page;
  const found = useJobSearch(filters, q);
  const searchRef = useRef<HTMLInputElement>(null);
  const exportSlot = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = useNow(30_000);
  const [refreshAsked, setRefreshAsked] = useState(false);
  if (refreshAsked && online) setRefreshAsked(false);
  // The map view's links with the table and the panel: the row hovered, Refresh, "Zoom to",
  // the jobs the map read itself (for the panel to find them), the element it splits.
  const [hover] = useState(createHoverStore);
  const [refreshCount, setRefreshCount] = useState(0);
  const [zoomTo, setZoomTo] = useState<{ jobId: number; seq: number } | null>(null);
  const [mapJobs, setMapJobs] = useState<readonly Job[] | null>(null);
  const workRef = useRef<HTMLDivElement>(null);

  // Every change is computed from the URL at the time of the navigation (not of the render),
  // so two quick changes in a row (leave one date field, commit the other) both count.
  const go = (next: (prev: JobsSearch) => JobsSearch, replace = false) =>
    void navigate({ search: next, resetScroll: false, replace });
  const setFilters = (patch: FilterPatch) =>
    go((prev) => {
      const { q: nextQ, ...filterPatch } = patch;
      const next = 'q' in patch ? { ...prev, q: nextQ } : prev;
      return Object.keys(filterPatch).length ? withFilters(next, filterPatch) : next;
    });
  const clearFilters = () => go((prev) => ({ page: 1, job: prev.job, late: prev.late }));
  const goToPage = (target: number) => {
    if (target === page) return;
    go((prev) => ({ ...prev, page: target }));
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  };
  // With a job open, showing another one replaces it in the history: Back leaves the panel.
  const openJob = (id: number) => go((prev) => ({ ...prev, job: id }), openJobId !== undefined);
  const closeJob = () => go((prev) => ({ ...prev, job: undefined }));
  // The panel beside the table follows the keyboard's row.
  const follow = (id: number) => {
    if (wide && openJobId !== undefined && id !== openJobId) openJob(id);
  };
  const focusTable = () => scrollRef.current?.querySelector<HTMLElement>('tr[tabindex="0"]')?.focus();

  // When the panel closes (Esc, the close button, Back), focus returns to the job's row, so
  // the keyboard user carries on from where they were; also when the panel came from a link.
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

  // `/` focuses the search (unless typing somewhere or a dialog is open); Esc there comes back.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const pageJobs = data?.jobs ?? NO_JOBS;
  const shownJobs = found ? found.matches : pageJobs;

  // An exact job or order id goes straight to its panel (once per search).
  const exact = found?.exact ?? null;
  const jumpedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!exact || q === undefined) return;
    const key = JSON.stringify([filters, q]);
    if (jumpedFor.current === key) return;
    jumpedFor.current = key;
    if (openJobId !== exact.id) go((prev) => ({ ...prev, job: exact.id }));
    // `go` and `openJobId` are read when the match appears, not tracked.
  }, [exact, q, filters]); // eslint-disable-line react-hooks/exhaustive-deps

  // Late work among the jobs loaded (the rule of ./lateness.ts).
  const rule = useMemo(() => lateRule(config), [config]);
  const lateIds = useMemo(
    () => new Set(shownJobs.filter((job) => jobLateness(job, now, rule).late).map((job) => job.id)),
    [shownJobs, now, rule],
  );
  const rows = useMemo(
    () => (lateOnly ? shownJobs.filter((job) => lateIds.has(job.id)) : shownJobs),
    [lateOnly, shownJobs, lateIds],
  );

  // Branch suggestions: the extension's list when the service offers it, plus branches seen in loaded jobs.
  const branchList = useQuery(branchListQueryOptions(api));
  const knownBranches = useMemo(() => {
    const map = new Map<string, { name: string; time_zone: string }>();
    for (const b of branchList.data ?? []) map.set(b.id, b);
    for (const [id, b] of branchesInJobs(shownJobs)) if (!map.has(id)) map.set(id, b);
    if (found) for (const [id, b] of branchesInJobs(pageJobs)) if (!map.has(id)) map.set(id, b);
    return map;
  }, [branchList.data, shownJobs, pageJobs, found]);
  const branchOptions = useMemo<ComboboxOption[]>(
    () =>
      [...knownBranches]
        .map(([id, b]) => ({ value: id, label: b.name || id, detail: b.name ? id : undefined }))
        .sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value)),
    [knownBranches],
  );
  const teamOptions = useMemo<ComboboxOption[]>(() => {
    const teams = teamsInJobs([...pageJobs, ...(found?.matches ?? [])]);
    if (search.team_id) teams.add(search.team_id);
    return [...teams].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).map((t) => ({ value: t, label: t }));
  }, [pageJobs, found, search.team_id]);
  const branchZone = search.branch_id ? knownBranches.get(search.branch_id)?.time_zone : undefined;
  const filterZone = displayZone(viewerZone, branchZone);
  const zoneSource =
    filterZone !== viewerTimeZone()
      ? `branch ${search.branch_id}'s zone`
      : viewerZone
        ? 'your zone, as chosen above'
        : 'your zone';

  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(loadColumnVisibility);
  // With a job open beside it, the table sets some columns aside (the choice saved is untouched).
  const setAside = wide && openJobId !== undefined ? SET_ASIDE : [];
  const visibility = setAside.length
    ? { ...columnVisibility, ...Object.fromEntries(setAside.map((id) => [id, false])) }
    : columnVisibility;
  const totalPages = data?.total_pages ?? 0;
  const table = useTable({
    features: jobsTableFeatures,
    columns: jobColumns,
    data: rows,
    getRowId: rowId,
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility((prev) => {
        const next = { ...functionalUpdate(updater, visibility) };
        for (const id of setAside) {
          if (id in prev) next[id] = prev[id]!;
          else delete next[id];
        }
        saveColumnVisibility(next);
        return next;
      }),
  });

  // Pages are the service's: the table holds one page, and these move between them.
  const clampPage = (n: number) => Math.max(1, totalPages > 0 ? Math.min(n, totalPages) : n);
  const canNext = shownPage < totalPages;
  const controls: PageControls = {
    canFirst: shownPage > 1,
    canPrevious: shownPage > 1,
    canNext,
    canLast: totalPages > 0 && shownPage !== totalPages,
    first: () => goToPage(1),
    previous: () => goToPage(clampPage(shownPage - 1)),
    next: () => goToPage(clampPage(shownPage + 1)),
    last: () => goToPage(clampPage(totalPages)),
    goTo: (n) => goToPage(clampPage(n)),
  };

  const filterText = describeFilters(filters, config, filterZone);
  const refetchInterval = autoRefresh ? config.refreshSeconds * 1000 : false;
  const refresh = () => {
    if (!online) setRefreshAsked(true);
    setRefreshCount((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
    found?.again();
  };
  const showAll = () => go((prev) => ({ ...prev, late: undefined }));
  const loadedNoun = found ? (shownJobs.length === 1 ? 'match' : 'matches') : shownJobs.length === 1 ? 'job loaded' : 'jobs loaded';

  // Why there is no row to show, when there is none.
  let empty: NoRowsReason | null = null;
  if (found && q !== undefined) {
    if (rows.length > 0) empty = null; // the matches are listed
    else if (found.phase === 'scanning') empty = { kind: 'searching' };
    else if (shownJobs.length > 0) empty = { kind: 'none-late', loaded: shownJobs.length, q };
    else empty = { kind: 'no-match', q, cappedAt: found.progress?.capped ? found.progress.jobsSeen : null };
  } else if (data && rows.length === 0) {
    if (data.jobs.length > 0) empty = { kind: 'none-late', loaded: data.jobs.length };
    else if (page > data.total_pages && data.total_records > 0)
      empty = { kind: 'past-end', page, totalRecords: data.total_records, totalPages: data.total_pages };
    else empty = filterText.length ? { kind: 'none-match-filters' } : { kind: 'no-jobs' };
  }

  let body;
  if (empty) {
    body = (
      <Suspense fallback={null}>
        <NoRows
          reason={empty}
          filterText={filterText}
          onShowAll={showAll}
          onClearSearch={() => setFilters({ q: undefined })}
          onNextPage={canNext ? () => goToPage(shownPage + 1) : undefined}
          onGoToPage={goToPage}
          onClearFilters={clearFilters}
        />
      </Suspense>
    );
  } else if (found || data) {
    body = 'table';
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
  if (body === 'table') {
    const caption = found
      ? `Jobs matching “${q}”${filterText.length ? `, ${filterText.join(', ')}` : ''}`
      : `Jobs, page ${shownPage} of ${totalPages}${filterText.length ? `, ${filterText.join(', ')}` : ''}`;
    body = (
      <JobsTable
        table={table}
        openJobId={openJobId}
        onOpen={openJob}
        onMove={follow}
        onHover={mapView ? hover.set : undefined}
        scrollRef={scrollRef}
        pageKey={JSON.stringify([filters, found ? q : page, lateOnly])}
        stale={!found && stale}
        failed={!found && query.isError}
        caption={`${caption}${lateOnly ? ', late only' : ''}`}
      />
    );
  }

  const panelMode = wide ? 'side' : 'overlay';
  const panel = panelUsed && (
    <Suspense fallback={null}>
      <LazyJobPanel
        mode={panelMode}
        jobId={openJobId}
        shown={mapView && mapJobs ? [...(found ? found.matches : (current?.jobs ?? [])), ...mapJobs] : found ? found.matches : current?.jobs}
        loading={query.isPending || stale}
        loadedAt={query.dataUpdatedAt}
        error={current ? undefined : query.error?.message}
        filters={filters}
        page={page}
        totalPages={data?.total_pages ?? 0}
        onClose={closeJob}
        onGoToPage={(target) => go((prev) => ({ ...prev, page: target, q: undefined }))}
        onClearFilters={clearFilters}
        onZoomTo={
          mapView
            ? (id) => {
                setZoomTo((z) => ({ jobId: id, seq: (z?.seq ?? 0) + 1 }));
                if (!wide) closeJob();
              }
            : undefined
        }
      />
    </Suspense>
  );
  // Narrow screens show the map instead of the table (unless the first load failed: that says why).
  const showTable = !mapView || wide || (query.isError && !data);
  const map = mapView && (
    <Suspense fallback={<div className={s.mapPending} role="status" aria-label="Loading the map" />}>
      <OpsMapView
        rows={rows}
        rowsPending={found ? found.phase === 'scanning' : !data || stale}
        searching={found !== null}
        filters={filters}
        lateOnly={lateOnly === 1}
        scope={scope === 'all' ? 'all' : 'page'}
        fitKey={JSON.stringify([filters, q ?? null, lateOnly ?? null, scope === 'all' && !found ? 'all' : page])}
        branchList={branchList.data}
        hover={hover}
        openJobId={openJobId}
        zoomTo={zoomTo}
        autoRefresh={autoRefresh}
        refreshCount={refreshCount}
        wide={wide}
        workRef={workRef}
        onScope={(next) => go((prev) => ({ ...prev, scope: next === 'all' ? 'all' : undefined }))}
        onOpen={openJob}
        onJobs={setMapJobs}
      />
    </Suspense>
  );

  return (
    <NowContext.Provider value={now}>
      <ViewerZoneContext.Provider value={viewerZone}>
        <div className={s.page}>
          <header className={s.header}>
            <h1 className={s.title}>Jobs</h1>
            <Segmented
              label="View"
              value={mapView ? 'map' : 'table'}
              options={[
                { value: 'table', label: 'Table' },
                { value: 'map', label: wide ? 'Table and map' : 'Map', onPointerEnter: () => void loadMap() },
              ]}
              onChange={(next) =>
                go((prev) => ({ ...prev, view: next === 'map' ? 'map' : undefined, scope: next === 'map' ? prev.scope : undefined }))
              }
            />
            {shownJobs.length > 0 && (
              <p className={s.lateSummary} data-late={lateIds.size > 0 || undefined} aria-live="polite">
                <strong className="num">{formatCount(lateIds.size)}</strong> of the{' '}
                <span className="num">{formatCount(shownJobs.length)}</span> {loadedNoun} {lateIds.size === 1 ? 'is' : 'are'}{' '}
                late
              </p>
            )}
            <label className={s.toggle}>
              <input
                type="checkbox"
                checked={lateOnly === 1}
                onChange={(e) => go((prev) => ({ ...prev, late: e.target.checked ? 1 : undefined }))}
              />
              Late only
            </label>
            <div className={s.refresh}>
              <UpdatedAgo
                at={query.dataUpdatedAt}
                fetching={query.isFetching && !query.isPending}
                online={online}
                failed={query.isError && data !== undefined}
                refreshAsked={refreshAsked}
              />
              <label className={s.toggle}>
                <input type="checkbox" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />
                Auto-refresh every {config.refreshSeconds} s
              </label>
              <Button size="sm" onClick={refresh} disabled={online && query.isFetching}>
                Refresh
              </Button>
            </div>
            <div className={s.tools}>
              <Suspense
                fallback={
                  <Button disabled aria-haspopup="dialog">
                    Views
                  </Button>
                }
              >
                <SavedViews search={search} />
              </Suspense>
              <Suspense
                fallback={
                  <Button disabled aria-haspopup="dialog">
                    Columns
                  </Button>
                }
              >
                <ColumnsChooser table={table} setAside={setAside} />
              </Suspense>
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
                  pageJobs={found ? (found.phase === 'scanning' ? undefined : rows) : current?.jobs}
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
            branches={branchOptions}
            teams={teamOptions}
            zone={filterZone}
            zoneSource={zoneSource}
            searchRef={searchRef}
            onEscape={focusTable}
            zoneSwitch={
              <label className={s.toggle} title="Otherwise each time shows in its branch's zone">
                <input type="checkbox" checked={viewerZone} onChange={(e) => setViewerZone(e.target.checked)} />
                All times in my zone ({viewerTimeZone()})
              </label>
            }
          />
          {config.statusCounts && (
            <Suspense fallback={<div className={s.chips} aria-hidden="true" />}>
              <StatusCounts
                filters={filters}
                tableTotal={query.isPlaceholderData ? undefined : query.data?.total_records}
                refetchInterval={refetchInterval}
                onChoose={(status) => setFilters({ status })}
              />
            </Suspense>
          )}
          <div ref={exportSlot} />
          {found && q !== undefined && (
            <Suspense fallback={null}>
              <SearchStatus search={found} q={q} filterText={filterText} onClear={() => setFilters({ q: undefined })} />
            </Suspense>
          )}
          {!found && data && query.isError && (
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
          <div ref={workRef} className={s.work} data-map={mapView || undefined}>
            {showTable && (
              <section className={s.tableRegion} aria-label="Jobs" data-table-region>
                {body}
              </section>
            )}
            {map}
            {wide && panel}
          </div>
          {data && !found && (
            <PaginationBar
              page={shownPage}
              rows={data.jobs.length}
              totalRecords={data.total_records}
              totalPages={data.total_pages}
              controls={controls}
              busy={stale}
            />
          )}
          <p className={s.keys}>
            <kbd>/</kbd> search · <kbd>↑</kbd>
            <kbd>↓</kbd> or <kbd>j</kbd>
            <kbd>k</kbd> move{wide ? ' (the open job follows)' : ''} · <kbd>Enter</kbd> open · <kbd>Esc</kbd> close
          </p>
        </div>
        {!wide && panel}
      </ViewerZoneContext.Provider>
    </NowContext.Provider>
  );
}
