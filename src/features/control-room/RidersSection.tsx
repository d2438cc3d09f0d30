import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useTable, type ColumnFiltersState, type SortingState } from '@tanstack/react-table';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import type { Job } from '../../contract';
import type { RiderRow } from '../../rules/riders';
import { riderPositionAge as positionAge } from '../../rules/riders';
import { jobLateness, type LateRule } from '../../rules/lateness';
import { jobBranchId } from '../../rules/job-branch';
import { formatDuration } from '../../lib/duration';
import { Button, EmptyState, knownTimeZone, viewerTimeZone } from '../../ui';
import { RIDER_FIELDS, riderCsvRow } from './csv';
import { formatCount } from '../../lib/count';
import { StatusBadge } from '../../job-views';
import { riderColumns, riderPhone, ridersTableFeatures, telHref, type RiderLine } from './rider-columns';
import s from './controlRoom.module.css';
import rs from './riders.module.css';

/**
 * Every rider seen in the open work and the window: on duty or not, their branches, what they
 * carry, their late stops, when they were last seen (stale marked), a phone to call, and their
 * figures of the window; sorted by any column, filtered to those not reporting, with late
 * stops, or of a branch. Same-name riders show their reference ids. A rider chosen opens a
 * card right under their row: their open jobs and their position, with its age.
 */
export function RidersSection({
  riders,
  jobs,
  branchName,
  selected,
  now,
  lateRule,
  onSelect,
  onOpenJob,
}: {
  riders: RiderRow[];
  /** The jobs read (open work and window), for each rider's branches. */
  jobs: readonly Job[];
  branchName: (id: string) => string;
  selected: number | undefined;
  now: number;
  lateRule: LateRule;
  onSelect: (id: number | undefined) => void;
  onOpenJob: (id: number) => void;
}) {
  const { t } = useLingui();
  const lines = useMemo<RiderLine[]>(() => {
    const branches = new Map<number, Set<string>>();
    for (const job of jobs) {
      if (!job.rider) continue;
      const b = jobBranchId(job);
      if (!b) continue;
      let set = branches.get(job.rider.id);
      if (!set) branches.set(job.rider.id, (set = new Set()));
      set.add(b);
    }
    return riders.map((r) => ({ ...r, branches: branches.get(r.id) ?? new Set() }));
  }, [riders, jobs]);
  const allBranches = useMemo(
    () =>
      [...new Set(lines.flatMap((l) => [...l.branches]))].sort((a, b) =>
        branchName(a).localeCompare(branchName(b)),
      ),
    [lines, branchName],
  );
  const [sorting, setSorting] = useState<SortingState>([]);
  const [notReporting, setNotReporting] = useState(false);
  const [lateOnly, setLateOnly] = useState(false);
  const [branch, setBranch] = useState('');
  const columnFilters = useMemo<ColumnFiltersState>(
    () => [
      ...(notReporting ? [{ id: 'lastSeen', value: true }] : []),
      ...(lateOnly ? [{ id: 'lateStops', value: true }] : []),
      ...(branch ? [{ id: 'branch', value: branch }] : []),
    ],
    [notReporting, lateOnly, branch],
  );
  const columns = useMemo(
    () => riderColumns((id) => onSelect(id === selected ? undefined : id), selected, branchName),
    [onSelect, selected, branchName],
  );
  const table = useTable({
    features: ridersTableFeatures,
    columns,
    data: lines,
    getRowId: (r) => String(r.id),
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
  });
  const rows = table.getRowModel().rows;
  const onDuty = riders.filter((r) => r.open.length > 0).length;
  const seen = riders.length;
  const shownCount = formatCount(rows.length);
  const seenCount = formatCount(riders.length);
  const width = table.getAllLeafColumns().length;

  return (
    <section className={s.section} aria-labelledby="riders-title">
      <div className={s.blockHead}>
        <h2 id="riders-title" className={s.sectionTitle}>
          <Trans>Riders</Trans>
        </h2>
        <Button
          size="sm"
          disabled={rows.length === 0}
          onClick={() => {
            const words = { knownZone: knownTimeZone, viewerZone: viewerTimeZone() };
            void import('./csv-export').then(({ saveCsv, csvName }) =>
              saveCsv(
                csvName('riders'),
                RIDER_FIELDS,
                rows.map((row) => riderCsvRow(row.original, words)),
              ),
            );
          }}
        >
          <Trans>Export CSV</Trans>
        </Button>
      </div>
      <p className={s.note}>
        {t`${plural(seen, { one: '# rider seen in the open work and the window', other: '# riders seen in the open work and the window' })}; ${plural(onDuty, { other: '# on duty (carrying open jobs)' })}. A position older than the threshold is marked stale; its age is the rider’s last update.`}
      </p>
      {riders.length === 0 ? (
        <EmptyState title={t`No rider seen`}>
          <Trans>No open job and no job of the window has a rider.</Trans>
        </EmptyState>
      ) : (
        <>
          <div className={rs.filters} role="group" aria-label={t`Filter the riders`}>
            <label className={s.toggle}>
              <input
                type="checkbox"
                checked={notReporting}
                onChange={(e) => setNotReporting(e.target.checked)}
              />
              <Trans>Not reporting</Trans>
            </label>
            <label className={s.toggle}>
              <input type="checkbox" checked={lateOnly} onChange={(e) => setLateOnly(e.target.checked)} />
              <Trans>With late stops</Trans>
            </label>
            <label className={s.field}>
              <Trans>Branch</Trans>
              <select value={branch} onChange={(e) => setBranch(e.target.value)}>
                <option value="">{t`All branches`}</option>
                {allBranches.map((b) => (
                  <option key={b} value={b}>
                    {branchName(b)}
                  </option>
                ))}
              </select>
            </label>
            <span className={s.note} aria-live="polite">
              {rows.length === riders.length
                ? t`${shownCount} shown`
                : t`${shownCount} of ${seenCount} shown`}
            </span>
          </div>
          <div
            className={`${s.tableBox} ${s.listBox}`}
            tabIndex={0}
            role="region"
            aria-label={t`Riders, one per row`}
          >
            <table className={s.table}>
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const column = header.column;
                      const sorted = column.getIsSorted();
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          className={column.columnDef.meta?.numeric ? 'num' : undefined}
                          aria-sort={
                            sorted === 'desc' ? 'descending' : sorted === 'asc' ? 'ascending' : 'none'
                          }
                        >
                          <button
                            type="button"
                            className={rs.sortButton}
                            onClick={column.getToggleSortingHandler()}
                          >
                            <table.FlexRender header={header} />
                            <span aria-hidden="true" className={rs.sortMark}>
                              {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
                            </span>
                          </button>
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {rows.map((row) => {
                  const r = row.original;
                  return (
                    <Fragment key={row.id}>
                      <tr aria-selected={r.id === selected} data-rider-id={r.id}>
                        {row.getAllCells().map((cell, i) => {
                          const Cell = i === 0 ? 'th' : 'td';
                          return (
                            <Cell
                              key={cell.id}
                              scope={i === 0 ? 'row' : undefined}
                              className={cell.column.columnDef.meta?.numeric ? 'num' : undefined}
                            >
                              <table.FlexRender cell={cell} />
                            </Cell>
                          );
                        })}
                      </tr>
                      {r.id === selected && (
                        <tr className={rs.cardRow}>
                          <td colSpan={width}>
                            <RiderCard rider={r} now={now} lateRule={lateRule} onOpenJob={onOpenJob} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
            {rows.length === 0 && (
              <p className={s.chartEmpty}>
                <Trans>No rider matches these filters.</Trans>
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** The chosen rider: a phone to call, their position and its age, their open jobs. */
function RiderCard({
  rider: r,
  now,
  lateRule,
  onOpenJob,
}: {
  rider: RiderLine;
  now: number;
  lateRule: LateRule;
  onOpenJob: (id: number) => void;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest' }), []);
  const phone = riderPhone(r);
  const position = `${r.rider.last_coordinates.latitude?.toFixed(5)}, ${r.rider.last_coordinates.longitude?.toFixed(5)}`;
  const riderId = r.id;
  const name = r.name || t`Rider ${riderId}`;
  const age = formatDuration(positionAge(r.rider, now) ?? 0);
  return (
    <div
      ref={ref}
      id={`rider-card-${r.id}`}
      className={rs.riderCard}
      role="region"
      aria-label={t`Rider ${name}`}
      data-rider-detail={r.id}
    >
      <h3 className={s.blockTitle}>
        {name} <span className={rs.refId}>{r.rider.reference_id || `#${r.id}`}</span>
      </h3>
      <p>
        {phone ? (
          <a className={rs.tel} href={telHref(phone)}>
            <Trans>
              Call <bdi>{phone}</bdi>
            </Trans>
          </a>
        ) : (
          t`No phone number in the data.`
        )}
      </p>
      <p>
        {r.lastSeen === null ? (
          t`This rider has sent no position.`
        ) : (
          <>
            {r.stale ? (
              <Trans>
                Last position <bdi className="num">{position}</bdi>, {age} old
                <strong className={s.stale}> (stale)</strong>.
              </Trans>
            ) : (
              <Trans>
                Last position <bdi className="num">{position}</bdi>, {age} old.
              </Trans>
            )}{' '}
            <Link to="/jobs" search={{ page: 1, view: 'map', scope: 'all' }}>
              <Trans>Show the operations map</Trans>
            </Link>
          </>
        )}
      </p>
      {r.open.length === 0 ? (
        <p className={s.note}>
          <Trans>No open job.</Trans>
        </p>
      ) : (
        <ul className={rs.riderJobs}>
          {r.open.map((job) => {
            const late = jobLateness(job, now, lateRule);
            const id = job.id;
            return (
              <li key={job.id}>
                <Button size="sm" onClick={() => onOpenJob(job.id)}>
                  <Trans>Job {id}</Trans>
                </Button>{' '}
                <StatusBadge code={job.status} /> {job.order_id}
                {late.late && (
                  <span className={s.stale}>
                    {' · '}
                    <Trans>late</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
