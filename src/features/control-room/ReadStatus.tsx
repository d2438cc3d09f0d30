import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import { AllJobsStatus, type AllJobsWords, type AllJobs } from '../../job-views';
import { formatCount } from '../../lib/count';
import { formatClock } from '../../ui';
import s from './controlRoom.module.css';

/** The control room's two reads: the open work, and the jobs of the window. */
export type ReadKind = 'open' | 'window';

/** The read's name in `data-read` (for tests and the bench): not shown. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- names for tests and the bench, never shown
const READ_KEYS: Record<ReadKind, string> = { open: 'Open work', window: "The window's jobs" };

/** The strip's words for the open jobs' read. */
function openWords(): AllJobsWords {
  return {
    loading: (read, toRead) =>
      toRead ? i18n._(msg`Reading open jobs: ${read} of ${toRead}…`) : i18n._(msg`Reading open jobs…`),
    progressLabel: i18n._(msg`Open work: progress`),
    stopLabel: i18n._(msg`Stop`),
    stopped: (read, toRead) => {
      const total = toRead === null ? '' : formatCount(toRead);
      return toRead === null
        ? i18n._(msg`Stopped before any of the open jobs were read.`)
        : i18n._(
            msg`Stopped after ${plural(read, { one: '# job', other: '# jobs' })} of ${total}: what follows rests on those only.`,
          );
    },
    againLabel: i18n._(msg`Read again`),
    failed: (error, read) =>
      read
        ? i18n._(
            msg`Could not read open jobs: ${error} What follows rests on the ${plural(read, { one: '# job', other: '# jobs' })} read before.`,
          )
        : i18n._(msg`Could not read open jobs: ${error}`),
    retryLabel: i18n._(msg`Retry`),
    capped: (seenCount, totalCount, capCount) => {
      const seen = formatCount(seenCount);
      const total = formatCount(totalCount);
      const cap = formatCount(capCount);
      const left = formatCount(totalCount - seenCount);
      return i18n._(
        msg`Read the newest ${seen} of ${total} open jobs (at most ${cap} from a service without the extension for scale); the ${left} older ones are left out of what follows.`,
      );
    },
    refreshFailed: (error) =>
      i18n._(msg`The last refresh failed (${error}); what follows is from the read before.`),
  };
}

/** The strip's words for the read of the window's jobs. */
function windowWords(): AllJobsWords {
  return {
    loading: (read, toRead) =>
      toRead
        ? i18n._(msg`Reading jobs of the window: ${read} of ${toRead}…`)
        : i18n._(msg`Reading jobs of the window…`),
    progressLabel: i18n._(msg`The window's jobs: progress`),
    stopLabel: i18n._(msg`Stop`),
    stopped: (read, toRead) => {
      const total = toRead === null ? '' : formatCount(toRead);
      return toRead === null
        ? i18n._(msg`Stopped before any of the jobs of the window were read.`)
        : i18n._(
            msg`Stopped after ${plural(read, { one: '# job', other: '# jobs' })} of ${total}: what follows rests on those only.`,
          );
    },
    againLabel: i18n._(msg`Read again`),
    failed: (error, read) =>
      read
        ? i18n._(
            msg`Could not read jobs of the window: ${error} What follows rests on the ${plural(read, { one: '# job', other: '# jobs' })} read before.`,
          )
        : i18n._(msg`Could not read jobs of the window: ${error}`),
    retryLabel: i18n._(msg`Retry`),
    capped: (seenCount, totalCount, capCount) => {
      const seen = formatCount(seenCount);
      const total = formatCount(totalCount);
      const cap = formatCount(capCount);
      const left = formatCount(totalCount - seenCount);
      return i18n._(
        msg`Read the newest ${seen} of ${total} jobs of the window (at most ${cap} from a service without the extension for scale); the ${left} older ones are left out of what follows.`,
      );
    },
    refreshFailed: (error) =>
      i18n._(msg`The last refresh failed (${error}); what follows is from the read before.`),
  };
}

/**
 * Where one of the control room's reads stands: the jobs screens' strip (progress with Stop,
 * what a stop, a failure or the cap left out) in the control room's words, and once read
 * whole, how many were read and as of when. `what` names the read (`data-read`, with
 * `data-phase`, for tests and the bench).
 */
export function ReadStatus({
  read,
  what,
  waiting = false,
}: {
  read: AllJobs;
  what: ReadKind;
  /** Not started yet: the window's jobs wait for the open work's read to end first. */
  waiting?: boolean;
}) {
  const { t } = useLingui();
  const phase = waiting ? 'waiting' : read.phase;
  const whole = phase === 'done' && !read.progress?.capped && !read.error;
  const count = read.progress?.jobsSeen ?? read.jobs.length;
  const time = read.asOf ? formatClock(read.asOf / 1000) : '';
  let done = '';
  if (whole) {
    const readText =
      what === 'open'
        ? read.refreshing
          ? t`${plural(count, { one: '# open job read, refreshing…', other: '# open jobs read, refreshing…' })}`
          : t`${plural(count, { one: '# open job read.', other: '# open jobs read.' })}`
        : read.refreshing
          ? t`${plural(count, { one: '# job of the window read, refreshing…', other: '# jobs of the window read, refreshing…' })}`
          : t`${plural(count, { one: '# job of the window read.', other: '# jobs of the window read.' })}`;
    done = time ? `${readText} ${t`As of ${time}.`}` : readText;
  }
  return (
    <div className={s.readStatus} data-read={READ_KEYS[what]} data-phase={phase}>
      {waiting ? (
        <p role="status">{t`Jobs of the window are read once the open jobs are.`}</p>
      ) : whole ? (
        <p role="status">{done}</p>
      ) : (
        <AllJobsStatus all={read} words={what === 'open' ? openWords() : windowWords()} />
      )}
    </div>
  );
}
