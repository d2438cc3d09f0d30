/**
 * The control room's exceptions (docs/design.md, "Derived facts"): the open jobs that need a
 * dispatcher now, each with its reasons in words, most urgent first. Pure: thresholds come
 * from the runtime config through `exceptionRule`.
 *
 * - **late**: lateness.ts's rule; the reason names the latest of the job's late stops.
 * - **at risk**: an open stop, not late and not in progress, whose slot ends within
 *   `atRiskMinutes` (exactly then included; a slot ended but still within the grace period
 *   too). In progress: the stop says `in_progress`, or its status is marked `inProgress` in
 *   the config (shipped: At pickup, In transit). The reason names the stop with the least
 *   time left.
 * - **stuck**: an open job longer (strictly) in its current status than that status's
 *   `stuckAfterMinutes`; the time is counted from the job's last status history entry. A
 *   status without `stuckAfterMinutes`, or a job without history, is never stuck.
 * - **rider not reporting**: an open job with a rider whose position is stale (riders.ts: older,
 *   strictly, than `staleRiderMinutes`, its age taken from the rider's `updated_at`); a rider
 *   without a position is not reporting either.
 *
 * Urgency, the list's order: late jobs first, the latest first; then jobs whose rider is not
 * reporting, the longest silent first; then stuck jobs, the longest stuck first; then jobs at
 * risk, the least time left first. A job is placed by its most urgent reason; ties by job id.
 */
import type { RuntimeConfig } from '../config';
import type { Job } from '../contract';
import { formatDuration } from '../lib/duration';
import { jobBranchId } from './job-branch';
import { jobLateness, lateRule, type LateRule, type StopKind } from './lateness';
import { formatLastSeen, isStaleRider, riderPositionAge, staleRiderSeconds } from './riders';

export type ExceptionKind = 'late' | 'rider' | 'stuck' | 'at-risk';
/** The kinds in order of urgency. */
const EXCEPTION_KINDS: readonly ExceptionKind[] = ['late', 'rider', 'stuck', 'at-risk'];

export type ExceptionRule = {
  late: LateRule;
  atRiskSeconds: number;
  staleRiderSeconds: number;
  /** Seconds in this status after which a job is stuck; null: never. */
  stuckAfterSeconds: (status: number) => number | null;
  /** A stop in this status is being worked on. */
  inProgress: (status: number) => boolean;
  /** A status's name in words ("Accepted"). */
  statusLabel: (status: number) => string;
};

export function exceptionRule(
  config: Pick<RuntimeConfig, 'statuses' | 'lateGraceMinutes' | 'atRiskMinutes' | 'staleRiderMinutes'>,
  statusLabel: (status: number) => string,
): ExceptionRule {
  const entry = (status: number) => config.statuses[String(status)];
  return {
    late: lateRule(config),
    atRiskSeconds: config.atRiskMinutes * 60,
    staleRiderSeconds: staleRiderSeconds(config),
    stuckAfterSeconds: (status) => {
      const minutes = entry(status)?.stuckAfterMinutes;
      return minutes === undefined ? null : minutes * 60;
    },
    inProgress: (status) => entry(status)?.inProgress === true,
    statusLabel,
  };
}

/** A stop named for people: "delivery 2 of 3". */
export type StopRef = { kind: StopKind; id: number; index: number; count: number };

export type ExceptionReason = {
  kind: ExceptionKind;
  /**
   * late: seconds since the slot ended; rider: seconds since the rider's last position (null:
   * none at all); stuck: seconds in the status; at-risk: seconds left before the slot ends
   * (negative once it has ended, within the grace period).
   */
  seconds: number | null;
  /** The stop it is about (late, at-risk). */
  stop: StopRef | null;
  /** The reason in words: "late 42 min at delivery 2 of 3". */
  text: string;
};

export type JobException = { job: Job; reasons: ExceptionReason[] };

const stopName = (stop: StopRef) => `${stop.kind} ${stop.index + 1} of ${stop.count}`;

/** The job's reasons, in order of urgency; empty when it needs nobody. */
export function jobExceptions(job: Job, now: number, rule: ExceptionRule): ExceptionReason[] {
  if (rule.late.isFinal(job.status)) return [];
  const reasons: ExceptionReason[] = [];
  const counts = { pickup: job.pickups.length, delivery: job.deliveries.length };
  const lateness = jobLateness(job, now, rule.late);

  const latest = lateness.stops.reduce<(typeof lateness.stops)[number] | null>(
    (best, s) => (s.late && (!best || s.lateBy > best.lateBy) ? s : best),
    null,
  );
  if (latest) {
    const stop = { kind: latest.kind, id: latest.id, index: latest.index, count: counts[latest.kind] };
    reasons.push({
      kind: 'late',
      seconds: latest.lateBy,
      stop,
      text: `late ${formatDuration(latest.lateBy)} at ${stopName(stop)}`,
    });
  }

  const rider = job.rider;
  if (rider) {
    const age = riderPositionAge(rider, now);
    if (age === null)
      reasons.push({ kind: 'rider', seconds: null, stop: null, text: 'rider has sent no position' });
    else if (isStaleRider(rider, now, rule.staleRiderSeconds))
      reasons.push({ kind: 'rider', seconds: age, stop: null, text: `rider ${formatLastSeen(age)}` });
  }

  const since = job.status_history.at(-1)?.created_at;
  const stuckAfter = rule.stuckAfterSeconds(job.status);
  if (since !== undefined && stuckAfter !== null && now - since > stuckAfter) {
    const spent = now - since;
    reasons.push({
      kind: 'stuck',
      seconds: spent,
      stop: null,
      text: `${formatDuration(spent)} in ${rule.statusLabel(job.status)}`,
    });
  }

  let risk: ExceptionReason | null = null;
  for (const s of lateness.stops) {
    const stop = s.kind === 'pickup' ? job.pickups[s.index]! : job.deliveries[s.index]!;
    if (!s.open || s.late || s.slotEnd === null) continue;
    if (stop.in_progress || rule.inProgress(stop.status)) continue;
    const left = s.slotEnd - now;
    if (left > rule.atRiskSeconds || (risk && left >= risk.seconds!)) continue;
    const ref = { kind: s.kind, id: s.id, index: s.index, count: counts[s.kind] };
    const when =
      left >= 0 ? `slot ends in ${formatDuration(left)}` : `slot ended ${formatDuration(-left)} ago`;
    risk = { kind: 'at-risk', seconds: left, stop: ref, text: `${when} at ${stopName(ref)}` };
  }
  if (risk) reasons.push(risk);
  return reasons;
}

/** The list's order: negative when `a` is more urgent than `b`. */
function byUrgency(a: JobException, b: JobException): number {
  const ra = a.reasons[0]!;
  const rb = b.reasons[0]!;
  const rank = EXCEPTION_KINDS.indexOf(ra.kind) - EXCEPTION_KINDS.indexOf(rb.kind);
  if (rank !== 0) return rank;
  // A rider without any position is the longest silent.
  const sa = ra.seconds ?? Infinity;
  const sb = rb.seconds ?? Infinity;
  const order = ra.kind === 'at-risk' ? sa - sb : sb - sa;
  return order || a.job.id - b.job.id;
}

export type ExceptionCounts = Record<ExceptionKind, number> & { jobs: number };

export type Exceptions = {
  /** Jobs with at least one reason, most urgent first. */
  list: JobException[];
  /** Jobs carrying each reason (a job with several counts under each), and jobs in the list. */
  counts: ExceptionCounts;
  /** The same per branch id (job-branch.ts's rule; '' when none). */
  byBranch: Map<string, ExceptionCounts>;
};

const noCounts = (): ExceptionCounts => ({ late: 0, rider: 0, stuck: 0, 'at-risk': 0, jobs: 0 });

/** Every job's exceptions at `now` (epoch seconds): one list, most urgent first, with counts. */
export function findExceptions(jobs: readonly Job[], now: number, rule: ExceptionRule): Exceptions {
  const list: JobException[] = [];
  const counts = noCounts();
  const byBranch = new Map<string, ExceptionCounts>();
  for (const job of jobs) {
    const reasons = jobExceptions(job, now, rule);
    if (reasons.length === 0) continue;
    list.push({ job, reasons });
    const branch = jobBranchId(job);
    let own = byBranch.get(branch);
    if (!own) byBranch.set(branch, (own = noCounts()));
    for (const c of [counts, own]) {
      c.jobs += 1;
      for (const r of reasons) c[r.kind] += 1;
    }
  }
  list.sort(byUrgency);
  return { list, counts, byBranch };
}
