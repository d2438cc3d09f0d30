import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Suspense, lazy, type RefObject } from 'react';
import { useConfig } from '../../../config';
import { filtersOf, hasFilters, type JobsSearch } from '../../../job-views';
import { Button, Segmented, formatDateTime, formatDuration, useNow } from '../../../ui';
import { formatCount } from '../../../lib/count';
import type { JobRows } from '../rows/useJobRows';
import type { JobsReactTable } from '../table/JobsTable';
import { ColumnsChooser } from './ColumnsChooser';
import s from '../jobs.module.css';

/** Export (its menu, progress, cap question) is not needed for the first rows: it loads right after. */
const ExportControl = lazy(() => import('./ExportControl').then((m) => ({ default: m.ExportControl })));
/** Saved views (their menu and storage) load the same way. */
const SavedViews = lazy(() => import('./SavedViews'));
/** "Late only" over the whole result: the summary of the open work's late jobs (with its read). */
const LateSummary = lazy(() => import('../late/LateOnlyWork').then((m) => ({ default: m.LateSummary })));

/** Where the rows on screen stand: when they were loaded, whether a refresh is under way or failed. */
export type Freshness = {
  /** When the rows were loaded, epoch milliseconds (0: not yet). */
  at: number;
  fetching: boolean;
  online: boolean;
  /** The last refresh failed: the rows shown are older. */
  failed: boolean;
  /** Refresh was pressed while offline. */
  refreshAsked: boolean;
};

/**
 * "Updated 12 s ago", "Refreshing…". Marked stale, in words, when the rows are not current:
 * offline, or the last refresh failed.
 */
function UpdatedAgo({ at, fetching, online, failed, refreshAsked }: Freshness) {
  const { t } = useLingui();
  const now = useNow(1000) * 1000;
  if (fetching && online)
    return (
      <span className={s.updated}>
        <Trans>Refreshing…</Trans>
      </span>
    );
  if (!at) return null;
  const stale = !online || failed;
  const loadedAt = formatDateTime(Math.floor(at / 1000));
  const ago = formatDuration((now - at) / 1000);
  return (
    <span
      className={`${s.updated} num`}
      data-stale={stale || undefined}
      title={t`Loaded ${loadedAt}`}
      role="status"
    >
      {!online && (
        <strong>{refreshAsked ? t`Offline: refreshes when the connection is back.` : t`Offline.`} </strong>
      )}
      {stale ? t`Updated ${ago} ago (stale)` : t`Updated ${ago} ago`}
    </span>
  );
}

/**
 * The jobs screen's header: the title, the table/map switch, how many of the jobs loaded are
 * late and the "late only" switch, the rows' freshness with auto-refresh and Refresh, and the
 * tools (saved views, columns, export), whose code loads after the first rows while a disabled
 * button holds each one's place.
 */
export function JobsHeader({
  wide,
  mapView,
  onView,
  preloadMap,
  rows,
  onLateOnly,
  online,
  refreshAsked,
  autoRefresh,
  onAutoRefresh,
  onRefresh,
  search,
  table,
  setAside,
  progressSlot,
}: {
  wide: boolean;
  mapView: boolean;
  onView: (view: 'table' | 'map') => void;
  /** The map's code starts loading when its button is pointed at. */
  preloadMap: () => void;
  /** The rows shown: how many are late, their freshness, what the export takes as this page. */
  rows: JobRows;
  onLateOnly: (on: boolean) => void;
  online: boolean;
  /** Refresh was pressed while offline. */
  refreshAsked: boolean;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  onRefresh: () => void;
  /** The screen's URL: the view saved, the filters exported. */
  search: JobsSearch;
  table: JobsReactTable;
  /** Columns set aside while a job is open beside the table. */
  setAside: readonly string[];
  /** Where the export's progress shows. */
  progressSlot: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const { refreshSeconds } = useConfig();
  const { query, data } = rows.page;
  const searching = rows.source === 'search';
  const whole = rows.source === 'late';
  const late = whole ? rows.rows.length : rows.lateIds.size;
  const loaded = rows.loaded.length;
  const filters = filtersOf(search);
  const lateCount = formatCount(late);
  const loadedCount = formatCount(loaded);
  const placeholder = (label: string) => (
    <Button disabled aria-haspopup="dialog">
      {label}
    </Button>
  );
  return (
    <header className={s.header}>
      <h1 className={s.title}>
        <Trans>Jobs</Trans>
      </h1>
      <Segmented
        label={t`View`}
        value={mapView ? 'map' : 'table'}
        options={[
          { value: 'table', label: t`Table` },
          { value: 'map', label: wide ? t`Table and map` : t`Map`, onPointerEnter: preloadMap },
        ]}
        onChange={onView}
      />
      {(whole || loaded > 0) && (
        <p className={s.lateSummary} data-late={late > 0 || undefined} aria-live="polite">
          {whole ? (
            <Suspense fallback={null}>
              <LateSummary read={rows.openWork} late={late} filtered={hasFilters(filters)} />
            </Suspense>
          ) : searching ? (
            <Trans>
              <strong className="num">{lateCount}</strong> of the <span className="num">{loadedCount}</span>{' '}
              <Plural value={loaded} one="match" other="matches" />{' '}
              <Plural value={late} one="is late" other="are late" />
            </Trans>
          ) : (
            <Trans>
              <strong className="num">{lateCount}</strong> of the <span className="num">{loadedCount}</span>{' '}
              <Plural value={loaded} one="job on this page" other="jobs on this page" />{' '}
              <Plural value={late} one="is late" other="are late" />
            </Trans>
          )}
        </p>
      )}
      {/* The control room keeps the branch and the team. */}
      <Link
        className={s.lateSummary}
        to="/overview"
        search={{ branch_id: search.branch_id, team_id: search.team_id, reason: 'late' }}
      >
        <Trans>See all late work in the control room</Trans>
      </Link>
      <label className={s.toggle}>
        <input type="checkbox" checked={search.late === 1} onChange={(e) => onLateOnly(e.target.checked)} />
        <Trans>Late only</Trans>
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
          <input type="checkbox" checked={autoRefresh} onChange={(e) => onAutoRefresh(e.target.checked)} />
          <Trans>Auto-refresh every {refreshSeconds} s</Trans>
        </label>
        <Button size="sm" onClick={onRefresh} disabled={online && query.isFetching}>
          <Trans>Refresh</Trans>
        </Button>
      </div>
      <div className={s.tools}>
        <Suspense fallback={placeholder(t`Views`)}>
          <SavedViews search={search} />
        </Suspense>
        <ColumnsChooser table={table} setAside={setAside} />
        <Suspense fallback={placeholder(t`Export CSV`)}>
          <ExportControl
            filters={filters}
            page={search.page}
            pageJobs={rows.currentRows}
            totalRecords={data?.total_records}
            progressSlot={progressSlot}
          />
        </Suspense>
      </div>
    </header>
  );
}
