import type { ReactNode } from 'react';
import { Button, ProgressBar } from '../ui';
import { formatCount } from '../lib/count';
import type { AllJobs } from './useAllJobs';
import s from './progress.module.css';

/** What a whole-result read says of itself, in the words of the screen that shows it. */
export type AllJobsWords = {
  /** While reading: "Loading every matching job onto the map: 5 of 12…" (`read`, `toRead` counted). */
  loading: (read: string, toRead: string | null) => string;
  /** The progress bar's name. */
  progressLabel: string;
  stopLabel: string;
  /** After Stop, `read` jobs read: what is shown. */
  stopped: (read: number, toRead: number | null) => string;
  /** Read again after a stop. */
  againLabel: string;
  /** The read failed (`error`, a sentence) after `read` jobs. */
  failed: (error: string, read: number) => string;
  /** Read again after a failure. */
  retryLabel: string;
  /** Read to the cap: `seen` of `total` jobs, `cap` at most. */
  capped: (seen: number, total: number, cap: number) => string;
  /** The last refresh failed: what is shown is the read before. */
  refreshFailed: (error: string) => string;
};

/**
 * Where a whole-result read (`useAllJobs`) stands, in a strip above the table: its progress
 * with Stop while it reads; after a stop or a failure, what was read and a way to read again;
 * read to the cap, what the cap left out; a failed refresh. Nothing once read complete.
 */
export function AllJobsStatus({
  all,
  words,
  children,
}: {
  all: AllJobs;
  words: AllJobsWords;
  /** More to say, after the strip's own text (shown whenever the strip is). */
  children?: ReactNode;
}) {
  const { phase, progress } = all;
  const read = progress ? progress.jobsSeen : all.jobs.length;
  const strip = (text: string, action?: ReactNode, failed = false) => (
    <div className={s.progressStrip} data-phase={failed ? 'error' : phase}>
      <p role="status" className={s.searchText}>
        {text}
        {children}
      </p>
      {phase === 'loading' && progress && (
        <ProgressBar value={progress.pagesDone} max={progress.pagesTotal} label={words.progressLabel} />
      )}
      {action}
    </div>
  );
  if (phase === 'loading')
    return strip(
      words.loading(formatCount(read), progress ? formatCount(progress.jobsToRead) : null),
      <Button size="sm" onClick={all.stop}>
        {words.stopLabel}
      </Button>,
    );
  if (phase === 'stopped' || phase === 'error')
    return strip(
      phase === 'stopped'
        ? words.stopped(read, progress ? progress.jobsToRead : null)
        : words.failed(all.error ?? '', read),
      <Button size="sm" onClick={all.again}>
        {phase === 'stopped' ? words.againLabel : words.retryLabel}
      </Button>,
    );
  if (all.error)
    return strip(
      words.refreshFailed(all.error),
      <Button size="sm" onClick={all.again}>
        {words.retryLabel}
      </Button>,
      true,
    );
  if (progress?.capped)
    return strip(words.capped(progress.jobsSeen, progress.totalRecords, progress.jobsToRead));
  return children ? strip('') : null;
}
