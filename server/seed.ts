/**
 * The seed: a deterministic operation as of a reference time ("now" of the data). Branches in
 * real cities; riders; jobs booked over the last 30 local days of their branch, each following
 * its plan (server/job-plan.ts) up to the reference time. Days before the branch's today are
 * over: every job in a final status. Today's jobs sit in the day's slots (07:00 to 22:30 local)
 * in every stage: done earlier, under way, waiting for later slots, and a few late or stuck.
 * Riders carrying open work reported their position minutes ago, near their current stop;
 * the others hours to days ago. The reference time is recorded (server/meta.ts).
 */
import type { Database } from './db';
import { byFocus, nextStop, planJob, riderActor, type PlanRider } from './job-plan';
import { localDayStart } from './local-time';
import { setMeta, setReferenceTime } from './meta';
import { Random } from './random';
import { SeedWriter, type HistoryEntry } from './seed-writer';
import {
  CITIES,
  DELIVERY_NOTES,
  DISPATCHERS,
  FIRST_NAMES,
  JOB_NOTES,
  JOB_TYPES,
  LAST_NAMES,
  MERCHANTS,
  RIDER_TYPES,
  SYSTEM_ACTOR,
  TEAM_COUNT,
  ZONE_NAMES,
  type City,
} from './seed-data';
import { STATUS, isFinalStatus } from './statuses';

export interface SeedOptions {
  /** Same seed (and options) → identical database. */
  seed: number;
  jobs: number;
  /** Default 8. */
  branches?: number;
  /** Default one per 25 jobs, at least 10. */
  riders?: number;
  /** Epoch seconds that "now" means for the data (jobs spread over the 30 local days up to it). */
  referenceTime?: number;
}

export interface SeedSummary {
  referenceTime: number;
  branches: number;
  contacts: number;
  zones: number;
  riders: number;
  jobs: number;
  pickups: number;
  deliveries: number;
  packages: number;
  jobStatusHistory: number;
  stopStatusHistory: number;
}

/** What job generation needs of a branch: the city gives addresses, phones and the time zone. */
export interface BranchSeed {
  id: string;
  city: City;
  latitude: number;
  longitude: number;
}

interface RiderSeed {
  id: number;
  name: string;
  branch: BranchSeed;
  /** Rider status 1: may be sent out today. */
  active: boolean;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const SPREAD_DAYS = 30;
/** Every job whose index has this remainder gets a long reassignment history (drawer tests). */
const LONG_HISTORY_EVERY = 250;
const LONG_HISTORY_OFFSET = 17;
const LONG_HISTORY_REASSIGNMENTS = 48;

/** Now, rounded down to the hour, in epoch seconds. */
export function defaultReferenceTime(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 3_600_000) * 3600;
}

export function defaultRiderCount(jobs: number): number {
  return Math.max(10, Math.ceil(jobs / 25));
}

/**
 * Fills an EMPTY (migrated) database with deterministic, realistic data, in one transaction.
 * Sections draw from separate PRNG streams so, for example, more jobs do not change branches.
 */
export function seed(db: Database, options: SeedOptions): SeedSummary {
  const existing = db.prepare('SELECT count(*) FROM branches').pluck().get() as number;
  if (existing > 0) throw new Error('seed() needs an empty database');
  const branchCount = options.branches ?? 8;
  const riderCount = options.riders ?? defaultRiderCount(options.jobs);
  if (!Number.isSafeInteger(options.jobs) || options.jobs < 0)
    throw new Error('jobs must be a whole number ≥ 0');
  if (options.jobs > 0 && (branchCount < 1 || riderCount < 1))
    throw new Error('jobs need at least one branch and one rider');

  const referenceTime = options.referenceTime ?? defaultReferenceTime();
  const writer = new SeedWriter(db);
  const stream = (section: number) => new Random(Math.imul(options.seed ^ 0x5eed, 2654435761) + section);

  db.transaction(() => {
    const branches = seedBranches(writer, stream(1), branchCount, referenceTime);
    const riders = seedRiders(writer, stream(2), riderCount, branches, referenceTime);
    const atWork = seedJobs(writer, stream(3), options.jobs, branches, riders, referenceTime);
    placeRidersAtWork(db, stream(4), atWork, referenceTime);
    setReferenceTime(db, referenceTime);
    setMeta(db, 'bookings_per_day', Math.round(todayShare(options.jobs) * options.jobs));
  })();
  // Statistics let the planner pick the best index for each filter combination.
  db.exec('ANALYZE');
  return { referenceTime, ...writer.counts };
}

// ---------------------------------------------------------------------------------------
// Branches

function seedBranches(writer: SeedWriter, rng: Random, count: number, referenceTime: number): BranchSeed[] {
  const branches: BranchSeed[] = [];
  for (let i = 0; i < count; i++) {
    const city = CITIES[i % CITIES.length]!;
    const id = `${city.code}-${String(Math.floor(i / CITIES.length) + 1).padStart(2, '0')}`;
    const branch: BranchSeed = {
      id,
      city,
      latitude: round6(city.latitude + rng.float(-0.01, 0.01)),
      longitude: round6(city.longitude + rng.float(-0.01, 0.01)),
    };
    const createdAt = referenceTime - rng.int(120, 400) * DAY - rng.int(0, DAY - 1);
    const updatedAt = createdAt + rng.int(1, 80) * DAY;
    writer.branch({
      ...branch,
      name: `${city.name} ${city.districts[Math.floor(i / CITIES.length) % city.districts.length]}`,
      timeZone: city.timeZone,
      formattedAddress: formatAddress(city, rng),
      active: i === 0 || rng.chance(0.85),
      createdAt,
      updatedAt,
      createdBy: rng.chance(0.5) ? SYSTEM_ACTOR : rng.pick(DISPATCHERS),
      updatedBy: rng.pick(DISPATCHERS),
    });

    for (let c = 0, n = rng.int(1, 3); c < n; c++) {
      writer.contact(id, c, {
        name: personName(rng),
        phone: `${city.dialCode} ${fillPattern(rng, city.phonePattern)}`,
        from: rng.pick(['07:00 AM', '08:00 AM', '08:30 AM', '09:00 AM']),
        to: rng.pick(['05:00 PM', '06:00 PM', '08:00 PM', '10:00 PM']),
        days: rng.pick([
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
          ['saturday', 'sunday'],
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        ]),
      });
    }

    const zoneNames = [ZONE_NAMES[0], ...ZONE_NAMES.slice(1).filter(() => rng.chance(0.5))].slice(
      0,
      rng.int(1, 4),
    );
    zoneNames.forEach((name, z) => {
      const radiusKm = rng.float(1, 4);
      const center = zoneCenter(branch, name, radiusKm * 1.4);
      writer.zone(id, z, {
        featureId: `${id.toLowerCase()}-${name.toLowerCase()}`,
        properties: { name },
        geometry: { type: 'Polygon', coordinates: [zoneRing(rng, center, radiusKm, rng.int(8, 40))] },
      });
    });
    branches.push(branch);
  }
  return branches;
}

function zoneCenter(branch: BranchSeed, name: string, offsetKm: number): [number, number] {
  const [dx, dy] = (
    { North: [0, 1], East: [1, 0], South: [0, -1], West: [-1, 0] } as Record<string, [number, number]>
  )[name] ?? [0, 0];
  return [
    branch.longitude + kmToLon(dx * offsetKm, branch.latitude),
    branch.latitude + kmToLat(dy * offsetKm),
  ];
}

/**
 * An irregular polygon, star-shaped around its centre: vertices at increasing angles (so the
 * ring is simple and counter-clockwise, RFC 7946) with jittered radii, closed, 6 decimals.
 */
function zoneRing(rng: Random, [lon, lat]: [number, number], radiusKm: number, vertices: number): number[][] {
  const start = rng.float(0, 2 * Math.PI);
  const step = (2 * Math.PI) / vertices;
  const ring: number[][] = [];
  for (let k = 0; k < vertices; k++) {
    const angle = start + (k + rng.float(-0.35, 0.35)) * step;
    const r = radiusKm * rng.float(0.65, 1);
    ring.push([round6(lon + kmToLon(r * Math.cos(angle), lat)), round6(lat + kmToLat(r * Math.sin(angle)))]);
  }
  ring.push([...ring[0]!]);
  return ring;
}

// ---------------------------------------------------------------------------------------
// Riders

function seedRiders(
  writer: SeedWriter,
  rng: Random,
  count: number,
  branches: BranchSeed[],
  referenceTime: number,
): RiderSeed[] {
  const riders: RiderSeed[] = [];
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const branch = branches[i % branches.length]!;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    const username = `${ascii(first)}.${ascii(last)}${rng.int(1, 99)}`;
    // Some riders without a phone or a position, as the spec allows (a few for certain, even in small seeds).
    const reachable = i % 16 !== 5 && rng.chance(0.96);
    const located = i % 12 !== 7 && rng.chance(0.95);
    const createdAt = referenceTime - rng.int(60, 700) * DAY;
    const status = rng.weighted([
      [1, 90],
      [2, 7],
      [3, 3],
    ]);
    writer.rider({
      id,
      referenceId: `RDR-${String(id).padStart(6, '0')}`,
      name,
      username,
      dialCode: reachable ? branch.city.dialCode : '',
      mobile: reachable ? fillPattern(rng, branch.city.mobilePattern).replaceAll(' ', '') : '',
      email: `${username}@riders.example.com`,
      type: rng.pick(RIDER_TYPES),
      status,
      profilePic: rng.chance(0.5)
        ? `https://images.example.com/riders/RDR-${String(id).padStart(6, '0')}.jpg`
        : '',
      emailVerified: rng.chance(0.85),
      phoneVerified: reachable && rng.chance(0.8),
      metadata: rng.chance(0.4)
        ? {}
        : { shift: rng.pick(['morning', 'afternoon', 'evening']), vehicle_plate: rng.alphanumeric(7) },
      lastLatitude: located ? round6(branch.latitude + rng.float(-0.03, 0.03)) : null,
      lastLongitude: located ? round6(branch.longitude + rng.float(-0.03, 0.03)) : null,
      createdAt,
      // Off duty: the last position is hours to days old (riders at work get a fresh one below).
      updatedAt: Math.max(createdAt, referenceTime - rng.int(3 * HOUR, 6 * DAY)),
    });
    riders.push({ id, name, branch, active: status === 1 });
  }
  return riders;
}

/**
 * Riders carrying open work are at work: each reported its position a few minutes ago, near
 * the stop of the job it is working on (at the pickup while there, else on the way).
 */
function placeRidersAtWork(
  db: Database,
  rng: Random,
  focus: ReadonlyMap<number, RiderFocus>,
  referenceTime: number,
): void {
  const update = db.prepare(`UPDATE riders SET status = 1, updated_at = ?,
    last_latitude = CASE WHEN last_latitude IS NULL THEN NULL ELSE ? END,
    last_longitude = CASE WHEN last_longitude IS NULL THEN NULL ELSE ? END WHERE id = ?`);
  for (const riderId of [...focus.keys()].sort((a, b) => a - b)) {
    const { position, atStop } = focus.get(riderId)!;
    const [lat, lon] = position;
    const distanceKm = atStop ? rng.float(0, 0.03) : rng.float(0.2, 1.5);
    const bearing = rng.float(0, 2 * Math.PI);
    update.run(
      referenceTime - rng.int(5, 240),
      round6(lat + kmToLat(distanceKm * Math.sin(bearing))),
      round6(lon + kmToLon(distanceKm * Math.cos(bearing), lat)),
      riderId,
    );
  }
}

// ---------------------------------------------------------------------------------------
// Jobs

/** Pickup slots start from 07:00 to 19:00 local, on the half hour; deliveries end by 22:30. */
export const FIRST_PICKUP_MINUTE = 7 * 60;
export const PICKUP_SLOT_STARTS = 25;
const LAST_DELIVERY_END = (22 * 60 + 30) * MINUTE;

/** How long before its pickup slot a job of each type is booked, in minutes. */
const LEAD_MINUTES: Readonly<Record<string, readonly [number, number]>> = {
  on_demand: [15, 45],
  same_day: [45, 180],
  scheduled: [120, 480],
  return: [60, 240],
};

export function drawJobType(rng: Random): string {
  return rng.weighted([
    [JOB_TYPES[0], 50],
    [JOB_TYPES[1], 25],
    [JOB_TYPES[2], 20],
    [JOB_TYPES[3], 5],
  ]);
}

/** Seconds between booking a job of `type` and the start of its pickup slot. */
export function drawLead(rng: Random, type: string): number {
  const [min, max] = LEAD_MINUTES[type] ?? [30, 120];
  return rng.int(min, max) * MINUTE;
}

interface JobDraft {
  createdAt: number;
  branch: BranchSeed;
  type: string;
  pickupFrom: number;
  dayStart: number;
  today: boolean;
  longHistory: boolean;
}

/**
 * The chance that a booking is today's: a day's share of the jobs, but at least 500 bookings
 * over the whole day (at most a third of the jobs), so the day's work shows in a seed of a few
 * thousand jobs as it does in one of 100,000.
 */
function todayShare(jobs: number): number {
  return jobs === 0 ? 0 : Math.min(jobs / 3, Math.max(jobs / SPREAD_DAYS, 500)) / jobs;
}

/**
 * A job booked on one of the last 30 local days of its branch, today included. A booking that
 * would lie after the reference time has not happened yet: another is drawn (at night few or
 * none of today's bookings exist yet).
 */
function draftJob(
  rng: Random,
  branches: readonly BranchSeed[],
  dayStarts: readonly (readonly number[])[],
  referenceTime: number,
  share: number,
  longHistory: boolean,
): JobDraft {
  for (let attempt = 0; ; attempt++) {
    const b = rng.int(0, branches.length - 1);
    const day = longHistory
      ? rng.int(3, SPREAD_DAYS - 1)
      : attempt < 20 && rng.chance(share)
        ? 0
        : rng.int(1, SPREAD_DAYS - 1);
    const type = longHistory ? JOB_TYPES[1] : drawJobType(rng);
    const dayStart = dayStarts[b]![day]!;
    const pickupFrom = dayStart + (FIRST_PICKUP_MINUTE + 30 * rng.int(0, PICKUP_SLOT_STARTS - 1)) * MINUTE;
    const [minLead, maxLead] = LEAD_MINUTES[type]!;
    // Nobody books between midnight and half past.
    const createdAt = Math.max(
      pickupFrom - rng.int(minLead, maxLead) * MINUTE,
      dayStart + rng.int(30, 90) * MINUTE,
    );
    if (createdAt <= referenceTime)
      return { createdAt, branch: branches[b]!, type, pickupFrom, dayStart, today: day === 0, longHistory };
  }
}

function seedJobs(
  writer: SeedWriter,
  rng: Random,
  count: number,
  branches: BranchSeed[],
  riders: RiderSeed[],
  referenceTime: number,
): Map<number, RiderFocus> {
  const team = new Map<string, { all: RiderSeed[]; active: RiderSeed[] }>();
  for (const rider of riders) {
    let members = team.get(rider.branch.id);
    if (!members) team.set(rider.branch.id, (members = { all: [], active: [] }));
    members.all.push(rider);
    if (rider.active) members.active.push(rider);
  }
  const dayStarts = branches.map((branch) =>
    Array.from({ length: SPREAD_DAYS }, (_, day) => localDayStart(referenceTime, branch.city.timeZone, day)),
  );
  const share = todayShare(count);
  const drafts = Array.from({ length: count }, (_, g) =>
    draftJob(rng, branches, dayStarts, referenceTime, share, g % LONG_HISTORY_EVERY === LONG_HISTORY_OFFSET),
  );
  // Ids follow creation time, as in a real system; whole minutes make ties (kept in draft order).
  drafts.sort((a, b) => a.createdAt - b.createdAt);

  const everyone = riders.map(({ id, name }) => ({ id, name }));
  const focus = new Map<number, RiderFocus>();
  drafts.forEach((draft, index) => {
    const members = team.get(draft.branch.id) ?? { all: riders, active: [] };
    // Today's work goes to riders who may work (status 1).
    const rider = rng.pick(draft.today && members.active.length > 0 ? members.active : members.all);
    const job = writeJob(
      writer,
      rng,
      {
        id: index + 1,
        createdAt: draft.createdAt,
        type: draft.type,
        branch: draft.branch,
        pickupFrom: draft.pickupFrom,
        dayStart: draft.dayStart,
        rider,
        reassignments: draft.longHistory ? LONG_HISTORY_REASSIGNMENTS : undefined,
      },
      branches,
      everyone,
      referenceTime,
    );
    if (job.focus) {
      const known = focus.get(rider.id);
      if (!known || byFocus(job.focus, known) < 0) focus.set(rider.id, job.focus);
    }
  });
  return focus;
}

export interface JobSpec {
  id: number;
  createdAt: number;
  type: string;
  branch: BranchSeed;
  /** Start of the pickup slot. */
  pickupFrom: number;
  /** Local midnight of the job's day: its delivery slots end by 22:30. */
  dayStart: number;
  rider: PlanRider;
  /** A long reassignment history (see planJob). */
  reassignments?: number;
}

/** Where a rider carrying this open job is: what riders' positions are drawn from. */
export interface RiderFocus {
  id: number;
  status: number;
  pickupFrom: number;
  /** The stop the rider is heading to or standing at: [latitude, longitude]. */
  position: [number, number];
  atStop: boolean;
}

/**
 * Writes one job (its stops, packages and the part of its plan up to `until`), drawing its
 * content from `rng`. Returns the rider's focus when the job is open at `until`.
 */
export function writeJob(
  writer: SeedWriter,
  rng: Random,
  spec: JobSpec,
  branches: readonly BranchSeed[],
  riders: readonly PlanRider[],
  until: number,
): { status: number; focus: RiderFocus | null } {
  const { id: jobId, createdAt, branch } = spec;
  const orderId = `ORD-${rng.alphanumeric(8)}`;
  const notes = rng.chance(0.25) ? rng.pick(JOB_NOTES) : '';
  const teamId = `team-${rng.int(1, TEAM_COUNT)}`;
  const pickupCount = rng.weighted([
    [1, 70],
    [2, 22],
    [3, 8],
  ]);
  const deliveryCount = rng.weighted([
    [1, 45],
    [2, 25],
    [3, 15],
    [4, 10],
    [5, 5],
  ]);
  const pickupSlot = { from: spec.pickupFrom, to: spec.pickupFrom + rng.pick([30, 60]) * MINUTE };
  const latestEnd = spec.dayStart + LAST_DELIVERY_END;
  const deliverySlots = Array.from({ length: deliveryCount }, () => {
    const from = spec.pickupFrom + rng.int(1, 4) * 30 * MINUTE;
    return { from, to: Math.min(from + rng.pick([30, 60, 120]) * MINUTE, latestEnd) };
  }).sort((a, b) => a.from - b.from || a.to - b.to);

  const plan = planJob({
    orderId,
    createdAt,
    pickupSlot,
    pickupCount,
    deliveries: deliverySlots,
    rider: spec.rider,
    riders,
    reassignments: spec.reassignments,
  });
  const actor = riderActor(spec.rider);
  const jobHistory: HistoryEntry[] = [];
  const stopHistory = {
    pickup: Array.from({ length: pickupCount }, (): HistoryEntry[] => []),
    delivery: Array.from({ length: deliveryCount }, (): HistoryEntry[] => []),
  };
  for (const event of plan) {
    if (event.at > until) break; // the rest has not happened yet
    if (event.job) jobHistory.push({ ...event.job, at: event.at });
    for (const change of event.stops)
      stopHistory[change.kind][change.index]!.push({
        status: change.status,
        remarks: change.remarks,
        actor,
        at: event.at,
      });
  }
  const latest = jobHistory.at(-1)!;
  const status = latest.status;

  writer.job({
    id: jobId,
    orderId,
    type: spec.type,
    status,
    notes,
    teamId,
    branchId: branch.id,
    riderId: spec.rider.id,
    createdAt,
    updatedAt: latest.at,
  });
  for (const entry of jobHistory) writer.jobHistory(jobId, entry);

  const pickupIds: number[] = [];
  const stopPositions: { pickup: [number, number][]; delivery: [number, number][] } = {
    pickup: [],
    delivery: [],
  };
  for (let p = 0; p < pickupCount; p++) {
    // The first pickup defines the job's branch; a few later ones come from another branch.
    const pickupBranch = p > 0 && rng.chance(0.05) ? rng.pick(branches) : branch;
    const history = stopHistory.pickup[p]!;
    const address = rng.chance(0.02) ? null : streetAddress(rng, pickupBranch);
    stopPositions.pickup.push(positionOf(address, pickupBranch));
    pickupIds.push(
      writer.pickup({
        jobId,
        position: p,
        branchId: pickupBranch.id,
        status: history.at(-1)?.status ?? STATUS.CREATED,
        slotFrom: pickupSlot.from,
        slotTo: pickupSlot.to,
        address,
        customer: rng.chance(0.02)
          ? null
          : {
              name: rng.pick(MERCHANTS),
              phone: `${pickupBranch.city.dialCode} ${fillPattern(rng, pickupBranch.city.phonePattern)}`,
            },
        createdAt,
        updatedAt: history.at(-1)?.at ?? createdAt,
        history,
      }),
    );
  }

  const deliveryStatuses: number[] = [];
  for (let d = 0; d < deliveryCount; d++) {
    const history = stopHistory.delivery[d]!;
    const deliveryStatus = history.at(-1)?.status ?? STATUS.CREATED;
    deliveryStatuses.push(deliveryStatus);
    const trackingId = `TRK${rng.alphanumeric(10)}`;
    const unattended = rng.chance(0.15);
    const signatureRequired = !unattended && rng.chance(0.15);
    const enableOtp = rng.chance(0.3);
    const address = rng.chance(0.02) ? null : streetAddress(rng, branch);
    stopPositions.delivery.push(positionOf(address, branch));
    const deliveryId = writer.delivery({
      jobId,
      position: d,
      branchId: branch.id,
      status: deliveryStatus,
      firstOrder: rng.chance(0.1),
      enableOtp,
      otp: enableOtp ? rng.digits(4) : '',
      note: rng.chance(0.2) ? rng.pick(DELIVERY_NOTES) : '',
      unattendedDelivery: unattended,
      leaveAtDoor: unattended && rng.chance(0.7),
      dontRingBell: rng.chance(0.1),
      ageRestricted: rng.chance(0.05),
      signatureRequired,
      ...proofOfDelivery(rng, trackingId, signatureRequired, deliveryStatus === STATUS.DELIVERED),
      paymentType: rng.weighted([
        [1, 50],
        [2, 25],
        [3, 25],
      ]),
      amountMinor: rng.int(300, 25_000),
      trackingId,
      slotFrom: deliverySlots[d]!.from,
      slotTo: deliverySlots[d]!.to,
      address,
      customer: rng.chance(0.03)
        ? null
        : {
            name: personName(rng),
            phone: `${branch.city.dialCode} ${fillPattern(rng, branch.city.mobilePattern)}`,
          },
      createdAt,
      updatedAt: history.at(-1)?.at ?? createdAt,
      history,
    });
    // Each parcel is collected at one of the pickups and handed over at this delivery.
    for (let k = 0, n = rng.int(1, 3); k < n; k++) {
      const packageId = `PKG-${jobId}-${d + 1}${k + 1}`;
      const barcode = ean13(rng);
      writer.deliveryPackage(deliveryId, packageId, barcode);
      writer.pickupPackage(pickupIds[(d + k) % pickupIds.length]!, packageId, barcode);
    }
  }

  const stop = isFinalStatus(status) ? null : nextStop(status, deliveryStatuses);
  return {
    status,
    focus: stop && {
      id: jobId,
      status,
      pickupFrom: pickupSlot.from,
      position: stopPositions[stop.kind][stop.index]!,
      atStop: status === STATUS.AT_PICKUP,
    },
  };
}

/** A delivered parcel's signature (when one is required) and, mostly, photos. */
export function proofOfDelivery(
  rng: Random,
  trackingId: string,
  signatureRequired: boolean,
  delivered: boolean,
): { signatureImage: string; proofOfDeliveryImages: string[] } {
  return {
    signatureImage:
      signatureRequired && delivered ? `https://pod.example.com/signatures/${trackingId}.png` : '',
    proofOfDeliveryImages:
      delivered && rng.chance(0.7)
        ? Array.from(
            { length: rng.int(1, 2) },
            (_, k) => `https://pod.example.com/${trackingId}/photo-${k + 1}.jpg`,
          )
        : [],
  };
}

/** A stop's position: its address's, else its branch's. */
function positionOf(address: Record<string, string | number> | null, branch: BranchSeed): [number, number] {
  return address
    ? [address.latitude as number, address.longitude as number]
    : [branch.latitude, branch.longitude];
}

// ---------------------------------------------------------------------------------------
// Small generators

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function kmToLat(km: number): number {
  return km / 110.574;
}

function kmToLon(km: number, latitude: number): number {
  return km / (111.32 * Math.cos((latitude * Math.PI) / 180));
}

function fillPattern(rng: Random, pattern: string): string {
  return pattern.replace(/#/g, () => String(rng.int(0, 9)));
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function personName(rng: Random): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

function streetLine(rng: Random, city: City): string {
  const number = rng.int(1, 240);
  const street = rng.pick(city.streets);
  return city.numberAfterStreet ? `${street} ${number}` : `${number} ${street}`;
}

function cityLine(city: City, postcode: string): string {
  if (!postcode) return city.name;
  return city.numberAfterStreet || city.postcodeFirst
    ? `${postcode} ${city.name}`
    : `${city.name} ${postcode}`;
}

function formatAddress(city: City, rng: Random): string {
  return `${streetLine(rng, city)}, ${cityLine(city, rng.pick(city.postcodes))}, ${city.country}`;
}

function streetAddress(rng: Random, branch: BranchSeed): Record<string, string | number> {
  return {
    line1: streetLine(rng, branch.city),
    city: branch.city.name,
    postcode: rng.pick(branch.city.postcodes),
    latitude: round6(branch.latitude + rng.float(-0.03, 0.03)),
    longitude: round6(branch.longitude + rng.float(-0.03, 0.03)),
  };
}

/** A 13-digit EAN barcode with a valid check digit. */
function ean13(rng: Random): string {
  const body = `${rng.int(1, 9)}${rng.digits(11)}`;
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
