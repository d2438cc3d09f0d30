import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState } from 'react';
import type { Job } from '../contract';
import { errorMessage } from '../lib/error-message';
import { useApi } from './context';
import type { JobsFilters } from './endpoints';
import type { ReadState } from './scan-read';

export type { ScanPhase } from './scan-read';

export type JobsScanRead<T> = {
  /**
   * What identifies the read, with `cap`: whatever `filters` depends on. A new key starts a new
   * read, from nothing.
   */
  key: string;
  /** The most jobs to read. */
  cap: number;
  /** The filters to read (page aside), asked as each read starts: a window ending "now" ends then. */
  filters: () => Omit<JobsFilters, 'page'>;
  /**
   * Reads only these statuses, each through the service's `status` filter, one after another
   * within the cap (open work, without reading history). The progress is the parts' summed; once
   * the cap is reached, each part left still has its first page read, for what the cap left out.
   * A job met in two parts (its status changed meanwhile) is kept once. Part of the key: keep it
   * stable too.
   */
  statuses?: readonly number[];
  /**
   * What each page is kept as, as it arrives (the jobs themselves, the ones that match, their
   * deliveries classified). A new function starts a new read: keep it stable (useMemo).
   */
  take: (jobs: Job[]) => T[];
  /**
   * Hands the pages over at most once per this many ms while they arrive (default: once a
   * frame): for screens that compute much from what was read, so that they compute it a few
   * times a second rather than every frame.
   */
  publishEveryMs?: number;
};

export type JobsScan<T> = ReadState<T> & {
  /** The filters of the read shown (null before it starts). */
  filters: Omit<JobsFilters, 'page'> | null;
  /** Ends the read where it is: what was read stays. */
  stop: () => void;
  /** Reads again, from nothing. */
  again: () => void;
};

/** `read`: the read the state belongs to (one object per read started). */
type State<T> = ReadState<T> & { read: object | null; filters: Omit<JobsFilters, 'page'> | null };

/** A read starting: nothing read yet (the same empty list each time, for memos and effects). */
const STARTING: State<never> = {
  read: null,
  phase: 'loading',
  items: [],
  progress: null,
  error: null,
  filters: null,
};

/**
 * The whole-result scan of `read` (src/api/scan.ts) in React state: its phase, its progress,
 * and what `take` kept of each page (`items`), handed over at most once a frame. The reading
 * itself (./scan-read.ts) is loaded with the first read, out of the first load of the screens
 * using the hook. `read` null: nothing to read (yet); the state is that of a read starting.
 */
export function useJobsScan<T>(read: JobsScanRead<T> | null): JobsScan<T> {
  const api = useApi();
  const [run, again] = useReducer((n: number) => n + 1, 0);
  const id = read && JSON.stringify([read.key, read.cap, read.statuses ?? null, run]);
  const publishEveryMs = read?.publishEveryMs;
  const cap = read?.cap;
  const take = read?.take;
  // One read per key and `take`: a key read again after another (A, B, then A) is a new read,
  // never the old one's result shown as if it were this one's.
  const current = useMemo(() => (id === null || !take ? null : { id }), [id, take]);
  const [state, setState] = useState<State<T>>(STARTING);
  // Nothing to read: a later read of the same key starts from nothing too.
  if (current === null && state.read !== null) setState(STARTING);
  const stopRead = useRef(() => {});
  const filtersNow = useEffectEvent(() => read?.filters() ?? {});
  // Part of `id`: a change starts a new read.
  const statusesNow = useEffectEvent(() => read?.statuses);

  useEffect(() => {
    if (current === null || cap === undefined || !take) return;
    const ac = new AbortController();
    const filters = filtersNow();
    const statuses = statusesNow();
    const publish = (s: ReadState<T>) => setState({ ...s, read: current, filters });
    // Stopped before the reading code is in: nothing was read.
    stopRead.current = () => {
      ac.abort();
      publish({ phase: 'stopped', items: [], progress: null, error: null });
    };
    import('./scan-read').then(
      ({ startRead }) => {
        if (!ac.signal.aborted)
          stopRead.current = startRead(api, filters, {
            cap,
            statuses,
            take,
            publishEveryMs,
            signal: ac.signal,
            publish,
          });
      },
      (e: unknown) =>
        !ac.signal.aborted && publish({ phase: 'error', items: [], progress: null, error: errorMessage(e) }),
    );
    return () => ac.abort();
  }, [api, current, cap, take, publishEveryMs]);

  const stop = useCallback(() => stopRead.current(), []);
  const { read: _read, ...shown } = current !== null && state.read === current ? state : STARTING;
  return { ...shown, stop, again };
}
