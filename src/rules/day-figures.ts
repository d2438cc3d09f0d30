/**
 * The control room's figures of a window (docs/design.md, "Derived facts"): tiles, the
 * charts' data, per branch, per rider and the failure reasons, from the jobs of the window
 * (the ones loaded) and "now". Pure. Each figure says how many jobs or deliveries it rests on
 * and what it could not count.
 *
 * - **Outcome** of a job or a stop: its status's `outcome` in the config when the status is
 *   final (a final status without one: success); open otherwise.
 * - **Finished at**: the time of the last status history entry in the current status, else
 *   `updated_at`. A stop's history entries are read when they carry a numeric `status` and
 *   `created_at` (the interface does not state their shape).
 * - **Completed delivery**: a delivery in a success status. **On time**: completed by its
 *   slot's end plus the grace period; deliveries without a slot end are left out and said.
 * - **First attempt**: a delivered job none of whose history entries, its own or its
 *   deliveries', is in a failure status.
 * - **Charts**: buckets of an hour from the window's start, of a day when the window is over
 *   two days. Open work by status is counted at each bucket's start up to now, from the jobs'
 *   status histories. Time in status: the spells that ended (a next entry follows).
 * - **Carrying now**: an open job whose pickups are all done and with a delivery open.
 * - **Failure reasons**: failure-reasons.ts.
 */
import type { Outcome, RuntimeConfig } from '../config';
import type { Delivery, Job, Pickup, Rider } from '../contract';
import { countOf } from '../lib/count';
import { failureReasons, type FailureReason } from './failure-reasons';
import { jobBranchId } from './job-branch';
import { isFinalStatus, isOpenStop, jobLateness, lateRule, slotOf, type LateRule } from './lateness';

export type FigureRule = {
  late: LateRule;
  /** A final status's outcome; null for open work. */
  outcome: (status: number) => Outcome | null;
};

export function figureRule(config: Pick<RuntimeConfig, 'statuses' | 'lateGraceMinutes'>): FigureRule {
  return {
    late: lateRule(config),
    outcome: (status) =>
      isFinalStatus(config, status) ? (config.statuses[String(status)]!.outcome ?? 'success') : null,
  };
}

export type Figure = {
  /** The figure (a count, a share from 0 to 1, or seconds); null when nothing to compute it from. */
  value: number | null;
  /** How many jobs or deliveries it rests on. */
  basis: number;
  /** How many of them it could not use (e.g. deliveries without a slot end). */
  skipped: number;
  /** What it rests on in words: "on-time: 412 deliveries completed; 3 without a slot end". */
  note: string;
};

type Spell = { status: number; at: number };

/** A stop's history entries that carry a numeric status and time, oldest first as sent. */
function stopHistory(stop: Pickup | Delivery): Spell[] {
  const spells: Spell[] = [];
  for (const entry of stop.status_history) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { status, created_at } = entry as { status?: unknown; created_at?: unknown };
    if (typeof status === 'number' && typeof created_at === 'number') spells.push({ status, at: created_at });
  }
  return spells;
}

function finishedAt(history: readonly Spell[], status: number, updatedAt: number): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.status === status) return history[i]!.at;
  return updatedAt;
}

/** The `p` quantile (0-1) of sorted values, interpolated between neighbours; null when none. */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** A quantile of durations, in whole seconds. */
const seconds = (sorted: readonly number[], p: number) => {
  const value = quantile(sorted, p);
  return value === null ? null : Math.round(value);
};
const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** What the figures read of one job, computed once (figure-jobs.ts lists the jobs by the same facts). */
export type JobFacts = {
  job: Job;
  outcome: Outcome | null;
  late: boolean;
  branch: string;
  /** Seconds from creation to delivered; null unless delivered. */
  toDelivered: number | null;
  completedDeliveries: number;
  onTimeDeliveries: number;
  noSlotDeliveries: number;
  failedAttempt: boolean;
  carrying: boolean;
};

export function jobFacts(job: Job, now: number, rule: FigureRule): JobFacts {
  const outcome = rule.outcome(job.status);
  const history = job.status_history.map((e) => ({ status: e.status, at: e.created_at }));
  let failedAttempt = history.some((e) => rule.outcome(e.status) === 'failure');
  let completed = 0;
  let onTime = 0;
  let noSlot = 0;
  for (const d of job.deliveries) {
    const spells = stopHistory(d);
    if (!failedAttempt && spells.some((e) => rule.outcome(e.status) === 'failure')) failedAttempt = true;
    if (rule.outcome(d.status) !== 'success') continue;
    completed += 1;
    const slotEnd = slotOf('delivery', d).to;
    if (slotEnd === null) noSlot += 1;
    else if (finishedAt(spells, d.status, d.updated_at) <= slotEnd + rule.late.graceSeconds) onTime += 1;
  }
  const open = outcome === null;
  const carrying =
    open &&
    job.pickups.length > 0 &&
    job.pickups.every((p) => !isOpenStop(p, rule.late)) &&
    job.deliveries.some((d) => isOpenStop(d, rule.late));
  return {
    job,
    outcome,
    late: open && jobLateness(job, now, rule.late).late,
    branch: jobBranchId(job),
    toDelivered:
      outcome === 'success' ? finishedAt(history, job.status, job.updated_at) - job.created_at : null,
    completedDeliveries: completed,
    onTimeDeliveries: onTime,
    noSlotDeliveries: noSlot,
    failedAttempt,
    carrying,
  };
}

/** Totals of a group of jobs: the whole window, a branch, a rider. */
type Totals = {
  jobs: number;
  completed: number;
  failed: number;
  cancelled: number;
  open: number;
  lateNow: number;
  deliveriesCompleted: number;
  deliveriesOnTime: number;
  deliveriesNoSlot: number;
  firstAttempt: number;
  toDelivered: number[];
  carrying: number;
};

const noTotals = (): Totals => ({
  jobs: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  open: 0,
  lateNow: 0,
  deliveriesCompleted: 0,
  deliveriesOnTime: 0,
  deliveriesNoSlot: 0,
  firstAttempt: 0,
  toDelivered: [],
  carrying: 0,
});

function add(t: Totals, f: JobFacts): void {
  t.jobs += 1;
  if (f.outcome === 'success') t.completed += 1;
  else if (f.outcome === 'failure') t.failed += 1;
  else if (f.outcome === 'cancelled') t.cancelled += 1;
  else t.open += 1;
  if (f.late) t.lateNow += 1;
  t.deliveriesCompleted += f.completedDeliveries;
  t.deliveriesOnTime += f.onTimeDeliveries;
  t.deliveriesNoSlot += f.noSlotDeliveries;
  if (f.outcome === 'success' && !f.failedAttempt) t.firstAttempt += 1;
  if (f.toDelivered !== null) t.toDelivered.push(f.toDelivered);
  if (f.carrying) t.carrying += 1;
}

function onTimeFigure(t: Totals): Figure {
  const withSlot = t.deliveriesCompleted - t.deliveriesNoSlot;
  const skipped = t.deliveriesNoSlot > 0 ? `; ${t.deliveriesNoSlot} without a slot end` : '';
  return {
    value: ratio(t.deliveriesOnTime, withSlot),
    basis: t.deliveriesCompleted,
    skipped: t.deliveriesNoSlot,
    note: `${countOf(t.deliveriesCompleted, 'delivery', 'deliveries')} completed${skipped}`,
  };
}

function medianDeliveryFigure(t: Totals): Figure {
  return {
    value: seconds(
      t.toDelivered.sort((a, b) => a - b),
      0.5,
    ),
    basis: t.toDelivered.length,
    skipped: 0,
    note: `${countOf(t.toDelivered.length, 'job', 'jobs')} delivered`,
  };
}

export type Tiles = {
  jobs: Figure;
  completed: Figure;
  failed: Figure;
  cancelled: Figure;
  open: Figure;
  lateNow: Figure;
  onTime: Figure;
  firstAttempt: Figure;
  medianToDelivered: Figure;
};

function tiles(t: Totals): Tiles {
  const count = (value: number): Figure => ({
    value,
    basis: t.jobs,
    skipped: 0,
    note: `of ${countOf(t.jobs, 'job', 'jobs')}`,
  });
  return {
    jobs: { ...count(t.jobs), note: 'created in the window' },
    completed: count(t.completed),
    failed: count(t.failed),
    cancelled: count(t.cancelled),
    open: count(t.open),
    lateNow: {
      value: t.lateNow,
      basis: t.open,
      skipped: 0,
      note: `of ${countOf(t.open, 'open job', 'open jobs')}`,
    },
    onTime: onTimeFigure(t),
    firstAttempt: {
      value: ratio(t.firstAttempt, t.completed),
      basis: t.completed,
      skipped: 0,
      note: `${countOf(t.completed, 'job', 'jobs')} delivered`,
    },
    medianToDelivered: medianDeliveryFigure(t),
  };
}

export type BranchFigures = {
  branch: string;
  jobs: number;
  completed: number;
  /** Failed out of the jobs that ended delivered or failed; null when none did. */
  failedRate: number | null;
  onTime: Figure;
  lateNow: number;
  medianToDelivered: Figure;
};

export type RiderFigures = {
  riderId: number;
  name: string;
  /** The newest copy of the rider among the jobs. */
  rider: Rider;
  jobs: number;
  completed: number;
  failed: number;
  onTime: Figure;
  lateNow: number;
  /** The newest `updated_at` of the rider among the jobs, when the rider has a position; null: none. */
  lastSeen: number | null;
  /** Open jobs with every pickup done and a delivery open. */
  carrying: number;
};

export type Bucket = { at: number; created: number; completed: number };
export type OpenPoint = { at: number; total: number; byStatus: Record<number, number> };
export type StatusTime = { status: number; spells: number; median: number; p90: number };

export type DayFigures = {
  tiles: Tiles;
  /** Bucket length in seconds: 3600, or 86,400 when the window is over two days. */
  step: number;
  /** Jobs created and completed (delivered) per bucket, by creation and finish time. */
  createdCompleted: Bucket[];
  /** Open jobs at each bucket's start up to now, by status. */
  openByStatus: OpenPoint[];
  /** Time in each status over the spells that ended, by status code (whole seconds). */
  timeInStatus: StatusTime[];
  /** Per branch id ('' for jobs without a branch), by volume, largest first. */
  branches: BranchFigures[];
  /** Per rider, by jobs, most first; jobs without a rider are left out. */
  riders: RiderFigures[];
  failureReasons: { reasons: FailureReason[]; figure: Figure };
};

function failureFigure(jobs: readonly Job[], rule: FigureRule): DayFigures['failureReasons'] {
  const { reasons, failures, unexplained } = failureReasons(
    jobs,
    (status) => rule.outcome(status) === 'failure',
  );
  return {
    reasons,
    figure: {
      value: failures - unexplained,
      basis: failures,
      skipped: unexplained,
      note: `failure reasons: ${countOf(failures, 'failed delivery', 'failed deliveries')}${
        unexplained > 0 ? `; ${unexplained} without a remark` : ''
      }`,
    },
  };
}

/** The charts' bucket length: an hour, or a day when the window is over two days. */
export const bucketStep = (window: { from: number; to: number }) =>
  window.to - window.from > 2 * 86_400 ? 86_400 : 3600;

/** The bucket of the window a time falls in; -1 outside the window. */
export function bucketIndex(t: number, window: { from: number; to: number }, step: number): number {
  return t >= window.from && t < window.to ? Math.floor((t - window.from) / step) : -1;
}

/**
 * The figures of `jobs` (a window's, from `window.from` to `window.to`, epoch seconds) at
 * `now` (epoch seconds).
 */
export function dayFigures(
  jobs: readonly Job[],
  window: { from: number; to: number },
  now: number,
  rule: FigureRule,
): DayFigures {
  const step = bucketStep(window);
  const bucketCount = Math.max(0, Math.ceil((window.to - window.from) / step));
  const bucketOf = (t: number) => bucketIndex(t, window, step);
  const createdCompleted: Bucket[] = Array.from({ length: bucketCount }, (_, i) => ({
    at: window.from + i * step,
    created: 0,
    completed: 0,
  }));
  // Points at each bucket's start, up to now.
  const pointCount = Math.min(bucketCount, Math.max(0, Math.floor((now - window.from) / step) + 1));
  const openByStatus: OpenPoint[] = Array.from({ length: pointCount }, (_, i) => ({
    at: window.from + i * step,
    total: 0,
    byStatus: {},
  }));
  const spells = new Map<number, number[]>();
  const total = noTotals();
  const branches = new Map<string, Totals>();
  const riders = new Map<number, { rider: Rider; lastSeen: number | null; totals: Totals }>();

  for (const job of jobs) {
    const facts = jobFacts(job, now, rule);
    add(total, facts);
    let branch = branches.get(facts.branch);
    if (!branch) branches.set(facts.branch, (branch = noTotals()));
    add(branch, facts);
    if (job.rider) {
      let rider = riders.get(job.rider.id);
      if (!rider)
        riders.set(job.rider.id, (rider = { rider: job.rider, lastSeen: null, totals: noTotals() }));
      else if (job.rider.updated_at > rider.rider.updated_at) rider.rider = job.rider;
      add(rider.totals, facts);
      const { latitude, longitude } = job.rider.last_coordinates;
      if (latitude !== null && longitude !== null && (rider.lastSeen ?? -Infinity) < job.rider.updated_at)
        rider.lastSeen = job.rider.updated_at;
    }

    const created = bucketOf(job.created_at);
    if (created >= 0) createdCompleted[created]!.created += 1;
    if (facts.toDelivered !== null) {
      const done = bucketOf(job.created_at + facts.toDelivered);
      if (done >= 0) createdCompleted[done]!.completed += 1;
    }

    const history = job.status_history;
    for (let i = 0; i < history.length; i++) {
      const { status, created_at: start } = history[i]!;
      const end = i + 1 < history.length ? history[i + 1]!.created_at : Infinity;
      if (end !== Infinity) {
        let list = spells.get(status);
        if (!list) spells.set(status, (list = []));
        list.push(end - start);
      }
      if (rule.outcome(status) !== null) continue;
      // The points at or after `start` and before `end`.
      const first = Math.max(0, Math.ceil((start - window.from) / step));
      const last = Math.min(pointCount - 1, Math.ceil((end - window.from) / step) - 1);
      for (let k = first; k <= last; k++) {
        const point = openByStatus[k]!;
        point.total += 1;
        point.byStatus[status] = (point.byStatus[status] ?? 0) + 1;
      }
    }
  }

  const timeInStatus: StatusTime[] = [...spells.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, durations]) => {
      durations.sort((a, b) => a - b);
      return {
        status,
        spells: durations.length,
        median: seconds(durations, 0.5)!,
        p90: seconds(durations, 0.9)!,
      };
    });

  return {
    tiles: tiles(total),
    step,
    createdCompleted,
    openByStatus,
    timeInStatus,
    branches: [...branches.entries()]
      .map(([id, t]) => ({
        branch: id,
        jobs: t.jobs,
        completed: t.completed,
        failedRate: ratio(t.failed, t.completed + t.failed),
        onTime: onTimeFigure(t),
        lateNow: t.lateNow,
        medianToDelivered: medianDeliveryFigure(t),
      }))
      .sort((a, b) => b.jobs - a.jobs || a.branch.localeCompare(b.branch)),
    riders: [...riders.entries()]
      .map(([riderId, r]) => ({
        riderId,
        name: r.rider.name,
        rider: r.rider,
        jobs: r.totals.jobs,
        completed: r.totals.completed,
        failed: r.totals.failed,
        onTime: onTimeFigure(r.totals),
        lateNow: r.totals.lateNow,
        lastSeen: r.lastSeen,
        carrying: r.totals.carrying,
      }))
      .sort((a, b) => b.jobs - a.jobs || a.riderId - b.riderId),
    failureReasons: failureFigure(jobs, rule),
  };
}
