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
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { i18n } from '../../../i18n';
import { formatCount } from '../../../lib/count';

const lateJobs = (late: number) => i18n._(msg`${plural(late, { one: '# late job', other: '# late jobs' })}`);
const openJobs = (open: number) => i18n._(msg`${plural(open, { one: '# open job', other: '# open jobs' })}`);

/** The strip's words, `late` being the late jobs among those read so far. */
function lateWords(late: number): AllJobsWords {
  const lateText = lateJobs(late);
  return {
    loading: (read, toRead) =>
      toRead
        ? i18n._(
            msg`Looking for late jobs in the open work: ${read} of ${toRead} open jobs read, ${lateText} so far…`,
          )
        : i18n._(msg`Looking for late jobs in the open work: starting, ${lateText} so far…`),
    progressLabel: i18n._(msg`Late jobs: reading progress`),
    stopLabel: i18n._(msg`Stop reading`),
    stopped: (readCount, toReadCount) => {
      const read = openJobs(readCount);
      const toRead = formatCount(toReadCount ?? 0);
      return toReadCount !== null
        ? i18n._(msg`Stopped after ${read} of ${toRead}: the table shows the ${lateText} among them.`)
        : i18n._(msg`Stopped after ${read}: the table shows the ${lateText} among them.`);
    },
    againLabel: i18n._(msg`Read them all`),
    failed: (error, readCount) => {
      const read = openJobs(readCount);
      return i18n._(
        msg`Could not read the open work: ${error} The table shows the ${lateText} among the ${read} read.`,
      );
    },
    retryLabel: i18n._(msg`Retry`),
    capped: (seenCount, totalCount, capCount) => {
      const seen = formatCount(seenCount);
      const total = openJobs(totalCount);
      const cap = formatCount(capCount);
      const rest = openJobs(totalCount - seenCount);
      return i18n._(
        msg`The late jobs shown are among the first ${seen} of the operation’s ${total}: on a service without the extension, the browser holds at most ${cap}. The other ${rest} were not read, whatever the filters.`,
      );
    },
    refreshFailed: (error) =>
      i18n._(
        msg`The last refresh failed (${error}); the table shows the late jobs as they were read before.`,
      ),
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
      <Trans>
        Not read: <Plural value={unnamed} one="# job is" other="# jobs are" /> in statuses the configuration
        does not name (“Status N”).
      </Trans>
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
  const lateText = lateJobs(late);
  const count = <strong className="num">{lateText}</strong>;
  if (!read || !p) return <Trans>Looking for late jobs in the open work…</Trans>;
  const seen = formatCount(p.jobsSeen);
  if (read.phase === 'loading') {
    const toRead = openJobs(p.jobsToRead);
    return (
      <Trans>
        {count} so far, {seen} of {toRead} read
      </Trans>
    );
  }
  if (read.phase === 'done' && !p.capped) {
    const total = formatCount(p.totalRecords);
    return filtered ? (
      <Trans>
        {count} of {total} open within these filters
      </Trans>
    ) : (
      <Trans>
        {count} of {total} open
      </Trans>
    );
  }
  // Stopped, failed or capped: the set's reading is of the operation's open work, whatever the filters.
  const total = openJobs(p.totalRecords);
  return p.capped && read.phase === 'done' ? (
    <Trans>
      {count} among the first {seen} of the operation’s {total} read
    </Trans>
  ) : (
    <Trans>
      {count} among the {seen} of the operation’s {total} read
    </Trans>
  );
}
