/**
 * The lifecycle of one job over its slots: every status change from its creation to its end,
 * each with its time, for the job and for its stops.
 *
 * A plan is a pure function of what is stored of the job (order id, creation time, slots,
 * rider), its randomness drawn from the order id. The seed (server/seed.ts) writes the part of
 * each plan up to the reference time; the simulation (server/simulate.ts) writes the rest as
 * time passes, and both agree because they compute the same plan. Plans use relative times
 * only, so moving every stored time by whole days (server/time-shift.ts) moves plans with them.
 *
 * The path follows the lifecycle of server/statuses.ts: Created → Assigned (again when
 * reassigned) → Accepted → At pickup → Picked up → In transit → Delivered, or Failed (a drop
 * failed, with the reason as remark) and later Returned, or Cancelled before the pickup.
 * Most jobs keep to their slots; a pace drawn per job makes a few late (a slow pickup or drop)
 * or stuck (long in Created, Assigned or At pickup). Whatever the pace, a job whose slots lie
 * in the day's hours (pickup from 07:00 to 19:00, deliveries ending by 22:30) reaches a final
 * status before local midnight.
 */
import { Random } from './random';
import { CANCEL_REMARKS, DISPATCHERS, FAILURE_REMARKS, REASSIGN_REASONS, SYSTEM_ACTOR } from './seed-data';
import type { Actor } from './seed-writer';
import { STATUS, type StopKind } from './statuses';

export interface Slot {
  from: number;
  to: number;
}

export interface PlanRider {
  id: number;
  name: string;
}

export interface JobFacts {
  /** Seeds the plan's randomness. */
  orderId: string;
  createdAt: number;
  /** The pickup slot, shared by every pickup of the job. */
  pickupSlot: Slot;
  pickupCount: number;
  /** Delivery slots in route order (position order). */
  deliveries: readonly Slot[];
  rider: PlanRider;
  /** Every rider in id order: earlier assignees of a reassigned job are named from them. */
  riders: readonly PlanRider[];
  /** A long reassignment history (the seed's examples for the job panel, days old): delivered on time. */
  reassignments?: number;
}

export interface StopChange {
  kind: StopKind;
  /** Position of the stop among the job's pickups or deliveries. */
  index: number;
  status: number;
  remarks: string;
}

export interface PlanEvent {
  at: number;
  /** The job's own history entry, when the job's status changes. */
  job?: { status: number; actor: Actor; remarks: string };
  /** Stop history entries (the rider is their actor). */
  stops: StopChange[];
}

export type Pace =
  'on time' | 'late pickup' | 'late drop' | 'stuck created' | 'stuck assigned' | 'stuck at pickup';
type Outcome = 'delivered' | 'failed' | 'returned' | 'cancelled';

/**
 * About 2 jobs in 5 run late or get stuck somewhere (most only for part of the way); the rest
 * keep to their slots. With this mix, 5-15 % of open work is late during the day.
 */
const PACES: readonly (readonly [Pace, number])[] = [
  ['on time', 60],
  ['late pickup', 20],
  ['late drop', 11],
  ['stuck created', 4],
  ['stuck assigned', 3],
  ['stuck at pickup', 2],
];

const OUTCOMES: readonly (readonly [Outcome, number])[] = [
  ['delivered', 79],
  ['failed', 7],
  ['returned', 5],
  ['cancelled', 9],
];

const MINUTE = 60;

const {
  CREATED,
  ASSIGNED,
  ACCEPTED,
  AT_PICKUP,
  PICKED_UP,
  IN_TRANSIT,
  DELIVERED,
  FAILED,
  CANCELLED,
  RETURNED,
} = STATUS;

/** FNV-1a: a 32-bit number from a text, to seed a job's plan from its order id. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function riderActor(rider: PlanRider): Actor {
  return { user_type: 'rider', user_id: String(rider.id), user_name: rider.name };
}

/** The whole plan of a job, oldest event first; job entries strictly increase in time. */
export function planJob(facts: JobFacts): PlanEvent[] {
  const rng = new Random(hashText(facts.orderId));
  const long = facts.reassignments !== undefined;
  const pace: Pace = long ? 'on time' : rng.weighted(PACES);
  const outcome: Outcome = long ? 'delivered' : rng.weighted(OUTCOMES);
  const reassignments = facts.reassignments ?? (rng.chance(0.15) ? rng.int(1, 2) : 0);
  const rider = riderActor(facts.rider);
  const dispatcher = () => rng.pick(DISPATCHERS);
  /** Whole minutes in [min, max] and some seconds. */
  const gap = (min: number, max: number) => rng.int(min, max) * MINUTE + rng.int(0, 59);

  const events: PlanEvent[] = [];
  let at = facts.createdAt;
  const job = (status: number, actor: Actor, remarks: string, stops: StopChange[] = []) =>
    events.push({ at, job: { status, actor, remarks }, stops });
  const all = (kind: StopKind, count: number, status: number): StopChange[] =>
    Array.from({ length: count }, (_, index) => ({ kind, index, status, remarks: '' }));
  const deliveryCount = facts.deliveries.length;

  job(CREATED, rng.chance(0.6) ? SYSTEM_ACTOR : dispatcher(), rng.chance(0.3) ? 'Order received' : '');
  // Cancelled jobs stop after Created, Assigned or Accepted.
  const cancelAfter = outcome === 'cancelled' ? rng.int(1, 3) : 0;
  const cancel = () => {
    at += gap(5, 60);
    job(CANCELLED, rng.chance(0.7) ? dispatcher() : SYSTEM_ACTOR, rng.pick(CANCEL_REMARKS), [
      ...all('pickup', facts.pickupCount, CANCELLED),
      ...all('delivery', deliveryCount, CANCELLED),
    ]);
    return events;
  };
  if (cancelAfter === 1) return cancel();

  at += gap(1, 15) + (pace === 'stuck created' ? gap(70, 180) : 0);
  for (let r = 0; r < reassignments; r++) {
    const other = rng.pick(facts.riders);
    job(
      ASSIGNED,
      dispatcher(),
      r === 0 ? `Assigned to ${other.name}` : `Reassigned to ${other.name}: ${rng.pick(REASSIGN_REASONS)}`,
    );
    at += long ? gap(1, 2) : gap(1, 10);
  }
  job(
    ASSIGNED,
    rng.chance(0.3) ? SYSTEM_ACTOR : dispatcher(),
    reassignments > 0
      ? `Reassigned to ${facts.rider.name}: ${rng.pick(REASSIGN_REASONS)}`
      : `Assigned to ${facts.rider.name}`,
  );
  if (cancelAfter === 2) return cancel();

  at += gap(1, 10) + (pace === 'stuck assigned' ? gap(70, 180) : 0);
  job(ACCEPTED, rider, '');
  if (cancelAfter === 3) return cancel();

  // The rider arrives around the start of the pickup slot (never before accepting).
  const slot = facts.pickupSlot;
  at = Math.max(at + gap(3, 10), slot.from + rng.int(-10, 22) * MINUTE + rng.int(0, 59));
  if (pace === 'late pickup') at += gap(45, 180);
  job(AT_PICKUP, rider, '', all('pickup', facts.pickupCount, AT_PICKUP));
  at += gap(2, 12) + (pace === 'stuck at pickup' ? gap(45, 80) : 0);
  job(PICKED_UP, rider, '', all('pickup', facts.pickupCount, PICKED_UP));
  at += gap(2, 10);
  job(IN_TRANSIT, rider, '', all('delivery', deliveryCount, IN_TRANSIT));

  // Drops in route order, each inside its slot unless the pace makes one late.
  const lateDrop = pace === 'late drop' ? rng.int(0, deliveryCount - 1) : -1;
  const failing = facts.deliveries.map(
    (_, d) =>
      (outcome === 'failed' || outcome === 'returned') && (d === deliveryCount - 1 || rng.chance(0.3)),
  );
  const failures: string[] = [];
  // However late, the last drop comes at most 80 minutes after the last slot ends.
  const lastDrop = Math.max(...facts.deliveries.map((drop) => drop.to)) + 80 * MINUTE;
  facts.deliveries.forEach((drop, d) => {
    const target = drop.from + Math.floor((0.1 + 0.7 * rng.next()) * (drop.to - drop.from));
    const planned = Math.max(at + gap(4, 10), target) + (d === lateDrop ? gap(30, 100) : 0);
    at = Math.max(at + MINUTE, Math.min(planned, lastDrop - (deliveryCount - 1 - d) * 2 * MINUTE));
    const remarks = failing[d] ? rng.pick(FAILURE_REMARKS) : '';
    if (failing[d]) failures.push(remarks);
    const change: StopChange = {
      kind: 'delivery',
      index: d,
      status: failing[d] ? FAILED : DELIVERED,
      remarks,
    };
    if (d < deliveryCount - 1) events.push({ at, stops: [change] });
    else if (failures.length > 0) job(FAILED, rider, failures.at(-1)!, [change]);
    else job(DELIVERED, rider, rng.chance(0.3) ? 'Handed to customer' : '', [change]);
  });

  if (outcome === 'returned') {
    at += gap(30, 120);
    const returned = failing.flatMap((failed, index) =>
      failed ? [{ kind: 'delivery' as const, index, status: RETURNED, remarks: 'Returned to branch' }] : [],
    );
    job(RETURNED, rider, 'Returned to branch', returned);
  }
  return events;
}

/** The stop a job's rider is heading to (or standing at): null once nothing is left to visit. */
export function nextStop(
  jobStatus: number,
  deliveryStatuses: readonly number[],
): { kind: StopKind; index: number } | null {
  if (jobStatus === CREATED || jobStatus === ASSIGNED || jobStatus === ACCEPTED || jobStatus === AT_PICKUP)
    return { kind: 'pickup', index: 0 };
  if (jobStatus !== PICKED_UP && jobStatus !== IN_TRANSIT) return null;
  const index = deliveryStatuses.findIndex((status) => status === CREATED || status === IN_TRANSIT);
  return index < 0 ? null : { kind: 'delivery', index };
}

/**
 * Of a rider's open jobs, the one they are working on: the furthest along (at a pickup or
 * carrying parcels), then the earliest pickup slot. Sorts with this as the comparator.
 */
export function byFocus(
  a: { status: number; pickupFrom: number; id: number },
  b: { status: number; pickupFrom: number; id: number },
): number {
  const rank = (status: number) => (status >= AT_PICKUP && status <= IN_TRANSIT ? status : 0);
  return rank(b.status) - rank(a.status) || a.pickupFrom - b.pickupFrom || a.id - b.id;
}
