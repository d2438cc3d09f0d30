/**
 * One read of the whole-result scan for `useJobsScan` (./useJobsScan.ts), loaded with the first
 * read so that the scan stays out of the first load of the screens using the hook: what `take`
 * keeps of each page, handed to `publish` at most once a frame while the pages arrive (many per
 * second), then once at the end.
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
  const send = (phase: ScanPhase, error: string | null = null) => {
    cancelAnimationFrame(frame);
    frame = 0;
    publish({ phase, items: phase === 'done' ? items : [...items], progress, error });
  };
  const end = () => {
    cancelAnimationFrame(frame);
    ended.abort();
  };
  options.signal.addEventListener('abort', end, { once: true });
  if (options.signal.aborted) end();
  scanJobs(api, filters, {
    cap,
    signal,
    onPage: (jobs, _page, p) => {
      items.push(...take(jobs));
      progress = p;
      if (!frame) frame = requestAnimationFrame(() => send('loading'));
    },
  }).then(
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
