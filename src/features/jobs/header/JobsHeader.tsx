import { Link } from '@tanstack/react-router';
import { Suspense, lazy, type ComponentProps, type ReactNode } from 'react';
import { Button, Segmented, formatDateTime, formatDuration, useNow } from '../../../ui';
import { formatCount, pluralForm } from '../../../lib/count';
import type { JobsReactTable } from '../table/JobsTable';
import type { JobsSearch } from '../url-params';
import type { ExportControl as ExportControlType } from './ExportControl';
import s from '../jobs.module.css';

/** Export (its menu, progress, cap question) is not needed for the first rows: it loads right after. */
const ExportControl = lazy(() => import('./ExportControl').then((m) => ({ default: m.ExportControl })));
/** Saved views (their menu and storage) load the same way. */
const SavedViews = lazy(() => import('./SavedViews'));
/** The column chooser's panel: loads after the first rows, the button holding its place. */
const ColumnsChooser = lazy(() => import('./ColumnsChooser'));

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
  const now = useNow(1000) * 1000;
  if (fetching && online) return <span className={s.updated}>Refreshing…</span>;
  if (!at) return null;
  const stale = !online || failed;
  return (
    <span
      className={`${s.updated} num`}
      data-stale={stale || undefined}
      title={`Loaded ${formatDateTime(Math.floor(at / 1000))}`}
      role="status"
    >
      {!online && (
        <strong>{refreshAsked ? 'Offline: refreshes when the connection is back. ' : 'Offline. '}</strong>
      )}
      Updated {formatDuration((now - at) / 1000)} ago{stale ? ' (stale)' : ''}
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
  late,
  loaded,
  whole,
  searching,
  lateOnly,
  onLateOnly,
  freshness,
  autoRefresh,
  onAutoRefresh,
  refreshSeconds,
  onRefresh,
  refreshDisabled,
  search,
  table,
  setAside,
  exporting,
}: {
  wide: boolean;
  mapView: boolean;
  onView: (view: 'table' | 'map') => void;
  /** The map's code starts loading when its button is pointed at. */
  preloadMap: () => void;
  /** How many of the `loaded` jobs are late (of the whole result, with `whole`). */
  late: number;
  loaded: number;
  /** "Late only" lists the whole result's late jobs: the summary of them, instead of the page's. */
  whole?: ReactNode;
  /** The jobs loaded are a search's matches. */
  searching: boolean;
  lateOnly: boolean;
  onLateOnly: (on: boolean) => void;
  freshness: Freshness;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  refreshSeconds: number;
  onRefresh: () => void;
  refreshDisabled: boolean;
  /** For saving the view. */
  search: JobsSearch;
  table: JobsReactTable;
  /** Columns set aside while a job is open beside the table. */
  setAside: readonly string[];
  exporting: ComponentProps<typeof ExportControlType>;
}) {
  const noun = searching
    ? loaded === 1
      ? 'match'
      : 'matches'
    : loaded === 1
      ? 'job on this page'
      : 'jobs on this page';
  const placeholder = (label: string) => (
    <Button disabled aria-haspopup="dialog">
      {label}
    </Button>
  );
  return (
    <header className={s.header}>
      <h1 className={s.title}>Jobs</h1>
      <Segmented
        label="View"
        value={mapView ? 'map' : 'table'}
        options={[
          { value: 'table', label: 'Table' },
          { value: 'map', label: wide ? 'Table and map' : 'Map', onPointerEnter: preloadMap },
        ]}
        onChange={onView}
      />
      {(whole || loaded > 0) && (
        <p className={s.lateSummary} data-late={late > 0 || undefined} aria-live="polite">
          {whole || (
            <>
              <strong className="num">{formatCount(late)}</strong> of the{' '}
              <span className="num">{formatCount(loaded)}</span> {noun} {pluralForm(late, 'is', 'are')} late
            </>
          )}
        </p>
      )}
      {/* The control room keeps the branch and the team. */}
      <Link
        className={s.lateSummary}
        to="/overview"
        search={{ branch_id: search.branch_id, team_id: search.team_id, reason: 'late' }}
      >
        See all late work in the control room
      </Link>
      <label className={s.toggle}>
        <input type="checkbox" checked={lateOnly} onChange={(e) => onLateOnly(e.target.checked)} />
        Late only
      </label>
      <div className={s.refresh}>
        <UpdatedAgo {...freshness} />
        <label className={s.toggle}>
          <input type="checkbox" checked={autoRefresh} onChange={(e) => onAutoRefresh(e.target.checked)} />
          Auto-refresh every {refreshSeconds} s
        </label>
        <Button size="sm" onClick={onRefresh} disabled={refreshDisabled}>
          Refresh
        </Button>
      </div>
      <div className={s.tools}>
        <Suspense fallback={placeholder('Views')}>
          <SavedViews search={search} />
        </Suspense>
        <Suspense fallback={placeholder('Columns')}>
          <ColumnsChooser table={table} setAside={setAside} />
        </Suspense>
        <Suspense fallback={placeholder('Export CSV')}>
          <ExportControl {...exporting} />
        </Suspense>
      </div>
    </header>
  );
}
