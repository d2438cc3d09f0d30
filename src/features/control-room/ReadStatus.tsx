import { AllJobsStatus, type AllJobsWords, type AllJobs } from '../../job-views';
import { countOf, formatCount } from '../../lib/count';
import { formatClock } from '../../ui';
import s from './controlRoom.module.css';

/** The strip's words for a read of `what` ("open jobs", "jobs of the window"). */
function readWords(what: string, label: string): AllJobsWords {
  return {
    loading: (read, toRead) => (toRead ? `Reading ${what}: ${read} of ${toRead}…` : `Reading ${what}…`),
    progressLabel: `${label}: progress`,
    stopLabel: 'Stop',
    stopped: (read, toRead) =>
      toRead === null
        ? `Stopped before any of the ${what} were read.`
        : `Stopped after ${countOf(read, 'job', 'jobs')} of ${formatCount(toRead)}: what follows rests on those only.`,
    againLabel: 'Read again',
    failed: (error, read) =>
      `Could not read ${what}: ${error}${read ? ` What follows rests on the ${countOf(read, 'job', 'jobs')} read before.` : ''}`,
    retryLabel: 'Retry',
    capped: (seen, total, cap) =>
      `Read the newest ${formatCount(seen)} of ${formatCount(total)} ${what} (at most ${formatCount(cap)} from a service without the extension for scale); the ${formatCount(total - seen)} older ones are left out of what follows.`,
    refreshFailed: (error) => `The last refresh failed (${error}); what follows is from the read before.`,
  };
}

/**
 * Where one of the control room's reads stands: the jobs screens' strip (progress with Stop,
 * what a stop, a failure or the cap left out) in the control room's words, and once read
 * whole, how many were read. `what` names the jobs read; `label` names the read (its progress
 * bar, and `data-read` with `data-phase` for tests and the bench).
 */
export function ReadStatus({
  read,
  what,
  label,
  after,
}: {
  read: AllJobs;
  what: string;
  label: string;
  /** Not started yet: it waits for this read to end first. */
  after?: string;
}) {
  const phase = after ? 'waiting' : read.phase;
  const whole = phase === 'done' && !read.progress?.capped && !read.error;
  return (
    <div className={s.readStatus} data-read={label} data-phase={phase}>
      {after ? (
        <p role="status">{`${what[0]!.toUpperCase()}${what.slice(1)} are read once ${after} are.`}</p>
      ) : whole ? (
        <p role="status">
          {formatCount(read.progress?.jobsSeen ?? read.jobs.length)} {what} read
          {read.refreshing ? ', refreshing…' : '.'}
          {read.asOf ? ` As of ${formatClock(read.asOf / 1000)}.` : ''}
        </p>
      ) : (
        <AllJobsStatus all={read} words={readWords(what, label)} />
      )}
    </div>
  );
}
