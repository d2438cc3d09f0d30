import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { errorMessage, queryKeys } from '../../api';
import type { Job } from '../../contract';
import { useConfig } from '../../config';
import { preloadable, useMediaQuery, useNow, useOnline } from '../../ui';
import { FiltersBar } from './filters/FiltersBar';
import { useFilterOptions } from './filters/useFilterOptions';
import { JobsHeader } from './header/JobsHeader';
import { createHoverStore } from './hover-store';
import { LazyJobPanel } from './panel/panel-loader';
import { NowContext } from './screen-clock';
import { useJobSearch } from './search/useJobSearch';
import { autoRefreshSetting, viewerZoneSetting } from './settings';
import { JobsTable, TableSkeleton } from './table/JobsTable';
import { useJobsTable } from './table/useJobsTable';
import { ViewerZoneContext } from './time-zone';
import { hasFilters } from './url-params';
import { useJobsKeyboard } from './useJobsKeyboard';
import { useJobsNavigation } from './useJobsNavigation';
import { useJobsPage } from './useJobsPage';
import type { AllJobs } from './useAllJobs';
import { useLateJobs } from './useLateJobs';
import { useSwitchSetting } from './useSwitchSetting';
import { describeFilters, noRowsReason, tableCaption } from './view-description';
import s from './jobs.module.css';

// The modules that the first load and a lazy chunk both import (the feature's url-params,
// job-facts, money, screen-clock, time-zone, settings, usePageVisible,
// table/sizes, and src/rules/lateness.ts) import no other such module: so they stay in the
// app's chunk, whatever the order of the imports. One such module importing another (job-facts
// importing lateness, say) puts one of them in a chunk of its own, a request more before the
// first rows (npm run check:size).

/** The search's progress and outcome: only a search needs it. */
const SearchStatus = lazy(() => import('./search/SearchStatus'));
/** What the table's place says when there is no row to show. */
const NoRows = lazy(() => import('./table/NoRows'));
/**
 * The pager: not needed to show the first rows, so not in the first load; fetched as this
 * module runs, beside the first page's request, so it is in by the time the rows are.
 */
const PaginationBar = preloadable(() => import('./table/PaginationBar').then((m) => m.default));
PaginationBar.preload().catch(() => {
  // Tried again when the pager renders.
});
/** What a failed load says (the pager's way: not in the first load, fetched at once). */
const LoadFailed = preloadable(() => import('./table/LoadFailed').then((m) => m.default));
LoadFailed.preload().catch(() => {
  // Tried again when a failure is shown.
});
/** The status count chips: their requests go out after the first rows' anyway. */
const StatusCounts = lazy(() => import('./filters/StatusCounts'));
/** The operations map (view=map) and its map library, fetched together when the view opens or its button is pointed at. */
const loadMap = () => {
  void import('../../map/PointsMap');
  return import('./ops-map/OpsMapView');
};
const OpsMapView = lazy(loadMap);
/** "Late only" over the whole result: the open work's read and its strip, the header's summary. */
const loadLate = () => import('./late/LateOnlyWork');
const LateOnlyWork = lazy(loadLate);
const LateSummary = lazy(() => loadLate().then((m) => ({ default: m.LateSummary })));

const NO_JOBS: Job[] = [];
/** From this width the job panel sits beside the table (non-modal); below it, it is an overlay. */
const WIDE = '(min-width: 1280px)';

export function JobsPage() {
  const config = useConfig();
  const queryClient = useQueryClient();
  const scrollRef = useRef<HTMLDivElement>(null);
  const nav = useJobsNavigation(scrollRef);
  const { search, filters } = nav;
  const { page, job: openJobId, q, late: lateOnly, view, scope } = search;
  const mapView = view === 'map';
  const wide = useMediaQuery(WIDE);
  const online = useOnline();
  const { searchRef, focusTable, follow } = useJobsKeyboard({
    openJobId,
    scrollRef,
    wide,
    openJob: nav.openJob,
  });
  // The panel's chunk is mounted from its first open on (it then stays, for its close animation).
  const [panelUsed, setPanelUsed] = useState(openJobId !== undefined);
  if (openJobId !== undefined && !panelUsed) setPanelUsed(true);
  const [autoRefresh, setAutoRefresh] = useSwitchSetting(autoRefreshSetting);
  const [viewerZone, setViewerZone] = useSwitchSetting(viewerZoneSetting);
  const { query, current, data } = useJobsPage(filters, page, autoRefresh);
  const stale = query.isPlaceholderData;
  // After a failure the rows shown are an older page's: the pager and the range describe those.
  const shownPage = query.isError && data ? data.page : page;
  const found = useJobSearch(filters, q);
  const searchReading = found !== null && found.phase === 'loading';
  const exportSlot = useRef<HTMLDivElement>(null);
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

  const pageJobs = data?.jobs ?? NO_JOBS;
  const shownJobs = found ? found.matches : pageJobs;

  // "Late only" without a search: the late jobs of the open work within the filters, not of the page.
  const lateList = lateOnly === 1 && !found;
  const [openRead, setOpenRead] = useState<AllJobs | null>(null);
  const openWork = lateList ? openRead : null;
  const { lateIds, rows } = useLateJobs(
    lateList ? (openRead?.jobs ?? NO_JOBS) : shownJobs,
    lateOnly === 1,
    now,
  );
  const openReading = !openWork || openWork.phase === 'loading';

  const loadedJobs = useMemo(() => (found ? [...found.matches, ...pageJobs] : pageJobs), [found, pageJobs]);
  const options = useFilterOptions({
    jobs: loadedJobs,
    branchId: search.branch_id,
    teamId: search.team_id,
    viewerZone,
  });
  const { table, setAside, sort } = useJobsTable(rows, wide && openJobId !== undefined, lateList);
  const totalPages = data?.total_pages ?? 0;

  const filterText = describeFilters(filters, config, options.zone);
  const refresh = () => {
    if (!online) setRefreshAsked(true);
    setRefreshCount((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
    found?.again();
  };
  const clearSearch = () => nav.setFilters({ q: undefined });

  const empty = lateList
    ? rows.length
      ? null
      : ({
          kind: 'none-late-open',
          phase: openWork?.phase ?? 'loading',
          read: openWork?.progress?.jobsSeen ?? 0,
          open: openWork?.progress?.totalRecords ?? 0,
        } as const)
    : noRowsReason({
        search:
          found && q !== undefined
            ? { q, reading: searchReading, cappedAt: found.progress?.capped ? found.progress.jobsSeen : null }
            : null,
        page,
        loaded: data,
        shown: shownJobs.length,
        rows: rows.length,
        filtered: hasFilters(filters),
      });
  let body;
  if (empty) {
    body = (
      <Suspense fallback={null}>
        <NoRows
          reason={empty}
          filterText={filterText}
          onShowAll={() => nav.setLateOnly(false)}
          onClearSearch={clearSearch}
          onGoToPage={nav.goToPage}
          onClearFilters={nav.clearFilters}
        />
      </Suspense>
    );
  } else if (found || data || lateList) {
    body = (
      <JobsTable
        table={table}
        sort={sort}
        openJobId={openJobId}
        onOpen={nav.openJob}
        onMove={follow}
        onHover={mapView ? hover.set : undefined}
        scrollRef={scrollRef}
        pageKey={JSON.stringify([filters, found ? q : page, lateOnly])}
        stale={!found && !lateList && stale}
        failed={lateList ? !!openWork?.error : !found && query.isError}
        caption={tableCaption({
          q: found ? (q ?? '') : null,
          page: shownPage,
          totalPages,
          filterText,
          lateOnly: !!lateOnly,
          whole: lateList,
        })}
      />
    );
  } else if (query.isError) {
    body = (
      <Suspense fallback={null}>
        <LoadFailed
          error={query.error}
          retry={() => void query.refetch()}
          retrying={query.isFetching}
          lastPage={null}
        />
      </Suspense>
    );
  } else {
    body = <TableSkeleton />;
  }

  const panel = panelUsed && (
    <Suspense fallback={null}>
      <LazyJobPanel
        mode={wide ? 'side' : 'overlay'}
        jobId={openJobId}
        shown={
          mapView && mapJobs
            ? [...(found ? found.matches : lateList ? rows : (current?.jobs ?? [])), ...mapJobs]
            : found
              ? found.matches
              : lateList
                ? openWork?.jobs
                : current?.jobs
        }
        loading={lateList ? openReading : query.isPending || stale}
        loadedAt={query.dataUpdatedAt}
        error={current || !query.error ? undefined : errorMessage(query.error)}
        filters={filters}
        page={page}
        totalPages={totalPages}
        onClose={nav.closeJob}
        onGoToPage={nav.goToFoundPage}
        onClearFilters={nav.clearFilters}
        onZoomTo={
          mapView
            ? (id) => {
                setZoomTo((z) => ({ jobId: id, seq: (z?.seq ?? 0) + 1 }));
                if (!wide) nav.closeJob();
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
        rowsPending={found ? searchReading : lateList ? openReading : !data || stale}
        searching={found !== null}
        filters={filters}
        lateOnly={lateOnly === 1}
        scope={scope === 'all' ? 'all' : 'page'}
        fitKey={JSON.stringify([
          filters,
          q ?? null,
          lateOnly ?? null,
          scope === 'all' && !found ? 'all' : page,
        ])}
        branchList={options.branchList}
        hover={hover}
        openJobId={openJobId}
        zoomTo={zoomTo}
        autoRefresh={autoRefresh}
        refreshCount={refreshCount}
        wide={wide}
        workRef={workRef}
        onScope={nav.setScope}
        onOpen={nav.openJob}
        onJobs={setMapJobs}
      />
    </Suspense>
  );

  return (
    <NowContext.Provider value={now}>
      <ViewerZoneContext.Provider value={viewerZone}>
        <div className={s.page} data-map={mapView || undefined}>
          <JobsHeader
            wide={wide}
            mapView={mapView}
            onView={nav.setView}
            preloadMap={() => void loadMap()}
            late={lateList ? rows.length : lateIds.size}
            loaded={shownJobs.length}
            whole={
              lateList && (
                <Suspense fallback={null}>
                  <LateSummary read={openWork} late={rows.length} filtered={hasFilters(filters)} />
                </Suspense>
              )
            }
            searching={found !== null}
            lateOnly={lateOnly === 1}
            onLateOnly={nav.setLateOnly}
            freshness={{
              at: query.dataUpdatedAt,
              fetching: query.isFetching && !query.isPending,
              online,
              failed: query.isError && data !== undefined,
              refreshAsked,
            }}
            autoRefresh={autoRefresh}
            onAutoRefresh={setAutoRefresh}
            refreshSeconds={config.refreshSeconds}
            onRefresh={refresh}
            refreshDisabled={online && query.isFetching}
            search={search}
            table={table}
            setAside={setAside}
            exporting={{
              filters,
              page,
              pageJobs: found
                ? searchReading
                  ? undefined
                  : rows
                : lateList
                  ? openReading
                    ? undefined
                    : rows
                  : current?.jobs,
              totalRecords: data?.total_records,
              progressSlot: exportSlot,
            }}
          />
          <FiltersBar
            search={search}
            onChange={nav.setFilters}
            onClear={nav.clearFilters}
            branches={options.branchOptions}
            teams={options.teamOptions}
            zone={options.zone}
            zoneSource={options.zoneSource}
            searchRef={searchRef}
            onEscape={focusTable}
            viewerZone={viewerZone}
            onViewerZone={setViewerZone}
          />
          {config.statusCounts && (
            <Suspense fallback={<div className={s.chips} aria-hidden="true" />}>
              <StatusCounts
                filters={filters}
                tableTotal={current?.total_records}
                refetchInterval={autoRefresh ? config.refreshSeconds * 1000 : false}
                onChoose={(status) => nav.setFilters({ status })}
              />
            </Suspense>
          )}
          <div ref={exportSlot} />
          {found && q !== undefined && (
            <Suspense fallback={null}>
              <SearchStatus
                search={found}
                q={q}
                filters={filters}
                filterText={filterText}
                nav={nav}
                onClear={clearSearch}
              />
            </Suspense>
          )}
          {lateList && (
            <Suspense fallback={null}>
              <LateOnlyWork
                filters={filters}
                autoRefresh={autoRefresh}
                refreshCount={refreshCount}
                late={rows.length}
                onRead={setOpenRead}
              />
            </Suspense>
          )}
          {!found && !lateList && data && query.isError && (
            <Suspense fallback={null}>
              <LoadFailed
                error={query.error}
                retry={() => void query.refetch()}
                retrying={query.isFetching}
                lastPage={current ? undefined : data.page}
              />
            </Suspense>
          )}
          <div ref={workRef} className={s.work} data-map={mapView || undefined}>
            {showTable && (
              <section
                id="results"
                tabIndex={-1}
                className={s.tableRegion}
                aria-label="Jobs"
                data-table-region
              >
                {body}
              </section>
            )}
            {map}
            {wide && panel}
          </div>
          {lateList && rows.length > 0 && (
            <p className={s.lateFoot}>“Late only” lists every late job read in one list: no pages.</p>
          )}
          {data && !found && !lateList && (
            <Suspense fallback={<div className={s.pagerPlace} />}>
              <PaginationBar
                page={shownPage}
                rows={data.jobs.length}
                totalRecords={data.total_records}
                totalPages={data.total_pages}
                goTo={nav.goToPage}
                busy={stale}
                sortedByLateness={sort.direction !== null}
              />
            </Suspense>
          )}
          <p className={s.keys}>
            <kbd>/</kbd> search · <kbd>↑</kbd>
            <kbd>↓</kbd> or <kbd>j</kbd>
            <kbd>k</kbd> move{wide ? ' (the open job follows)' : ''} · <kbd>Enter</kbd> open · <kbd>Esc</kbd>{' '}
            close
          </p>
        </div>
        {!wide && panel}
      </ViewerZoneContext.Provider>
    </NowContext.Provider>
  );
}
