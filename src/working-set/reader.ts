/**
 * The working set's reader (docs/design.md, "The working set"): runs in the one tab of the
 * browser that reads (./shared.ts) and turns what the service says into deltas of the store.
 *
 * - First read: each open status through the service's `status` filter, then the window's jobs
 *   (the last day first, then the six before it). The first answer says whether the service has
 *   the extension (its `Changes-Cursor` header; no request that could fail is sent to find out).
 * - With the extension: pages of 1,000 without caps, then the stream of changes from the first
 *   answer's cursor (reconnecting with the last cursor when it ends); when the stream fails, the
 *   changes read each refresh until the stream opens again; a 410 lists again.
 * - Without it: the open work again each refresh, the window's jobs every `windowRefreshMs`,
 *   both up to the config's caps, newest first.
 * - A tab that takes the reading over continues from the store as the last reader left it: from
 *   its cursor, or at the re-reads' next due times.
 */
import { ApiError, fetchJobChanges, fetchJobsWithCursor, followJobStream, isMissingEndpoint } from '../api';
import type { ApiClient, ScanProgress } from '../api';
import { scanJobs } from '../api/scan';
import type { Job, JobChange } from '../contract';
import { MAX_PER_PAGE } from '../contract';
import { errorMessage } from '../lib/error-message';
import { compactJob, type BranchPool } from './compact';
import type { Delta, PartState, SetState, WorkingSetStore } from './store';

const HOUR = 3600;
const DAY = 86_400;
/** The longest window of the control room, held whole. */
export const WINDOW_DAYS = 7;

export type ReaderOptions = {
  api: ApiClient;
  store: WorkingSetStore;
  /** Applies a delta to the store and hands it to the other tabs. */
  emit: (delta: Delta) => void;
  /** The open statuses, read each through the `status` filter. */
  openStatuses: readonly number[];
  isFinal: (status: number) => boolean;
  /** Caps of a service without the extension. */
  caps: { open: number; window: number };
  refreshMs: number;
  windowRefreshMs: number;
  /** The clock (ms); tests move it. */
  now?: () => number;
  /** The stream's fetch (tests give a fake one). */
  fetch?: typeof fetch;
};

export type Reader = {
  /** Stops reading for good (the tab closes or gives the reading up). */
  halt: () => void;
  /** Ends the read under way where it is (the screens' Stop). */
  stop: () => void;
  /** Reads again now (the screens' Refresh, or Read again after a stop). */
  again: () => void;
  /**
   * Whether a service without the extension is read again as re-reads fall due (on unless the
   * screens' auto-refresh is off); off, it is read again on `again` only. With the extension
   * the changes keep coming: they cost what changed.
   */
  setTimed: (on: boolean) => void;
};

/** How long a paused reader waits for `again` or `setTimed(true)`: setTimeout's longest. */
const UNTIL_WOKEN_MS = 2 ** 31 - 1;

const hourBefore = (t: number) => Math.floor(t / HOUR) * HOUR;

export function startReader(o: ReaderOptions, timedAtStart = true): Reader {
  const now = o.now ?? Date.now;
  let timed = timedAtStart;
  const pool: BranchPool = new Map();
  const halted = new AbortController();
  let run = new AbortController();
  let wake: (() => void) | null = null;
  let stopped = false;
  /** Re-reads asked for (Refresh) on a service without the extension. */
  let due = false;
  const state = () => o.store.getState();
  const compact = (jobs: readonly Job[]) => jobs.map((job) => compactJob(job, pool));
  const windowFrom = () => hourBefore(now() / 1000 - WINDOW_DAYS * DAY);
  /** Held: open work, or created within the window. */
  const held = (job: Job, from: number) => !o.isFinal(job.status) || job.created_at >= from;
  const setPart = (name: 'open' | 'window', patch: Partial<PartState>) =>
    o.emit({ state: { [name]: { ...state()[name], ...patch } } as Partial<SetState> });

  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wake = null;
        signal.removeEventListener('abort', done);
        resolve();
      }
      wake = done;
      signal.addEventListener('abort', done, { once: true });
    });

  /**
   * Reads one part, putting each page as it arrives: all of `parts` at once when nothing caps
   * them (the extension), else each in turn up to `cap` in all.
   */
  async function readPart(
    name: 'open' | 'window',
    parts: { filters: Record<string, number | undefined>; since?: number }[],
    cap: number,
    perPage: number | undefined,
    signal: AbortSignal,
  ): Promise<{ ids: Set<number>; progress: ScanProgress; oldest: number | null }> {
    const ids = new Set<number>();
    const progressOf: ScanProgress[] = parts.map(() => NOTHING);
    const total = () => progressOf.reduce(combine, NOTHING);
    let oldest: number | null = null;
    const readOne = async (index: number, partCap: number) => {
      progressOf[index] = await scanJobs(o.api, parts[index]!.filters, {
        cap: partCap,
        perPage,
        signal,
        onPage: (jobs, _page, p) => {
          const from = state().windowFrom;
          const fresh = jobs.filter((job) => !ids.has(job.id) && ids.add(job.id));
          for (const job of fresh) oldest = Math.min(oldest ?? job.created_at, job.created_at);
          progressOf[index] = p;
          o.emit({
            put: compact(fresh.filter((job) => name === 'open' || held(job, from))),
            state: { [name]: { ...state()[name], progress: total() } } as Partial<SetState>,
          });
        },
      });
    };
    if (cap === Infinity) await Promise.all(parts.map((_, index) => readOne(index, Infinity)));
    else
      for (const index of parts.keys()) {
        await readOne(index, Math.max(1, cap - total().jobsSeen));
        if (total().jobsSeen >= cap) break;
      }
    return { ids, progress: total(), oldest };
  }

  /** The open work, whole: with the ids read, what left it is known (a service without the extension). */
  async function readOpen(extension: boolean, signal: AbortSignal) {
    const started = now();
    setPart('open', {
      refreshing: state().open.asOf !== null,
      error: null,
      phase: state().open.asOf ? 'done' : 'loading',
    });
    const { ids, progress } = await readPart(
      'open',
      o.openStatuses.map((status) => ({ filters: { status } })),
      extension ? Infinity : o.caps.open,
      extension ? MAX_PER_PAGE : undefined,
      signal,
    );
    const from = state().windowFrom;
    const remove = extension
      ? []
      : o.store
          .getSnapshot()
          .jobs.filter((job) => !ids.has(job.id) && job.created_at < from)
          .map((job) => job.id);
    o.emit({
      remove,
      openIds: extension ? null : [...ids],
      state: { open: { phase: 'done', progress, error: null, refreshing: false, asOf: started } },
    });
  }

  /** The window's jobs: the last day first, then the days before (newest first within each). */
  async function readWindow(extension: boolean, signal: AbortSignal) {
    const started = now();
    const from = windowFrom();
    const dayFrom = hourBefore(started / 1000 - DAY);
    setPart('window', { refreshing: state().window.asOf !== null, error: null });
    o.emit({ state: { windowFrom: from } });
    const cap = extension ? Infinity : o.caps.window;
    const perPage = extension ? MAX_PER_PAGE : undefined;
    const first = await readPart('window', [{ filters: { timestamp_from: dayFrom } }], cap, perPage, signal);
    if (!first.progress.capped && state().readFrom === null) o.emit({ state: { readFrom: dayFrom } });
    const rest = first.progress.capped
      ? { ids: new Set<number>(), progress: NOTHING, oldest: null }
      : await readPart(
          'window',
          [{ filters: { timestamp_from: from, timestamp_to: dayFrom - 1 } }],
          cap - first.progress.jobsSeen,
          perPage,
          signal,
        );
    const progress = combine(first.progress, rest.progress);
    const capped = first.progress.capped || rest.progress.capped;
    const oldest = rest.oldest ?? first.oldest;
    const readFrom = capped ? (oldest === null ? null : oldest + 1) : from;
    const seen = new Set([...first.ids, ...rest.ids]);
    const snapshot = o.store.getSnapshot();
    // Held jobs of the window not read again and not open work: gone from the service.
    const remove = extension
      ? []
      : snapshot.jobs
          .filter(
            (job) => job.created_at >= (readFrom ?? Infinity) && !seen.has(job.id) && !o.store.isOpen(job),
          )
          .map((job) => job.id);
    o.emit({
      remove,
      state: {
        readFrom,
        window: {
          phase: 'done',
          progress: { ...progress, capped },
          error: null,
          refreshing: false,
          asOf: started,
        },
      },
    });
  }

  /** Applies changes: each job held or let go, by the window as it stands. */
  function applyChanges(changes: readonly JobChange[]) {
    if (!changes.length) return;
    const from = state().windowFrom;
    const put: Job[] = [];
    const remove: number[] = [];
    for (const { job } of changes) {
      if (held(job, from)) put.push(compactJob(job, pool));
      else remove.push(job.id);
    }
    const at = now();
    o.emit({
      put,
      remove,
      state: {
        cursor: changes.at(-1)!.cursor,
        open: { ...state().open, asOf: at },
        window: { ...state().window, asOf: at },
      },
    });
  }

  /** Lets go of closed jobs the window has moved past (once a minute). */
  function prune() {
    const from = windowFrom();
    if (from === state().windowFrom) return;
    const remove = o.store
      .getSnapshot()
      .jobs.filter((job) => o.isFinal(job.status) && job.created_at < from)
      .map((job) => job.id);
    const readFrom = state().readFrom;
    o.emit({
      remove,
      state: { windowFrom: from, readFrom: readFrom === null ? null : Math.max(readFrom, from) },
    });
  }

  /** Reads the changes read to its end: true when it answered. */
  async function catchUp(signal: AbortSignal) {
    for (;;) {
      const page = await fetchJobChanges(o.api, state().cursor!, signal);
      applyChanges(page.changes);
      if (page.changes.length === 0) o.emit({ state: { cursor: page.next_cursor } });
      if (!page.has_more) return;
    }
  }

  /**
   * Follows the changes from the store's cursor until `signal` aborts: the stream, reopened from
   * the last cursor when it ends; when it fails, the changes read at once and the stream tried
   * again after 1, 2, 4… seconds (at most a refresh's time; a service without the stream: the
   * changes read each refresh). 'relist' when the cursor can no longer be followed (410).
   */
  async function follow(signal: AbortSignal): Promise<'relist' | void> {
    let pending: JobChange[] = [];
    let flush: ReturnType<typeof setTimeout> | null = null;
    let lastLive = 0;
    let failures = 0;
    const live = () => {
      if (state().mode !== 'stream') o.emit({ state: { mode: 'stream' } });
      const at = now();
      if (at - lastLive < 5000) return;
      lastLive = at;
      o.emit({ state: { open: { ...state().open, asOf: at }, window: { ...state().window, asOf: at } } });
    };
    const applyPending = () => {
      if (flush) clearTimeout(flush);
      flush = null;
      const batch = pending;
      pending = [];
      applyChanges(batch);
    };
    const gone = (e: unknown) => e instanceof ApiError && e.kind === 'http' && e.status === 410;
    while (!signal.aborted) {
      prune();
      try {
        await followJobStream(
          o.api,
          state().cursor!,
          signal,
          (change) => {
            failures = 0;
            pending.push(change);
            flush ??= setTimeout(applyPending, 50);
          },
          live,
          o.fetch,
        );
        applyPending();
        // The server ended it (it drains): reopened from the last cursor, after a breath.
        await sleep(1000, signal);
        continue;
      } catch (e) {
        if (signal.aborted) return;
        applyPending();
        if (gone(e)) return 'relist';
        failures += 1;
        const missing = isMissingEndpoint(e);
        if (state().mode !== 'changes') o.emit({ state: { mode: 'changes' } });
        try {
          await catchUp(signal);
          if (state().open.error) setPart('open', { error: null });
        } catch (e2) {
          if (signal.aborted) return;
          if (gone(e2)) return 'relist';
          setPart('open', { error: errorMessage(e2) });
        }
        await sleep(missing ? o.refreshMs : Math.min(o.refreshMs, 1000 * 2 ** (failures - 1)), signal);
      }
    }
  }

  /** A service without the extension: re-reads as they fall due. */
  async function rereads(signal: AbortSignal) {
    while (!signal.aborted) {
      prune();
      const at = now();
      const { open, window } = state();
      const now_ = due;
      due = false;
      try {
        if (now_ || open.asOf === null || at - open.asOf >= o.refreshMs || open.phase !== 'done')
          await readOpen(false, signal);
        if (now_ || window.asOf === null || at - window.asOf >= o.windowRefreshMs || window.phase !== 'done')
          await readWindow(false, signal);
      } catch (e) {
        if (signal.aborted) return;
        const message = errorMessage(e);
        setPart('open', { error: message, refreshing: false, phase: open.asOf ? 'done' : 'error' });
        setPart('window', { refreshing: false, phase: window.asOf ? 'done' : 'error' });
        await sleep(timed ? o.refreshMs : UNTIL_WOKEN_MS, signal);
        continue;
      }
      const next = Math.min(state().open.asOf! + o.refreshMs, state().window.asOf! + o.windowRefreshMs);
      await sleep(timed ? next - now() : UNTIL_WOKEN_MS, signal);
    }
  }

  /** Lists whole (the first read, or after a 410), then keeps current. */
  async function main(signal: AbortSignal) {
    for (;;) {
      const { mode, cursor, open, window } = state();
      const listed = open.asOf !== null && window.asOf !== null;
      if ((mode === 'stream' || mode === 'changes') && cursor && listed) {
        if ((await follow(signal)) !== 'relist' || signal.aborted) return;
        o.emit({ reset: true, state: { cursor: null, mode: 'starting', readFrom: null } });
        continue;
      }
      if (mode === 'scan' && listed) return rereads(signal);
      // The first answer says whether the service has the extension.
      const firstStatus = o.openStatuses[0];
      const probe = await fetchJobsWithCursor(
        o.api,
        firstStatus === undefined ? { page: 1 } : { page: 1, status: firstStatus },
        signal,
      );
      const extension = probe.cursor !== null;
      o.emit({
        reset: true,
        state: {
          mode: extension ? 'stream' : 'scan',
          cursor: probe.cursor,
          windowFrom: windowFrom(),
          readFrom: null,
        },
      });
      if (!extension) return rereads(signal);
      await readOpen(true, signal);
      await readWindow(true, signal);
    }
  }

  function start() {
    stopped = false;
    const signal = run.signal;
    main(signal).catch((e: unknown) => {
      if (signal.aborted) return;
      const message = errorMessage(e);
      for (const name of ['open', 'window'] as const)
        setPart(name, { error: message, refreshing: false, phase: state()[name].asOf ? 'done' : 'error' });
      // Tried again after a refresh's time.
      setTimeout(() => !signal.aborted && restart(), o.refreshMs);
    });
  }
  function restart() {
    run.abort();
    run = new AbortController();
    start();
  }
  halted.signal.addEventListener('abort', () => run.abort(), { once: true });
  start();

  return {
    halt: () => halted.abort(),
    stop: () => {
      if (halted.signal.aborted) return;
      stopped = true;
      run.abort();
      for (const name of ['open', 'window'] as const)
        if (state()[name].phase === 'loading') setPart(name, { phase: 'stopped' });
    },
    again: () => {
      if (halted.signal.aborted) return;
      const { mode } = state();
      if (stopped || mode === 'starting') return restart();
      // Due now on a service without the extension; with it, the changes are read at once.
      due = mode === 'scan';
      wake?.();
    },
    setTimed: (on) => {
      if (on === timed) return;
      timed = on;
      // Back on: the re-reads fall due as they would have (at once when they are late).
      if (on) wake?.();
    },
  };
}

const NOTHING: ScanProgress = {
  pagesDone: 0,
  pagesTotal: 0,
  jobsSeen: 0,
  totalRecords: 0,
  jobsToRead: 0,
  capped: false,
};

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
