import { Button, ProgressBar } from '../../../ui';
import { formatCount } from '../count-format';
import type { AllJobs } from '../useAllJobs';
import s from './overview.module.css';

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * Where one of the control room's reads stands, in words: its progress with Stop, what the cap
 * or a stop left out (the figures rest on what was read), a failure with Retry. `what` names
 * the jobs read: "open jobs", "jobs of the window".
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
  const { phase, progress } = read;
  if (after)
    return (
      <div className={s.readStatus} data-phase="waiting">
        <p role="status" aria-live="polite" data-read={label} data-phase="waiting">
          {`${what[0]!.toUpperCase()}${what.slice(1)} are read once ${after} are.`}
        </p>
      </div>
    );
  const seen = progress?.jobsSeen ?? read.jobs.length;
  let text: string;
  if (phase === 'loading')
    text = progress
      ? `Reading ${what}: ${formatCount(progress.jobsSeen)} of ${formatCount(progress.jobsToRead)}…`
      : `Reading ${what}…`;
  else if (phase === 'stopped')
    text = `Stopped after ${plural(seen, 'job')} of ${formatCount(progress?.totalRecords ?? seen)}: what follows rests on those only.`;
  else if (phase === 'error')
    text = `Could not read ${what}: ${read.error}${seen ? ` What follows rests on the ${plural(seen, 'job')} read before.` : ''}`;
  else if (progress?.capped)
    text = `Read the first ${formatCount(progress.jobsSeen)} of ${formatCount(progress.totalRecords)} ${what} (the most this screen reads); ${formatCount(progress.totalRecords - progress.jobsSeen)} left out. Choose a branch or a team to see them all.`;
  else text = `${formatCount(seen)} ${what} read${read.refreshing ? ', refreshing…' : '.'}`;
  return (
    <div className={s.readStatus} data-phase={phase}>
      <p role="status" aria-live="polite" data-read={label} data-phase={phase}>
        {text}
      </p>
      {phase === 'loading' && progress && (
        <ProgressBar value={progress.pagesDone} max={progress.pagesTotal} label={`${label}: progress`} />
      )}
      {phase === 'loading' ? (
        <Button size="sm" onClick={read.stop}>
          Stop
        </Button>
      ) : phase === 'error' || phase === 'stopped' ? (
        <Button size="sm" onClick={read.again}>
          {phase === 'error' ? 'Retry' : 'Read again'}
        </Button>
      ) : null}
    </div>
  );
}
