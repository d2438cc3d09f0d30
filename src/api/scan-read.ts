/**
 * One read of the whole-result scan for `useJobsScan` (./useJobsScan.ts), loaded with the first
 * read so that the scan stays out of the first load of the screens using the hook: what `take`
 * keeps of each page, handed to `publish` at most once a frame (or once per `publishEveryMs`)
 * while the pages arrive (many per second), then once at the end.
 */
import type { Job } from '../contract';
import { errorMessage } from '../lib/error-message';
import type { ApiClient } from './client';
import type { JobsFilters } from './endpoints';
import { scanJobs, type ScanProgress } from './scan';

/** Where a read stands: reading, read to the end (or the cap), ended by stop, or failed. */
export type ScanPhase = 'loading' | 'done' | 'stopped' | 'error';

export type ReadState<T> = {
  phase: ScanPhase;
  items: T[];
  progress: ScanProgress | null;
  error: string | null;
};

/**
 * Starts the read; returns its stop, which ends it where it is and publishes what was read.
 * `signal` ends it without publishing anything more.
 */
export function startRead<T>(
  api: ApiClient,
  filters: Omit<JobsFilters, 'page'>,
  options: {
    cap: number;
    /** Hand pages over at most once per this many ms (default: once a frame). */
    publishEveryMs?: number;
    /** Read these statuses, each through the `status` filter, one after another (see `JobsScanRead`). */
    statuses?: readonly number[];
    take: (jobs: Job[]) => T[];
    signal: AbortSignal;
    publish: (state: ReadState<T>) => void;
  },
): () => void {
  const { cap, take, publish } = options;
  // Ended by the caller's signal or by stop; requests still out are cancelled.
  const ended = new AbortController();
  const { signal } = ended;
  const items: T[] = [];
  let progress: ScanProgress | null = null;
  let frame = 0;
  const every = options.publishEveryMs;
  const later = (fn: () => void) => (every ? window.setTimeout(fn, every) : requestAnimationFrame(fn));
  const cancelLater = (handle: number) => (every ? clearTimeout(handle) : cancelAnimationFrame(handle));
  const send = (phase: ScanPhase, error: string | null = null) => {
    cancelLater(frame);
    frame = 0;
    publish({ phase, items: phase === 'done' ? items : [...items], progress, error });
  };
  const end = () => {
    cancelLater(frame);
    ended.abort();
  };
  options.signal.addEventListener('abort', end, { once: true });
  if (options.signal.aborted) end();
  const parts = options.statuses?.map((status) => ({ ...filters, status })) ?? [filters];
  // A job whose status changes while the statuses are read can be met twice: kept once.
  const seen = parts.length > 1 ? new Set<number>() : null;
  const readParts = async () => {
    let before: ScanProgress | null = null;
    for (const part of parts) {
      // Once the cap is reached, a part's first page is still read: it says what the cap left out.
      const left = cap - (before?.jobsSeen ?? 0);
      const outcome = await scanJobs(api, part, {
        cap: left,
        signal,
        onPage: (jobs, _page, p) => {
          items.push(...take(seen ? jobs.filter((job) => !seen.has(job.id) && seen.add(job.id)) : jobs));
          progress = before ? combine(before, p) : p;
          if (!frame) frame = later(() => send('loading'));
        },
      });
      before = before ? combine(before, outcome) : outcome;
    }
    return before ?? NOTHING_READ;
  };
  readParts().then(
    (outcome) => {
      progress = outcome;
      if (!signal.aborted) send('done');
    },
    (e: unknown) => {
      if (!signal.aborted) send('error', errorMessage(e));
    },
  );
  return () => {
    if (signal.aborted) return;
    end();
    send('stopped');
  };
}

/** No statuses to read. */
const NOTHING_READ: ScanProgress = {
  pagesDone: 0,
  pagesTotal: 0,
  jobsSeen: 0,
  totalRecords: 0,
  jobsToRead: 0,
  capped: false,
};

/** The progress of two reads one after the other, as one. */
function combine(a: ScanProgress, b: ScanProgress): ScanProgress {
  return {
    pagesDone: a.pagesDone + b.pagesDone,
    pagesTotal: a.pagesTotal + b.pagesTotal,
    jobsSeen: a.jobsSeen + b.jobsSeen,
    totalRecords: a.totalRecords + b.totalRecords,
    jobsToRead: a.jobsToRead + b.jobsToRead,
    capped: a.capped || b.capped,
  };
}
