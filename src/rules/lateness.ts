/**
 * Lateness, the one rule of it (docs/design.md, "Derived facts"). Pure: the table, the job
 * panel, the header's count, the export, the operations map and the control room's rules
 * (exceptions.ts, day-figures.ts) all read it from here.
 *
 * A stop is late when the end of its slot (`pickup_slot_to` / `delivery_slot_to`) plus the
 * grace period has passed and it is still open. A stop is done when `completed` is true, when
 * its status is final by the runtime config, or when its job's status is final (a cancelled
 * job's stops are closed with it). A job is late when any of its open stops is. How late is
 * counted from the slot's end: the grace period only delays when it starts to count. The same
 * reading of open stops gives a job's next slot (`earliestOpenSlot`).
 */
import type { RuntimeConfig } from '../config';
import type { Delivery, Job, Pickup, StopBranch } from '../contract';
import { formatDuration } from '../lib/duration';

/** True when work in this status is done (the config marks it final). */
export function isFinalStatus(config: Pick<RuntimeConfig, 'statuses'>, code: number): boolean {
  return config.statuses[String(code)]?.final === true;
}

export type LateRule = {
  /** Seconds after a slot's end before an open stop counts as late. */
  graceSeconds: number;
  isFinal: (status: number) => boolean;
};

export function lateRule(config: Pick<RuntimeConfig, 'statuses' | 'lateGraceMinutes'>): LateRule {
  return { graceSeconds: config.lateGraceMinutes * 60, isFinal: (status) => isFinalStatus(config, status) };
}

export type StopKind = 'pickup' | 'delivery';

export type StopLateness = {
  kind: StopKind;
  id: number;
  /** Position among the job's stops of its kind (0-based). */
  index: number;
  /** The slot's end, epoch seconds; null when the stop has no slot end. */
  slotEnd: number | null;
  /** Not completed, not in a final status, its job not in a final status. */
  open: boolean;
  late: boolean;
  /** Seconds since the slot ended, when late; 0 otherwise. */
  lateBy: number;
};

export type JobLateness = {
  late: boolean;
  /** The latest of its late stops: seconds since that slot ended; 0 when not late. */
  lateBy: number;
  /** Every stop, pickups first, each in its order. */
  stops: StopLateness[];
};

/** A stop's slot (epoch seconds, either end may be null): the one place a slot is read from a stop. */
export function slotOf(kind: StopKind, stop: Pickup | Delivery): { from: number | null; to: number | null } {
  return kind === 'pickup'
    ? { from: (stop as Pickup).pickup_slot_from, to: (stop as Pickup).pickup_slot_to }
    : { from: (stop as Delivery).delivery_slot_from, to: (stop as Delivery).delivery_slot_to };
}

/** Open: not completed, not in a final status, its job (`jobFinal`) not in a final status. */
export function isOpenStop(
  stop: Pickup | Delivery,
  rule: Pick<LateRule, 'isFinal'>,
  jobFinal = false,
): boolean {
  return !jobFinal && !stop.completed && !rule.isFinal(stop.status);
}

export type OpenSlot = {
  kind: StopKind;
  id: number;
  from: number | null;
  to: number | null;
  /** The stop's branch: its time zone is the slot's. */
  branch: StopBranch | null;
};

/**
 * The earliest slot among the job's open stops: by slot start (its end where it has no start),
 * the first stop on a tie, pickups before deliveries; open as the lateness rule says. Null when
 * no stop is open or no open stop has a slot.
 */
export function earliestOpenSlot(job: Job, rule: Pick<LateRule, 'isFinal'>): OpenSlot | null {
  if (rule.isFinal(job.status)) return null;
  let best: OpenSlot | null = null;
  const consider = (kind: StopKind, stop: Pickup | Delivery) => {
    if (!isOpenStop(stop, rule)) return;
    const slot: OpenSlot = { kind, id: stop.id, ...slotOf(kind, stop), branch: stop.branch };
    const key = slot.from ?? slot.to;
    if (key === null) return;
    const bestKey = best ? (best.from ?? best.to)! : Infinity;
    if (key < bestKey) best = slot;
  };
  for (const p of job.pickups) consider('pickup', p);
  for (const d of job.deliveries) consider('delivery', d);
  return best;
}

/** One stop against the rule at `now` (epoch seconds). */
export function stopLateness(
  kind: StopKind,
  stop: Pickup | Delivery,
  index: number,
  now: number,
  rule: LateRule,
  jobFinal = false,
): StopLateness {
  const slotEnd = slotOf(kind, stop).to;
  const open = isOpenStop(stop, rule, jobFinal);
  const late = open && slotEnd !== null && now > slotEnd + rule.graceSeconds;
  return { kind, id: stop.id, index, slotEnd, open, late, lateBy: late ? now - slotEnd! : 0 };
}

/** A job and each of its stops against the rule at `now` (epoch seconds). */
export function jobLateness(job: Job, now: number, rule: LateRule): JobLateness {
  const jobFinal = rule.isFinal(job.status);
  const stops = [
    ...job.pickups.map((p, i) => stopLateness('pickup', p, i, now, rule, jobFinal)),
    ...job.deliveries.map((d, i) => stopLateness('delivery', d, i, now, rule, jobFinal)),
  ];
  const lateBy = stops.reduce((most, s) => Math.max(most, s.lateBy), 0);
  return { late: stops.some((s) => s.late), lateBy, stops };
}

/**
 * Where the job's lateness counts from: the earliest slot end among its open stops (epoch
 * seconds), null when no open stop has one (a final job, say). At any `now`,
 * `jobLateness(job, now, rule).lateBy` is `now - lateSince` once that is past the grace period
 * and 0 before, so ordering jobs by it (earliest first) orders them by how late they are at
 * every moment: the table sorts on it without re-sorting as the clock moves.
 */
export function lateSince(job: Job, rule: Pick<LateRule, 'isFinal'>): number | null {
  const jobFinal = rule.isFinal(job.status);
  let since: number | null = null;
  const consider = (kind: StopKind, stop: Pickup | Delivery) => {
    const end = slotOf(kind, stop).to;
    if (end !== null && isOpenStop(stop, rule, jobFinal) && (since === null || end < since)) since = end;
  };
  for (const p of job.pickups) consider('pickup', p);
  for (const d of job.deliveries) consider('delivery', d);
  return since;
}

/** "late 12 min", "late 3 h 05 min", "late 1 d 6 h" (src/lib/duration.ts's wording). */
export function formatLate(seconds: number): string {
  return `late ${formatDuration(seconds)}`;
}
