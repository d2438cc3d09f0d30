import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useRef, useState } from 'react';
import { errorMessage, queryKeys } from '../../api';
import type { Job } from '../../contract';
import { useConfig } from '../../config';
import {
  LazyJobPanel,
  NowContext,
  ViewerZoneContext,
  autoRefreshSetting,
  useSwitchSetting,
  viewerZoneSetting,
} from '../../job-views';
import { useMediaQuery, useNow, useOnline } from '../../ui';
import { FiltersBar } from './filters/FiltersBar';
import { StatusCounts } from './filters/StatusCounts';
import { useFilterOptions } from './filters/useFilterOptions';
import { JobsHeader } from './header/JobsHeader';
import { createHoverStore } from './ops-map/hover-store';
import { SearchStatus } from './search/SearchStatus';
import { JobsTable } from './table/JobsTable';
import { LoadFailed } from './table/LoadFailed';
import { BulkBar } from './table/BulkBar';
import { useActionsOffered } from '../../job-views/actions';
import { PaginationBar } from './table/PaginationBar';
import { RowsPlace } from './table/RowsPlace';
import { useJobsTable } from './table/useJobsTable';
import { describeFilters, tableCaption } from './table/view-description';
import { useJobRows } from './rows/useJobRows';
import { useJobsKeyboard } from './useJobsKeyboard';
import { useJobsNavigation } from './useJobsNavigation';
import s from './jobs.module.css';

/** The operations map (view=map) and its map library, fetched together when the view opens or its button is pointed at. */
const loadMap = () => {
  void import('../../map/PointsMap');
  return import('./ops-map/OpsMapView');
};
const OpsMapView = lazy(loadMap);
/** "Late only" over the whole result: the open work's read and its strip. */
const LateOnlyWork = lazy(() => import('./late/LateOnlyWork'));

/** From this width the job panel sits beside the table (non-modal); below it, it is an overlay. */
const WIDE = '(min-width: 1280px)';

export function JobsPage() {
  const { t } = useLingui();
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
  const now = useNow(30_000);
  const shown = useJobRows({ filters, page, q, lateOnly: lateOnly === 1, autoRefresh, now });
  const { source, rows, pending, error, showingPreviousRows, search: found } = shown;
  const { query, current, data } = shown.page;
  const lateList = source === 'late';
  // After a failure the rows shown are an older page's: the pager and the range describe those.
  const shownPage = query.isError && data ? data.page : page;
  const exportSlot = useRef<HTMLDivElement>(null);
  const [refreshAsked, setRefreshAsked] = useState(false);
  if (refreshAsked && online) setRefreshAsked(false);
  // The map view's links with the table and the panel: the row hovered, Refresh, "Zoom to",
  // the jobs the map read itself (for the panel to find them), the element it splits.
  const [hover] = useState(createHoverStore);
  const [refreshCount, setRefreshCount] = useState(0);
  const [zoomTo, setZoomTo] = useState<{ jobId: number; seq: number } | null>(null);
  const [mapJobs, setMapJobs] = useState<readonly Job[] | null>(null);
  const workRef = useRef<HTMLDivElement>(null);

  const options = useFilterOptions({
    jobs: shown.seen,
    branchId: search.branch_id,
    teamId: search.team_id,
    viewerZone,
  });
  // Job actions (an extension): rows can be selected where the service answers for the first one.
  const actionsOffered = useActionsOffered(rows[0]?.id);
  const pageKey = JSON.stringify([filters, found ? q : page, lateOnly]);
  const { table, setAside, sortedByLateness, selected, clearSelection } = useJobsTable(
    rows,
    wide && openJobId !== undefined,
    lateList,
    actionsOffered,
    pageKey,
  );
  const totalPages = data?.total_pages ?? 0;

  const filterText = describeFilters(filters, config, options.zone);
  const refresh = () => {
    if (!online) setRefreshAsked(true);
    setRefreshCount((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
    found?.again();
  };
  const clearSearch = () => nav.setFilters({ q: undefined });
  const zoomMapTo = (jobId: number) => {
    setZoomTo((z) => ({ jobId, seq: (z?.seq ?? 0) + 1 }));
    if (!wide) nav.closeJob();
  };

  const body = (
    <RowsPlace
      rows={shown}
      filterText={filterText}
      onShowAll={() => nav.setLateOnly(false)}
      onClearSearch={clearSearch}
      onGoToPage={nav.goToPage}
      onClearFilters={nav.clearFilters}
      table={
        <JobsTable
          table={table}
          openJobId={openJobId}
          onOpen={nav.openJob}
          onMove={follow}
          onHover={mapView ? hover.set : undefined}
          scrollRef={scrollRef}
          pageKey={pageKey}
          showingPreviousRows={showingPreviousRows}
          failed={error !== null}
          caption={tableCaption({
            q: found ? (q ?? '') : null,
            page: shownPage,
            totalPages,
            filterText,
            lateOnly: !!lateOnly,
            whole: lateList,
          })}
        />
      }
    />
  );

  const panel = panelUsed && (
    <Suspense fallback={null}>
      <LazyJobPanel
        mode={wide ? 'side' : 'overlay'}
        jobId={openJobId}
        shown={mapView && mapJobs ? [...(shown.jobs ?? []), ...mapJobs] : shown.jobs}
        loading={lateList ? pending : query.isPending || query.isPlaceholderData}
        loadedAt={query.dataUpdatedAt}
        error={current || !query.error ? undefined : errorMessage(query.error)}
        filters={filters}
        page={page}
        totalPages={totalPages}
        onClose={nav.closeJob}
        onGoToPage={nav.goToFoundPage}
        onClearFilters={nav.clearFilters}
        onZoomTo={mapView ? zoomMapTo : undefined}
      />
    </Suspense>
  );
  // The map fits its data again when what it shows changes by the user's doing (never on a refresh).
  const fitKey = [filters, q ?? null, lateOnly ?? null, found || scope !== 'all' ? page : 'all'];
  // Narrow screens show the map instead of the table (unless the first load failed: that says why).
  const showTable = !mapView || wide || (query.isError && !data);
  const map = mapView && (
    <Suspense fallback={<div className={s.mapPending} role="status" aria-label={t`Loading the map`} />}>
      <OpsMapView
        rows={rows}
        rowsPending={pending}
        searching={found !== null}
        filters={filters}
        lateOnly={lateOnly === 1}
        scope={scope === 'all' ? 'all' : 'page'}
        fitKey={JSON.stringify(fitKey)}
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

  const move = wide ? t`move (the open job follows)` : t`move`;
  return (
    <NowContext.Provider value={now}>
      <ViewerZoneContext.Provider value={viewerZone}>
        <div className={s.page} data-map={mapView || undefined}>
          <JobsHeader
            wide={wide}
            mapView={mapView}
            onView={nav.setView}
            preloadMap={() => void loadMap()}
            rows={shown}
            onLateOnly={nav.setLateOnly}
            online={online}
            refreshAsked={refreshAsked}
            autoRefresh={autoRefresh}
            onAutoRefresh={setAutoRefresh}
            onRefresh={refresh}
            search={search}
            table={table}
            setAside={setAside}
            progressSlot={exportSlot}
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
            <StatusCounts
              filters={filters}
              tableTotal={current?.total_records}
              refetchInterval={autoRefresh ? config.refreshSeconds * 1000 : false}
              onChoose={(status) => nav.setFilters({ status })}
            />
          )}
          <div ref={exportSlot} />
          {found && q !== undefined && (
            <SearchStatus
              search={found}
              q={q}
              filters={filters}
              filterText={filterText}
              nav={nav}
              onClear={clearSearch}
            />
          )}
          {lateList && (
            <Suspense fallback={null}>
              <LateOnlyWork
                filters={filters}
                autoRefresh={autoRefresh}
                refreshCount={refreshCount}
                late={rows.length}
                onRead={shown.onOpenWork}
              />
            </Suspense>
          )}
          {source === 'page' && data && query.isError && (
            <LoadFailed
              error={query.error}
              retry={() => void query.refetch()}
              retrying={query.isFetching}
              lastPage={current ? undefined : data.page}
            />
          )}
          {actionsOffered && <BulkBar selected={selected} onClear={clearSelection} />}
          <div ref={workRef} className={s.work} data-map={mapView || undefined}>
            {showTable && (
              <section
                id="results"
                tabIndex={-1}
                className={s.tableRegion}
                aria-label={t`Jobs`}
                data-table-region
              >
                {body}
              </section>
            )}
            {map}
            {wide && panel}
          </div>
          {lateList && rows.length > 0 && (
            <p className={s.lateFoot}>
              <Trans>“Late only” lists every late job read in one list: no pages.</Trans>
            </p>
          )}
          {source === 'page' && data && (
            <PaginationBar
              page={shownPage}
              rows={data.jobs.length}
              totalRecords={data.total_records}
              totalPages={data.total_pages}
              goTo={nav.goToPage}
              busy={showingPreviousRows}
              sortedByLateness={sortedByLateness}
            />
          )}
          <p className={s.keys}>
            <Trans>
              <kbd>/</kbd> search · <kbd>↑</kbd>
              <kbd>↓</kbd> or <kbd>j</kbd>
              <kbd>k</kbd> {move} · <kbd>Enter</kbd> open · <kbd>Esc</kbd> close
            </Trans>
          </p>
        </div>
        {!wide && panel}
      </ViewerZoneContext.Provider>
    </NowContext.Provider>
  );
}
