import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { memo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Job, StopBranch } from '../../contract';
import type { ExceptionKind, Exceptions, JobException } from '../../rules/exceptions';
import { jobBranchId } from '../../rules/job-branch';
import { Banner, Button, EmptyState, knownTimeZone, Skeleton, useMediaQuery, viewerTimeZone } from '../../ui';
import { describeStatus, useConfig } from '../../config';
import { EXCEPTION_FIELDS, exceptionCsvRow, type CsvWords } from './csv';
import { formatCount } from '../../lib/count';
import { StatusBadge, type UnnamedCount, type AllJobs } from '../../job-views';
import type { JobsLinkBase } from './jobs-links';
import { jobsLink } from './jobs-links';
import { ReadStatus } from './ReadStatus';
import { Thresholds } from './Thresholds';
import s from './controlRoom.module.css';
import x from './exceptions.module.css';
import { reasonLabels, reasonText } from './reason-text';

const KINDS: readonly ExceptionKind[] = ['late', 'rider', 'stuck', 'at-risk'];
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
  const { t } = useLingui();
  const config = useConfig();
  const labels = reasonLabels();
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
  const shownAll = formatCount(rows.length);
  const branches = [...exceptions.byBranch.entries()].sort(
    (a, b) => b[1].jobs - a[1].jobs || a[0].localeCompare(b[0]),
  );
  const tabbableId = shown.some((e) => e.job.id === openJobId) ? openJobId : shown[0]?.job.id;
  const branchLabel = (id: string) => (id ? branchNames.get(id)?.name || id : t`No branch`);
  const statusLabel = (code: number) => describeStatus(config, code).label;
  const unnamedCount = unnamed.count ?? 0;
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
          <Trans>Needs attention now</Trans>
        </h2>
        <Button
          size="sm"
          disabled={rows.length === 0}
          onClick={() => {
            const words: CsvWords = {
              statusLabel,
              reasonText,
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
          <Trans>Export CSV</Trans>
        </Button>
      </div>
      <ReadStatus read={open} what="open" />
      {unnamed.count !== null && unnamed.count > 0 && (
        <Banner tone="warning">
          {t`${plural(unnamedCount, {
            one: '# job is in statuses the configuration does not name, so this list cannot read it.',
            other: '# jobs are in statuses the configuration does not name, so this list cannot read them.',
          })}`}{' '}
          <Link to="/jobs" search={jobsLink({ branch_id: base.branch_id, team_id: base.team_id })}>
            <Trans>See every job in the jobs screen</Trans>
          </Link>
        </Banner>
      )}
      <div className={s.countRow} role="group" aria-label={t`Narrow the list by reason`}>
        <button
          type="button"
          className={s.chip}
          aria-pressed={reason === undefined}
          onClick={() => onReason(undefined)}
        >
          <Trans>All</Trans> <span className="num">{formatCount(exceptions.counts.jobs)}</span>
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
            {labels[kind]} <span className="num">{formatCount(exceptions.counts[kind])}</span>
          </button>
        ))}
      </div>
      <Thresholds />
      {branches.length > 1 && (
        <div className={s.countRow} role="group" aria-label={t`Narrow the list by branch`}>
          {branches.map(([id, counts]) => (
            <button
              key={id}
              type="button"
              className={s.chip}
              aria-pressed={listBranch === id}
              title={KINDS.map((k) => `${labels[k]} ${formatCount(counts[k])}`).join(', ')}
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
          title={open.phase === 'loading' ? t`Nothing needs attention so far` : t`Nothing needs attention`}
        >
          {reason || listBranch !== undefined
            ? t`No open job matches this narrowing. Choose “All” to see the whole list.`
            : t`No open job is late, at risk, stuck, or with a rider who stopped reporting.`}
        </EmptyState>
      ) : (
        <div className={`${s.tableBox} ${s.listBox}`}>
          <table
            className={`${s.table} ${x.cards}`}
            aria-label={t`Jobs needing attention, most urgent first`}
          >
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Job</Trans>
                </th>
                <th scope="col">
                  <Trans>Why</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Branch</Trans>
                </th>
                <th scope="col">
                  <Trans>Rider</Trans>
                </th>
                {actionCell && (
                  <th scope="col">
                    <Trans>Act</Trans>
                  </th>
                )}
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
                  status={statusLabel(e.job.status)}
                  onOpen={onOpen}
                  actionCell={actionCell}
                />
              ))}
            </tbody>
          </table>
          {rows.length > shown.length && (
            <Button size="sm" onClick={() => setShowAll(true)}>
              <Trans>Show all {shownAll}</Trans>
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
  status,
  onOpen,
  actionCell,
}: {
  exception: JobException;
  /** The row Tab reaches (the open job's, else the first). */
  tabbable: boolean;
  selected: boolean;
  branch: string;
  /** The job's status in words (a stuck job's reason names it). */
  status: string;
  onOpen: (id: number) => void;
  actionCell?: (job: Job) => ReactNode;
}) {
  const { t } = useLingui();
  const { job, reasons } = exception;
  const riderId = job.rider?.id;
  return (
    <tr
      data-job-id={job.id}
      tabIndex={tabbable ? 0 : -1}
      aria-selected={selected}
      className={s.row}
      onClick={() => onOpen(job.id)}
    >
      <td data-label={t`Job`}>
        <span className="mono">{job.id}</span>
        {job.order_id && (
          <span className={s.sub}>
            {' · '}
            <bdi>{job.order_id}</bdi>
          </span>
        )}
      </td>
      <td data-label={t`Why`}>
        <ul className={s.why}>
          {reasons.map((r) => (
            <li key={r.kind} data-kind={r.kind}>
              {reasonText(r, status)}
            </li>
          ))}
        </ul>
      </td>
      <td data-label={t`Status`}>
        <StatusBadge code={job.status} />
      </td>
      <td data-label={t`Branch`}>{branch}</td>
      <td data-label={t`Rider`}>
        {job.rider ? (
          job.rider.name || t`Rider ${riderId}`
        ) : (
          <span className={s.sub}>
            <Trans>unassigned</Trans>
          </span>
        )}
      </td>
      {actionCell && <td>{actionCell(job)}</td>}
    </tr>
  );
});
