/**
 * The operation running forward while the server runs (SIMULATE=1: on in `npm start`, off
 * elsewhere, refused in production). `simulateStep` takes the data from its reference time
 * (server/meta.ts) to `now`, as one transaction:
 * - books new jobs through each branch's day (06:00 to 18:30 local), at the seed's daily rate;
 * - moves each job under way along its plan (server/job-plan.ts, the seed's own): status
 *   history entries, stop statuses and `updated_at`, proof of delivery on delivered parcels; a
 *   change its stored status does not offer (a job action moved it elsewhere) is left out.
 *   Plans let some jobs run late or get stuck, and some drops fail (the reason as remark);
 * - moves each rider at work toward the stop of the job they are working on (18 km/h), with
 *   `updated_at` the time of that position.
 * Branches are never touched. A step of hours (the first one after a start) catches up the
 * same way as one of seconds. `startSimulation` runs a step at once, then every 15 s on an
 * unref'd timer, until stopped.
 */
import type { Database } from './db';
import { byFocus, nextStop, planJob, riderActor, type PlanRider } from './job-plan';
import { localDayStart, localSecondOfDay } from './local-time';
import { getMeta, getReferenceTime, setReferenceTime } from './meta';
import { Random } from './random';
import {
  FIRST_PICKUP_MINUTE,
  PICKUP_SLOT_STARTS,
  drawJobType,
  drawLead,
  proofOfDelivery,
  writeJob,
  type BranchSeed,
} from './seed';
import { CITIES } from './seed-data';
import { SeedWriter } from './seed-writer';
import { OPEN_STATUSES, STATUS, nextJobStatuses, nextStopStatuses, type StopKind } from './statuses';

export const SIMULATION_INTERVAL_MS = 15_000;
/** A rider's speed through town, in km/h. */
export const RIDER_SPEED_KMH = 18;
/** New jobs are booked from 06:00 to 18:30, local time of their branch. */
const BOOKING_FROM = 6 * 3600;
const BOOKING_TO = 18.5 * 3600;

export interface StepSummary {
  /** Status changes written (job and stop history entries). */
  changes: number;
  /** Jobs booked. */
  booked: number;
  /** Riders whose position was reported. */
  ridersMoved: number;
}

interface BranchRow {
  id: string;
  time_zone: string;
  active: number;
  latitude: number;
  longitude: number;
}

interface JobRow {
  id: number;
  order_id: string;
  status: number;
  created_at: number;
  rider_id: number;
}

interface StopRow {
  id: number;
  job_id: number;
  status: number;
  slot_from: number;
  slot_to: number;
  address: string | null;
  branch_latitude: number;
  branch_longitude: number;
  signature_required?: number;
  tracking_id?: string;
}

const OPEN = OPEN_STATUSES.join(', ');

/** Takes the data from its reference time to `now` (epoch seconds); nothing when `now` is not later. */
export function simulateStep(db: Database, now: number, rng: Random): StepSummary {
  const since = getReferenceTime(db);
  if (since === undefined || now <= since) return { changes: 0, booked: 0, ridersMoved: 0 };
  return db.transaction((): StepSummary => {
    const riders = db.prepare('SELECT id, name FROM riders ORDER BY id').all() as PlanRider[];
    const changes = advanceJobs(db, rng, since, now, riders);
    const booked = bookJobs(db, rng, since, now, riders);
    const ridersMoved = moveRiders(db, since, now);
    setReferenceTime(db, now);
    return { changes, booked, ridersMoved };
  })();
}

/** Runs a step now, then every `intervalMs`; errors go to `onError` and the next step tries again. */
export function startSimulation(
  db: Database,
  options: {
    intervalMs?: number;
    now?: () => number;
    rng?: Random;
    onStep?: (summary: StepSummary) => void;
    onError?: (error: unknown) => void;
  } = {},
): { stop(): void } {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const rng = options.rng ?? new Random(Date.now());
  const step = () => {
    try {
      options.onStep?.(simulateStep(db, now(), rng));
    } catch (error) {
      options.onError?.(error);
    }
  };
  step();
  const timer = setInterval(step, options.intervalMs ?? SIMULATION_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

// ---------------------------------------------------------------------------------------
// Jobs under way

/** Applies each unfinished job's plan events dated in (since, now]; returns the changes written. */
function advanceJobs(
  db: Database,
  rng: Random,
  since: number,
  now: number,
  riders: readonly PlanRider[],
): number {
  // Failed jobs may still be returned (their plan goes on for up to two hours).
  const jobs = db
    .prepare(
      `SELECT id, order_id, status, created_at, rider_id FROM jobs
       WHERE rider_id IS NOT NULL AND (status IN (${OPEN}) OR (status = ? AND updated_at > ?))`,
    )
    .all(STATUS.FAILED, since - 3 * 3600) as JobRow[];
  const pickupsOf = db.prepare(
    'SELECT id, status, slot_from, slot_to FROM pickups WHERE job_id = ? ORDER BY position',
  );
  const deliveriesOf = db.prepare(
    'SELECT id, status, slot_from, slot_to, signature_required, tracking_id FROM deliveries WHERE job_id = ? ORDER BY position',
  );
  const names = new Map(riders.map((rider) => [rider.id, rider.name]));
  const writer = new SeedWriter(db);
  const setJob = db.prepare('UPDATE jobs SET status = ?, updated_at = ? WHERE id = ?');
  const setStop = {
    pickup: db.prepare('UPDATE pickups SET status = ?, updated_at = ? WHERE id = ?'),
    delivery: db.prepare('UPDATE deliveries SET status = ?, updated_at = ? WHERE id = ?'),
  };
  const setProof = db.prepare(
    'UPDATE deliveries SET signature_image = ?, proof_of_delivery_images = ? WHERE id = ?',
  );
  let changes = 0;
  for (const job of jobs) {
    const pickups = pickupsOf.all(job.id) as StopRow[];
    const deliveries = deliveriesOf.all(job.id) as StopRow[];
    const rider = { id: job.rider_id, name: names.get(job.rider_id) ?? '' };
    if (pickups.length === 0 || deliveries.length === 0) continue;
    const plan = planJob({
      orderId: job.order_id,
      createdAt: job.created_at,
      pickupSlot: { from: pickups[0]!.slot_from, to: pickups[0]!.slot_to },
      pickupCount: pickups.length,
      deliveries: deliveries.map((d) => ({ from: d.slot_from, to: d.slot_to })),
      rider,
      riders,
    });
    const actor = riderActor(rider);
    // A change the stored status does not offer is left out: a supervisor's action (a job
    // action) took the job or stop elsewhere, and the plan does not undo it.
    let jobStatus = job.status;
    for (const event of plan) {
      if (event.at <= since) continue;
      if (event.at > now) break;
      if (event.job && nextJobStatuses(jobStatus).includes(event.job.status)) {
        writer.jobHistory(job.id, { ...event.job, at: event.at });
        setJob.run(event.job.status, event.at, job.id);
        jobStatus = event.job.status;
        changes++;
      }
      for (const change of event.stops) {
        const stop = (change.kind === 'pickup' ? pickups : deliveries)[change.index]!;
        if (!nextStopStatuses(change.kind, stop.status).includes(change.status)) continue;
        stop.status = change.status;
        const entry = { status: change.status, remarks: change.remarks, actor, at: event.at };
        if (change.kind === 'pickup') writer.stopHistory(stop.id, null, entry);
        else writer.stopHistory(null, stop.id, entry);
        setStop[change.kind].run(change.status, event.at, stop.id);
        if (change.kind === 'delivery' && change.status === STATUS.DELIVERED) {
          const proof = proofOfDelivery(rng, stop.tracking_id!, stop.signature_required === 1, true);
          setProof.run(proof.signatureImage, JSON.stringify(proof.proofOfDeliveryImages), stop.id);
        }
        changes++;
      }
    }
  }
  return changes;
}

// ---------------------------------------------------------------------------------------
// New bookings

/** The seed's vocabulary for a stored branch: its city by id prefix, else by time zone. */
function branchSeed(branch: BranchRow): BranchSeed {
  const city =
    CITIES.find((c) => branch.id.startsWith(`${c.code}-`)) ??
    CITIES.find((c) => c.timeZone === branch.time_zone) ??
    CITIES[0]!;
  return { id: branch.id, city, latitude: branch.latitude, longitude: branch.longitude };
}

/** A whole number of events averaging `mean`: its fraction decides the last one. */
function countOf(rng: Random, mean: number): number {
  return Math.floor(mean) + (rng.chance(mean - Math.floor(mean)) ? 1 : 0);
}

/**
 * Books jobs at times in (since, now]: each active branch gets its share of the daily bookings
 * over its booking hours, with the next pickup slot that the job's lead time allows today.
 */
function bookJobs(
  db: Database,
  rng: Random,
  since: number,
  now: number,
  riders: readonly PlanRider[],
): number {
  const branchRows = db
    .prepare('SELECT id, time_zone, active, latitude, longitude FROM branches ORDER BY id')
    .all() as BranchRow[];
  const perDay = getMeta(db, 'bookings_per_day') ?? 0;
  if (branchRows.length === 0 || perDay <= 0) return 0;
  const seeds = branchRows.map(branchSeed);
  const bookings: { at: number; branch: BranchRow; seed: BranchSeed }[] = [];
  const mean = ((perDay / branchRows.length) * (now - since)) / (BOOKING_TO - BOOKING_FROM);
  branchRows.forEach((branch, b) => {
    if (!branch.active) return;
    for (let n = countOf(rng, mean); n > 0; n--) {
      const at = since + rng.int(1, now - since);
      const second = localSecondOfDay(at, branch.time_zone);
      if (second >= BOOKING_FROM && second < BOOKING_TO) bookings.push({ at, branch, seed: seeds[b]! });
    }
  });
  if (bookings.length === 0) return 0;
  bookings.sort((a, b) => a.at - b.at);

  const teamOf = db.prepare(
    `SELECT DISTINCT r.id, r.name, r.status FROM jobs j JOIN riders r ON r.id = j.rider_id
     WHERE j.branch_id = ? ORDER BY r.id`,
  );
  let nextId = ((db.prepare('SELECT max(id) FROM jobs').pluck().get() as number | null) ?? 0) + 1;
  const writer = new SeedWriter(db);
  let booked = 0;
  for (const { at, branch, seed } of bookings) {
    const type = drawJobType(rng);
    const dayStart = localDayStart(at, branch.time_zone);
    const firstSlot = dayStart + FIRST_PICKUP_MINUTE * 60;
    const lastSlot = firstSlot + (PICKUP_SLOT_STARTS - 1) * 1800;
    const pickupFrom = Math.max(
      firstSlot,
      dayStart + Math.ceil((at + drawLead(rng, type) - dayStart) / 1800) * 1800,
    );
    if (pickupFrom > lastSlot) continue; // too late in the day for this kind of job
    const team = teamOf.all(branch.id) as (PlanRider & { status: number })[];
    const active = team.filter((rider) => rider.status === 1);
    const pool = active.length > 0 ? active : team.length > 0 ? team : riders;
    if (pool.length === 0) continue;
    const rider = rng.pick(pool);
    writeJob(
      writer,
      rng,
      {
        id: nextId++,
        createdAt: at,
        type,
        branch: seed,
        pickupFrom,
        dayStart,
        rider: { id: rider.id, name: rider.name },
      },
      seeds,
      riders,
      now,
    );
    booked++;
  }
  return booked;
}

// ---------------------------------------------------------------------------------------
// Riders

/**
 * Where each rider at work is heading: the stop (its address's position, else its branch's)
 * that comes next on the job they are working on (see byFocus and nextStop).
 */
export function riderTargets(db: Database): Map<number, [number, number]> {
  const jobs = db
    .prepare(
      `SELECT j.id, j.status, j.rider_id, p.slot_from AS pickup_from FROM jobs j
       JOIN pickups p ON p.job_id = j.id AND p.position = 0
       WHERE j.status IN (${OPEN}) AND j.rider_id IS NOT NULL`,
    )
    .all() as { id: number; status: number; rider_id: number; pickup_from: number }[];
  const focus = new Map<number, { id: number; status: number; pickupFrom: number }>();
  for (const job of jobs) {
    const candidate = { id: job.id, status: job.status, pickupFrom: job.pickup_from };
    const known = focus.get(job.rider_id);
    if (!known || byFocus(candidate, known) < 0) focus.set(job.rider_id, candidate);
  }
  const stopsOf = {
    pickup: db.prepare(
      `SELECT s.status, s.address, b.latitude AS branch_latitude, b.longitude AS branch_longitude
       FROM pickups s JOIN branches b ON b.id = s.branch_id WHERE s.job_id = ? ORDER BY s.position`,
    ),
    delivery: db.prepare(
      `SELECT s.status, s.address, b.latitude AS branch_latitude, b.longitude AS branch_longitude
       FROM deliveries s JOIN branches b ON b.id = s.branch_id WHERE s.job_id = ? ORDER BY s.position`,
    ),
  } satisfies Record<StopKind, unknown>;
  const targets = new Map<number, [number, number]>();
  for (const [riderId, job] of focus) {
    const deliveries = stopsOf.delivery.all(job.id) as StopRow[];
    const next = nextStop(
      job.status,
      deliveries.map((d) => d.status),
    );
    if (!next) continue;
    const stop = (next.kind === 'pickup' ? (stopsOf.pickup.all(job.id) as StopRow[]) : deliveries)[
      next.index
    ];
    if (stop) targets.set(riderId, positionOf(stop));
  }
  return targets;
}

function positionOf(stop: StopRow): [number, number] {
  const address = stop.address === null ? null : (JSON.parse(stop.address) as Record<string, unknown>);
  const lat = address?.latitude;
  const lon = address?.longitude;
  return typeof lat === 'number' && typeof lon === 'number'
    ? [lat, lon]
    : [stop.branch_latitude, stop.branch_longitude];
}

/** Moves riders at work (with a position) toward their next stop; returns how many reported. */
function moveRiders(db: Database, since: number, now: number): number {
  const targets = riderTargets(db);
  const riderOf = db.prepare('SELECT last_latitude, last_longitude FROM riders WHERE id = ?');
  const report = db.prepare(
    'UPDATE riders SET last_latitude = ?, last_longitude = ?, updated_at = ? WHERE id = ?',
  );
  const reach = (RIDER_SPEED_KMH * (now - since)) / 3600;
  let moved = 0;
  for (const [riderId, [toLat, toLon]] of targets) {
    const rider = riderOf.get(riderId) as { last_latitude: number | null; last_longitude: number | null };
    if (rider.last_latitude === null || rider.last_longitude === null) continue;
    const km = distanceKm(rider.last_latitude, rider.last_longitude, toLat, toLon);
    const share = km <= reach ? 1 : reach / km;
    report.run(
      round6(rider.last_latitude + (toLat - rider.last_latitude) * share),
      round6(rider.last_longitude + (toLon - rider.last_longitude) * share),
      now,
      riderId,
    );
    moved++;
  }
  return moved;
}

/** Distance on the ground (equirectangular: exact enough across a town). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.hypot(x, lat2 - lat1) * 111.2;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
