/**
 * "Late only" over the whole filtered result (loaded when it is switched on): the open work
 * within the filters, from the browser's working set (`useOpenWorkOfSet`, the control room's
 * read: no scan of its own), handed to the screen, which lists its late jobs; where the set's
 * reading stands (its first read's progress, Stop, its cap on a service without the extension,
 * a failure) in a strip above the table; the header's summary of the whole result.
 */
import { useEffect, useMemo } from 'react';
import { useConfig } from '../../../config';
import {
  AllJobsStatus,
  type AllJobsWords,
  useOpenWorkOfSet,
  useUnnamedStatusCount,
  type AllJobs,
  type Filters,
} from '../../../job-views';
import { countOf, formatCount } from '../../../lib/count';

const lateJobs = (n: number) => countOf(n, 'late job', 'late jobs');
const openJobs = (n: number) => countOf(n, 'open job', 'open jobs');

/** The strip's words, `late` being the late jobs among those read so far. */
function lateWords(late: number): AllJobsWords {
  return {
    loading: (read, toRead) =>
      `Looking for late jobs in the open work: ${toRead ? `${read} of ${toRead} open jobs read` : 'starting'}, ${lateJobs(late)} so far…`,
    progressLabel: 'Late jobs: reading progress',
    stopLabel: 'Stop reading',
    stopped: (read, toRead) =>
      `Stopped after ${openJobs(read)}${toRead !== null ? ` of ${formatCount(toRead)}` : ''}: the table shows the ${lateJobs(late)} among them.`,
    againLabel: 'Read them all',
    failed: (error, read) =>
      `Could not read the open work: ${error} The table shows the ${lateJobs(late)} among the ${openJobs(read)} read.`,
    retryLabel: 'Retry',
    capped: (seen, total, cap) =>
      `The late jobs shown are among the first ${formatCount(seen)} of the operation’s ${openJobs(total)}: on a service without the extension, the browser holds at most ${formatCount(cap)}. ` +
      `The other ${openJobs(total - seen)} were not read, whatever the filters.`,
    refreshFailed: (error) =>
      `The last refresh failed (${error}); the table shows the late jobs as they were read before.`,
  };
}

/**
 * The open work within `filters` from the working set, as a read of the whole result: once the
 * set's open work is read (and not capped), its progress is that of the jobs within the filters,
 * all of them read; while it reads, stopped or capped, the set's own (the operation's open work).
 */
function useLateOnlyRead(filters: Filters, refresh: { autoRefresh: boolean; refreshCount: number }): AllJobs {
  const work = useOpenWorkOfSet(filters, refresh);
  const { jobs, phase, progress } = work;
  const whole = phase === 'done' && !progress?.capped;
  const n = jobs.length;
  const read = useMemo(
    () =>
      whole
        ? { pagesDone: 0, pagesTotal: 0, jobsSeen: n, totalRecords: n, jobsToRead: n, capped: false }
        : progress,
    [whole, n, progress],
  );
  return { ...work, progress: read };
}

/**
 * Reads the open work within `filters` and hands it to `onRead` (null once unmounted); shows
 * where the read stands, and the jobs it cannot read (in statuses the config does not name).
 */
export default function LateOnlyWork({
  filters,
  autoRefresh,
  refreshCount,
  late,
  onRead,
}: {
  filters: Filters;
  autoRefresh: boolean;
  refreshCount: number;
  /** The late jobs among those read. */
  late: number;
  onRead: (read: AllJobs | null) => void;
}) {
  const { statusCounts, refreshSeconds } = useConfig();
  const work = useLateOnlyRead(filters, { autoRefresh, refreshCount });
  const { jobs, phase, progress, error, refreshing, stop, again } = work;
  // One object per state of the read: the screen re-renders when the read moves, not on every render here.
  const read = useMemo(
    () => ({ jobs, phase, progress, error, refreshing, stop, again }),
    [jobs, phase, progress, error, refreshing, stop, again],
  );
  useEffect(() => onRead(read), [read, onRead]);
  useEffect(() => () => onRead(null), [onRead]);

  const { status, ...rest } = filters;
  // Jobs in a status the config does not name are open work it cannot ask for by status.
  const unnamed = useUnnamedStatusCount(
    rest,
    status === undefined && statusCounts,
    // As the status counts refresh: the count shares their requests.
    autoRefresh && refreshSeconds * 1000,
  ).count;
  const note = !!unnamed && (
    <>
      {' '}
      Not read: {countOf(unnamed, 'job is', 'jobs are')} in statuses the configuration does not name (“Status
      N”).
    </>
  );
  return (
    <AllJobsStatus all={read} words={lateWords(late)}>
      {note}
    </AllJobsStatus>
  );
}

/**
 * The header's late summary with "late only" on: of the whole result ("37 late jobs of 412 open
 * within these filters"), or of what was read so far, or up to the cap.
 */
export function LateSummary({
  read,
  late,
  filtered,
}: {
  read: AllJobs | null;
  late: number;
  filtered: boolean;
}) {
  const p = read?.progress;
  const count = <strong className="num">{lateJobs(late)}</strong>;
  if (!read || !p) return <>Looking for late jobs in the open work…</>;
  if (read.phase === 'loading')
    return (
      <>
        {count} so far, {formatCount(p.jobsSeen)} of {openJobs(p.jobsToRead)} read
      </>
    );
  if (read.phase === 'done' && !p.capped)
    return (
      <>
        {count} of {formatCount(p.totalRecords)} open{filtered ? ' within these filters' : ''}
      </>
    );
  // Stopped, failed or capped: the set's reading is of the operation's open work, whatever the filters.
  return (
    <>
      {count} among the {p.capped && read.phase === 'done' ? 'first ' : ''}
      {formatCount(p.jobsSeen)} of the operation’s {openJobs(p.totalRecords)} read
    </>
  );
}
