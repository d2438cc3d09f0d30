/**
 * The working set's store (docs/design.md, "The working set"): the browser's one copy of the open
 * work and the control room's longest window, as compact records keyed by job id, and where its
 * reading stands. It changes only through `apply` of a delta, the same deltas in the tab that
 * reads and in the tabs it feeds (./shared.ts), so every tab holds the same. React reads it with
 * `useSyncExternalStore`; listeners hear of changes at most once per `notifyEveryMs`.
 */
import type { Job } from '../contract';
import type { ScanProgress } from '../api';
import { markCompact } from './compact';

/** How the set is kept current: not yet known, the extension's stream or changes read, re-reads. */
export type SyncMode = 'starting' | 'stream' | 'changes' | 'scan';

export type ReadPhase = 'loading' | 'done' | 'stopped' | 'error';

/** Where one part of the reading stands (the open work, the window's jobs). */
export type PartState = {
  phase: ReadPhase;
  progress: ScanProgress | null;
  error: string | null;
  /** A re-read of the part is under way; what is held stays meanwhile. */
  refreshing: boolean;
  /** When what is held of it was last known current (ms since the epoch); null: not yet read. */
  asOf: number | null;
};

export type SetState = {
  mode: SyncMode;
  open: PartState;
  window: PartState;
  /**
   * The window held starts here (epoch seconds): closed jobs created before are not held. Jobs
   * created from `readFrom` on are all held (within the caps said in `window.progress`).
   */
  windowFrom: number;
  /** Created from here on, every job is held: `windowFrom` once the window is read whole. */
  readFrom: number | null;
  /** The extension's cursor the set reflects. */
  cursor: string | null;
};

/** A change of the set: jobs put (records, newer replace older), ids removed, and the state. */
export type Delta = {
  put?: Job[];
  remove?: number[];
  /**
   * On a service without the extension, the ids of the open work as last read whole (a job
   * whose held copy looks open but is not among them has left the open work); null: open is
   * what the status says.
   */
  openIds?: number[] | null;
  state?: Partial<SetState>;
  /** Everything held before is dropped first (a new list, or a snapshot). */
  reset?: boolean;
};

export type Snapshot = {
  version: number;
  /** Every job held. */
  jobs: readonly Job[];
  /** The open work among them. */
  open: readonly Job[];
  state: SetState;
};

const part = (): PartState => ({
  phase: 'loading',
  progress: null,
  error: null,
  refreshing: false,
  asOf: null,
});

export const initialState = (): SetState => ({
  mode: 'starting',
  open: part(),
  window: part(),
  windowFrom: 0,
  readFrom: null,
  cursor: null,
});

export class WorkingSetStore {
  private readonly jobs = new Map<number, Job>();
  private openIds: Set<number> | null = null;
  private state: SetState = initialState();
  private version = 0;
  private snapshot: Snapshot | null = null;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastNotified = 0;

  constructor(
    /** Final statuses (the config's): such a job is not open work. */
    private readonly isFinal: (status: number) => boolean,
    private readonly notifyEveryMs = 250,
  ) {}

  /** Applies a change; listeners hear of it soon after (coalesced). */
  apply(delta: Delta): void {
    if (delta.reset) {
      this.jobs.clear();
      this.openIds = null;
    }
    for (const id of delta.remove ?? []) this.jobs.delete(id);
    for (const job of delta.put ?? []) {
      markCompact(job);
      const held = this.jobs.get(job.id);
      if (!held || held.updated_at <= job.updated_at) this.jobs.set(job.id, job);
    }
    if (delta.openIds !== undefined) this.openIds = delta.openIds && new Set(delta.openIds);
    if (delta.state) this.state = { ...this.state, ...delta.state };
    this.version += 1;
    this.snapshot = null;
    this.schedule();
  }

  has(id: number): Job | undefined {
    return this.jobs.get(id);
  }

  get size(): number {
    return this.jobs.size;
  }

  /** Whether a held job is open work. */
  isOpen(job: Job): boolean {
    return this.openIds ? this.openIds.has(job.id) : !this.isFinal(job.status);
  }

  /** Everything held, as a delta that rebuilds it (a joining tab's snapshot). */
  toDelta(): Delta {
    return {
      reset: true,
      put: [...this.jobs.values()],
      openIds: this.openIds && [...this.openIds],
      state: this.state,
    };
  }

  getState(): SetState {
    return this.state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => {
    if (!this.snapshot) {
      const jobs = [...this.jobs.values()];
      this.snapshot = {
        version: this.version,
        jobs,
        open: jobs.filter((job) => this.isOpen(job)),
        state: this.state,
      };
    }
    return this.snapshot;
  };

  /** Tells listeners now (a test, or a change that must not wait). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastNotified = Date.now();
    for (const listener of [...this.listeners]) listener();
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastNotified + this.notifyEveryMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }
}
