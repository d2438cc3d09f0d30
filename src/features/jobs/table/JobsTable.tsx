import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactTable, Row } from '@tanstack/react-table';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Job } from '../../../contract';
import { Skeleton, preloadable } from '../../../ui';
import { preloadJobPanel } from '../../../job-views';
import type { jobsTableFeatures } from './columns';
import { ROW_HEIGHT, VIRTUALISE_ABOVE } from './sizes';
import s from './table.module.css';

type Features = typeof jobsTableFeatures;
// The table's selected state is not read here; only its models are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobsReactTable = ReactTable<Features, Job, any>;
export type JobRow = Row<Features, Job>;

/** The virtualiser (@tanstack/react-virtual) loads only for a page that needs it. */
const VirtualBody = preloadable(() => import('./VirtualBody').then((m) => m.default));

/** Rows shown for a big page before its virtual body is in: as many as the window shows. */
const firstScreenRows = () => Math.ceil(window.innerHeight / ROW_HEIGHT) + 1;

export type RenderRow = (row: JobRow, index: number) => ReactNode;

/**
 * The jobs table: sticky header, fixed column widths, focusable rows (one tab stop; arrow
 * keys or j/k move, Home/End jump, Enter opens the job), virtualised above 100 rows.
 */
export function JobsTable({
  table,
  openJobId,
  onOpen,
  onMove,
  onHover,
  scrollRef,
  pageKey,
  showingPreviousRows,
  failed,
  caption,
}: {
  table: JobsReactTable;
  openJobId: number | undefined;
  onOpen: (id: number) => void;
  /** The keyboard moved to another row (the open job's panel follows it). */
  onMove: (id: number) => void;
  /** The row under the pointer or the keyboard (null: none), for the map to highlight. */
  onHover?: (id: number | null) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Changes when another page or filter is shown: the keyboard position goes back to the top. */
  pageKey: string;
  /** The rows are the previous page's while this one loads: dimmed, busy. */
  showingPreviousRows: boolean;
  /** Loading the rows asked for failed: these are the last loaded ones, not current (said above the table). */
  failed: boolean;
  caption: string;
}) {
  const { t, i18n } = useLingui();
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  const hintId = useId();
  const [active, setActive] = useState(0);
  const [seenKey, setSeenKey] = useState(pageKey);
  if (seenKey !== pageKey) {
    setSeenKey(pageKey);
    setActive(0);
  }
  // The open job's row is where the keyboard carries on from (a link, a click, a search's jump).
  const [seenOpen, setSeenOpen] = useState(openJobId);
  if (seenOpen !== openJobId) {
    setSeenOpen(openJobId);
    const index = rows.findIndex((r) => r.original.id === openJobId);
    if (index >= 0) setActive(index);
  }
  const activeIndex = Math.max(0, Math.min(active, rows.length - 1));
  const virtual = rows.length > VIRTUALISE_ABOVE;
  const [virtualReady, setVirtualReady] = useState(VirtualBody.isLoaded);
  // If its code cannot be downloaded, every row is rendered plainly: slower, but nothing is out of reach.
  const [virtualFailed, setVirtualFailed] = useState(false);
  useEffect(() => {
    if (virtual && !virtualReady) {
      VirtualBody.preload().then(
        () => setVirtualReady(true),
        () => setVirtualFailed(true),
      );
    }
  }, [virtual, virtualReady]);
  const focusRequest = useRef<number | null>(null);
  const scrollToIndex = useRef<((index: number) => void) | null>(null);
  const tbodyRef = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    const target = focusRequest.current;
    if (target === null) return;
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${target}"]`);
      if (el) {
        focusRequest.current = null;
        el.focus();
        return;
      }
      // A virtualised row out of view: scroll to it, then focus it once rendered.
      if (tries === 0) scrollToIndex.current?.(target);
      if (tries++ < 10) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(index, rows.length - 1));
    focusRequest.current = next;
    setActive(next);
    const row = rows[next];
    if (row) onMove(row.original.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tr = (e.target as HTMLElement).closest<HTMLElement>('tr[data-index]');
    if (!tr) return;
    const index = Number(tr.dataset.index);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(index + 1),
      j: () => moveTo(index + 1),
      ArrowUp: () => moveTo(index - 1),
      k: () => moveTo(index - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      PageDown: () => moveTo(index + page),
      PageUp: () => moveTo(index - page),
      Enter: () => {
        const row = rows[index];
        if (row) onOpen(row.original.id);
      },
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  const renderRow: RenderRow = (row, index) => {
    const isOpen = row.original.id === openJobId;
    return (
      <tr
        key={row.id}
        data-index={index}
        data-job-id={row.original.id}
        tabIndex={index === activeIndex ? 0 : -1}
        aria-rowindex={virtual ? index + 2 : undefined}
        aria-current={isOpen ? 'true' : undefined}
        aria-describedby={hintId}
        className={s.row}
        onFocus={() => {
          setActive(index);
          onHover?.(row.original.id);
        }}
        onPointerEnter={onHover && (() => onHover(row.original.id))}
        onClick={() => {
          setActive(index);
          onOpen(row.original.id);
        }}
      >
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            data-col={cell.column.id}
            className={cell.column.columnDef.meta?.numeric ? s.numCell : undefined}
            // A name cut short loses its own end, in its own direction, whatever the page's.
            dir={cell.column.columnDef.meta?.numeric ? undefined : 'auto'}
          >
            <table.FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    );
  };

  const width = columns.reduce((sum, c) => sum + (c.columnDef.meta?.width ?? 100), 0);

  return (
    <div
      ref={scrollRef}
      className={s.tableScroll}
      data-previous-rows={showingPreviousRows || undefined}
      aria-busy={showingPreviousRows || undefined}
      data-not-current={failed || undefined}
    >
      <table
        className={s.table}
        style={{ minWidth: width }}
        aria-rowcount={virtual ? rows.length + 1 : undefined}
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} style={{ width: c.columnDef.meta?.width }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
              {group.headers.map((header) => {
                const column = header.column;
                const sortable = column.getCanSort();
                const sorted = column.getIsSorted();
                const meta = column.columnDef.meta;
                const label = meta ? i18n._(meta.label) : column.id;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={column.columnDef.meta?.numeric ? s.numCell : undefined}
                    title={label}
                    aria-sort={
                      !sortable
                        ? undefined
                        : sorted === 'desc'
                          ? 'descending'
                          : sorted === 'asc'
                            ? 'ascending'
                            : 'none'
                    }
                  >
                    {header.isPlaceholder ? null : sortable ? (
                      // Sorts the loaded rows only: the service sorts by nothing but its own order.
                      <button
                        type="button"
                        className={s.sortButton}
                        onClick={column.getToggleSortingHandler()}
                        title={t`${label}: sort the loaded jobs`}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className={s.sortMark}>
                          {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody
          ref={tbodyRef}
          onKeyDown={onKeyDown}
          onPointerEnter={preloadJobPanel}
          onFocus={preloadJobPanel}
          onPointerLeave={onHover && (() => onHover(null))}
          onBlur={
            onHover &&
            ((e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onHover(null);
            })
          }
        >
          {virtual && virtualReady ? (
            <VirtualBody
              rows={rows}
              renderRow={renderRow}
              scrollRef={scrollRef}
              scrollToIndex={scrollToIndex}
              colSpan={columns.length}
              selectable={columns[0]?.id === 'select'}
            />
          ) : virtual && !virtualFailed ? (
            // Until its code is in, a big page shows its first screenful as plain rows (no
            // Suspense: React would hold the real body back up to 300 ms after it loaded).
            rows.slice(0, firstScreenRows()).map(renderRow)
          ) : (
            rows.map(renderRow)
          )}
        </tbody>
      </table>
      <p id={hintId} hidden>
        <Trans>Enter opens the job. Arrow keys or J and K move between jobs.</Trans>
      </p>
    </div>
  );
}

/** The table's place while the first rows load. */
export function TableSkeleton() {
  const { t } = useLingui();
  return (
    <div className={s.skeletonTable} role="status" aria-label={t`Loading jobs`}>
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
