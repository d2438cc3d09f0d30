import { Link } from '@tanstack/react-router';
import { memo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Job, StopBranch } from '../../contract';
import type { ExceptionKind, Exceptions, JobException } from '../../rules/exceptions';
import { jobBranchId } from '../../rules/job-branch';
import { Banner, Button, EmptyState, knownTimeZone, Skeleton, useMediaQuery, viewerTimeZone } from '../../ui';
import { describeStatus, useConfig } from '../../config';
import { EXCEPTION_FIELDS, exceptionCsvRow, type CsvWords } from './csv';
import { countOf, formatCount, pluralForm } from '../../lib/count';
import { StatusBadge, type UnnamedCount, type AllJobs } from '../../job-views';
import type { JobsLinkBase } from './jobs-links';
import { jobsLink } from './jobs-links';
import { ReadStatus } from './ReadStatus';
import { Thresholds } from './Thresholds';
import s from './controlRoom.module.css';
import x from './exceptions.module.css';

export const REASON_LABELS: Record<ExceptionKind, string> = {
  late: 'Late',
  rider: 'Rider not reporting',
  stuck: 'Stuck',
  'at-risk': 'At risk',
};
const KINDS = Object.keys(REASON_LABELS) as ExceptionKind[];
/** Rows drawn at first; the rest on demand (the list is most urgent first). */
const FIRST_ROWS = 150;

/**
 * What needs a supervisor now: the open work's exceptions, most urgent first, each with its
 * reasons in words; counts per reason and per branch that narrow the list; the jobs the
 * config's statuses cannot reach, counted and linked. A row opens the job panel; ↑/↓ or j/k
 * move between rows, and the open panel follows.
 */
export function ExceptionsSection({
  exceptions,
  open,
  unnamed,
  reason,
  listBranch,
  branchNames,
  base,
  openJobId,
  onOpen,
  onReason,
  onListBranch,
  actionCell,
}: {
  exceptions: Exceptions;
  open: AllJobs;
  unnamed: UnnamedCount;
  reason: ExceptionKind | undefined;
  listBranch: string | undefined;
  branchNames: Map<string, StopBranch>;
  base: JobsLinkBase;
  openJobId: number | undefined;
  onOpen: (id: number, follow?: boolean) => void;
  onReason: (reason: ExceptionKind | undefined) => void;
  onListBranch: (branch: string | undefined) => void;
  /** A row's action control, where the service offers job actions (job-views/actions). */
  actionCell?: (job: Job) => ReactNode;
}) {
  const config = useConfig();
  const [showAll, setShowAll] = useState(false);
  const listRef = useRef<HTMLTableSectionElement>(null);
  const rows = exceptions.list.filter(
    (e) =>
      (reason === undefined || e.reasons.some((r) => r.kind === reason)) &&
      (listBranch === undefined || jobBranchId(e.job) === listBranch),
  );
  // Print lays out every row (a hand-over loses none).
  const printing = useMediaQuery('print');
  const shown = showAll || printing ? rows : rows.slice(0, FIRST_ROWS);
  const branches = [...exceptions.byBranch.entries()].sort(
    (a, b) => b[1].jobs - a[1].jobs || a[0].localeCompare(b[0]),
  );
  const tabbableId = shown.some((e) => e.job.id === openJobId) ? openJobId : shown[0]?.job.id;
  const branchLabel = (id: string) => (id ? branchNames.get(id)?.name || id : 'No branch');
  const firstLoad = open.phase === 'loading' && open.jobs.length === 0;

  const onKey = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-job-id]');
    if (!row || e.altKey || e.ctrlKey || e.metaKey) return;
    const step = e.key === 'ArrowDown' || e.key === 'j' ? 1 : e.key === 'ArrowUp' || e.key === 'k' ? -1 : 0;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(Number(row.dataset.jobId));
      return;
    }
    if (!step) return;
    e.preventDefault();
    const next = (step > 0 ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null;
    if (!next?.dataset.jobId) return;
    next.focus();
    if (openJobId !== undefined) onOpen(Number(next.dataset.jobId), true);
  };

  return (
    <section className={s.section} aria-labelledby="exceptions-title">
      <div className={s.blockHead}>
        <h2 id="exceptions-title" className={s.sectionTitle}>
          Needs attention now
        </h2>
        <Button
          size="sm"
          disabled={rows.length === 0}
          onClick={() => {
            const words: CsvWords = {
              statusLabel: (code) => describeStatus(config, code).label,
              branchName: branchLabel,
              knownZone: knownTimeZone,
              viewerZone: viewerTimeZone(),
            };
            void import('./csv-export').then(({ saveCsv, csvName }) =>
              saveCsv(
                csvName('exceptions'),
                EXCEPTION_FIELDS,
                rows.map((e) => exceptionCsvRow(e, words)),
              ),
            );
          }}
        >
          Export CSV
        </Button>
      </div>
      <ReadStatus read={open} what="open jobs" label="Open work" />
      {unnamed.count !== null && unnamed.count > 0 && (
        <Banner tone="warning">
          {countOf(unnamed.count, 'job is', 'jobs are')} in statuses the configuration does not name, so this
          list cannot read {pluralForm(unnamed.count, 'it', 'them')}.{' '}
          <Link to="/jobs" search={jobsLink({ branch_id: base.branch_id, team_id: base.team_id })}>
            See every job in the jobs screen
          </Link>
        </Banner>
      )}
      <div className={s.countRow} role="group" aria-label="Narrow the list by reason">
        <button
          type="button"
          className={s.chip}
          aria-pressed={reason === undefined}
          onClick={() => onReason(undefined)}
        >
          All <span className="num">{formatCount(exceptions.counts.jobs)}</span>
        </button>
        {KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className={s.chip}
            data-kind={kind}
            aria-pressed={reason === kind}
            onClick={() => onReason(reason === kind ? undefined : kind)}
          >
            {REASON_LABELS[kind]} <span className="num">{formatCount(exceptions.counts[kind])}</span>
          </button>
        ))}
      </div>
      <Thresholds />
      {branches.length > 1 && (
        <div className={s.countRow} role="group" aria-label="Narrow the list by branch">
          {branches.map(([id, counts]) => (
            <button
              key={id}
              type="button"
              className={s.chip}
              aria-pressed={listBranch === id}
              title={KINDS.map((k) => `${REASON_LABELS[k]} ${counts[k]}`).join(', ')}
              onClick={() => onListBranch(listBranch === id ? undefined : id)}
            >
              {branchLabel(id)} <span className="num">{formatCount(counts.jobs)}</span>
            </button>
          ))}
        </div>
      )}
      {firstLoad ? (
        <div className={`${s.tableBox} ${s.listBox} ${s.listSkeleton}`} aria-hidden="true">
          {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          title={open.phase === 'loading' ? 'Nothing needs attention so far' : 'Nothing needs attention'}
        >
          {reason || listBranch !== undefined
            ? 'No open job matches this narrowing. Choose “All” to see the whole list.'
            : 'No open job is late, at risk, stuck, or with a rider who stopped reporting.'}
        </EmptyState>
      ) : (
        <div className={`${s.tableBox} ${s.listBox}`}>
          <table className={`${s.table} ${x.cards}`} aria-label="Jobs needing attention, most urgent first">
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Why</th>
                <th scope="col">Status</th>
                <th scope="col">Branch</th>
                <th scope="col">Rider</th>
                {actionCell && <th scope="col">Act</th>}
              </tr>
            </thead>
            <tbody ref={listRef} onKeyDown={onKey}>
              {shown.map((e) => (
                <ExceptionRow
                  key={e.job.id}
                  exception={e}
                  tabbable={e.job.id === tabbableId}
                  selected={e.job.id === openJobId}
                  branch={branchLabel(jobBranchId(e.job))}
                  onOpen={onOpen}
                  actionCell={actionCell}
                />
              ))}
            </tbody>
          </table>
          {rows.length > shown.length && (
            <Button size="sm" onClick={() => setShowAll(true)}>
              Show all {formatCount(rows.length)}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

/** A row of the list: drawn again only when its own props change (not when another row is opened). */
const ExceptionRow = memo(function ExceptionRow({
  exception,
  tabbable,
  selected,
  branch,
  onOpen,
  actionCell,
}: {
  exception: JobException;
  /** The row Tab reaches (the open job's, else the first). */
  tabbable: boolean;
  selected: boolean;
  branch: string;
  onOpen: (id: number) => void;
  actionCell?: (job: Job) => ReactNode;
}) {
  const { job, reasons } = exception;
  return (
    <tr
      data-job-id={job.id}
      tabIndex={tabbable ? 0 : -1}
      aria-selected={selected}
      className={s.row}
      onClick={() => onOpen(job.id)}
    >
      <td data-label="Job">
        <span className="mono">{job.id}</span>
        {job.order_id && <span className={s.sub}> · {job.order_id}</span>}
      </td>
      <td data-label="Why">
        <ul className={s.why}>
          {reasons.map((r) => (
            <li key={r.kind} data-kind={r.kind}>
              {r.text}
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Status">
        <StatusBadge code={job.status} />
      </td>
      <td data-label="Branch">{branch}</td>
      <td data-label="Rider">
        {job.rider ? job.rider.name || `Rider ${job.rider.id}` : <span className={s.sub}>unassigned</span>}
      </td>
      {actionCell && <td>{actionCell(job)}</td>}
    </tr>
  );
});
