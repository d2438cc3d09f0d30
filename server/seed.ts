import type { Database } from './db';
import { Random } from './random';
import { SeedWriter, type Actor, type HistoryEntry } from './seed-writer';
import {
  CANCEL_REMARKS,
  CITIES,
  DELIVERY_NOTES,
  DISPATCHERS,
  FAILURE_REMARKS,
  FIRST_NAMES,
  JOB_NOTES,
  JOB_TYPES,
  LAST_NAMES,
  MERCHANTS,
  REASSIGN_REASONS,
  RIDER_TYPES,
  SYSTEM_ACTOR,
  TEAM_COUNT,
  ZONE_NAMES,
  type City,
} from './seed-data';
import { STATUS } from './statuses';

export interface SeedOptions {
  /** Same seed (and options) → identical database. */
  seed: number;
  jobs: number;
  /** Default 8. */
  branches?: number;
  /** Default one per 25 jobs, at least 10. */
  riders?: number;
  /** Epoch seconds that "now" means for the data (jobs spread over the 30 days before it). */
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

interface BranchSeed {
  id: string;
  city: City;
  latitude: number;
  longitude: number;
}

interface RiderSeed {
  id: number;
  name: string;
  branch: BranchSeed;
}

const MINUTE = 60;
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
    seedJobs(writer, stream(3), options.jobs, branches, riders, referenceTime);
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
    writer.rider({
      id,
      referenceId: `RDR-${String(id).padStart(6, '0')}`,
      name,
      username,
      dialCode: reachable ? branch.city.dialCode : '',
      mobile: reachable ? fillPattern(rng, branch.city.mobilePattern).replaceAll(' ', '') : '',
      email: `${username}@riders.example.com`,
      type: rng.pick(RIDER_TYPES),
      status: rng.weighted([
        [1, 90],
        [2, 7],
        [3, 3],
      ]),
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
      updatedAt: Math.max(createdAt, referenceTime - rng.int(0, SPREAD_DAYS * DAY)),
    });
    riders.push({ id, name, branch });
  }
  return riders;
}

// ---------------------------------------------------------------------------------------
// Jobs

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

const TARGET_STATUS_WEIGHTS: readonly (readonly [number, number])[] = [
  [CREATED, 4],
  [ASSIGNED, 5],
  [ACCEPTED, 4],
  [AT_PICKUP, 4],
  [PICKED_UP, 4],
  [IN_TRANSIT, 8],
  [DELIVERED, 52],
  [FAILED, 5],
  [CANCELLED, 8],
  [RETURNED, 6],
];

/** Minutes between an entry and the next one, by the next status. */
const GAP_MINUTES: Readonly<Record<number, readonly [number, number]>> = {
  [ASSIGNED]: [1, 15],
  [ACCEPTED]: [1, 10],
  [AT_PICKUP]: [5, 30],
  [PICKED_UP]: [2, 15],
  [IN_TRANSIT]: [1, 5],
  [DELIVERED]: [15, 60],
  [FAILED]: [15, 60],
  [CANCELLED]: [5, 120],
  [RETURNED]: [30, 180],
};

function seedJobs(
  writer: SeedWriter,
  rng: Random,
  count: number,
  branches: BranchSeed[],
  riders: RiderSeed[],
  referenceTime: number,
): void {
  const ridersByBranch = new Map<string, RiderSeed[]>();
  for (const rider of riders) {
    const team = ridersByBranch.get(rider.branch.id);
    if (team) team.push(rider);
    else ridersByBranch.set(rider.branch.id, [rider]);
  }

  // Ids follow creation time, as in a real system; whole minutes make ties (sorted by id).
  const createdTimes = Array.from(
    { length: count },
    () => referenceTime - rng.int(0, SPREAD_DAYS * 24 * 60 - 1) * MINUTE,
  );
  createdTimes.sort((a, b) => a - b);

  for (let index = 0; index < count; index++) {
    const jobId = index + 1;
    const longHistory = index % LONG_HISTORY_EVERY === LONG_HISTORY_OFFSET;
    // A long history spans hours: start it early enough to end before the reference time.
    const createdAt = longHistory
      ? Math.min(createdTimes[index]!, referenceTime - 3 * DAY)
      : createdTimes[index]!;
    const branch = rng.pick(branches);
    const rider = rng.pick(ridersByBranch.get(branch.id) ?? riders);
    const riderActor: Actor = { user_type: 'rider', user_id: String(rider.id), user_name: rider.name };
    const target = longHistory ? DELIVERED : rng.weighted(TARGET_STATUS_WEIGHTS);
    const reassignments = longHistory ? LONG_HISTORY_REASSIGNMENTS : rng.chance(0.15) ? rng.int(1, 2) : 0;
    const history = jobHistory(rng, {
      target,
      reassignments,
      createdAt,
      referenceTime,
      rider,
      riders,
      riderActor,
    });
    const latest = history[history.length - 1]!;
    const status = latest.status;

    writer.job({
      id: jobId,
      orderId: `ORD-${rng.alphanumeric(8)}`,
      type: rng.weighted([
        [JOB_TYPES[0], 50],
        [JOB_TYPES[1], 25],
        [JOB_TYPES[2], 20],
        [JOB_TYPES[3], 5],
      ]),
      status,
      notes: rng.chance(0.25) ? rng.pick(JOB_NOTES) : '',
      teamId: `team-${rng.int(1, TEAM_COUNT)}`,
      branchId: branch.id,
      riderId: rider.id,
      createdAt,
      updatedAt: latest.at,
    });
    for (const entry of history) writer.jobHistory(jobId, entry);

    const timeOf = (code: number) => lastTimeOf(history, code);
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
    const pickupFrom = ceilTo(createdAt + rng.int(10, 60) * MINUTE, 15 * MINUTE);
    const pickupIds: number[] = [];

    for (let p = 0; p < pickupCount; p++) {
      // The first pickup defines the job's branch; a few later ones come from another branch.
      const pickupBranch = p > 0 && rng.chance(0.05) ? rng.pick(branches) : branch;
      const stopHistory = pickupHistory(status, p, timeOf, riderActor);
      const last = stopHistory.at(-1);
      pickupIds.push(
        writer.pickup({
          jobId,
          position: p,
          branchId: pickupBranch.id,
          status: last?.status ?? CREATED,
          slotFrom: pickupFrom,
          slotTo: pickupFrom + rng.pick([30, 60]) * MINUTE,
          address: rng.chance(0.02) ? null : streetAddress(rng, pickupBranch),
          customer: rng.chance(0.02)
            ? null
            : {
                name: rng.pick(MERCHANTS),
                phone: `${pickupBranch.city.dialCode} ${fillPattern(rng, pickupBranch.city.phonePattern)}`,
              },
          createdAt,
          updatedAt: last?.at ?? createdAt,
          history: stopHistory,
        }),
      );
    }

    const deliveryStates = deliveryHistories(rng, status, deliveryCount, timeOf, referenceTime, riderActor);
    for (let d = 0; d < deliveryCount; d++) {
      const stopHistory = deliveryStates[d]!;
      const last = stopHistory.at(-1);
      const deliveryStatus = last?.status ?? CREATED;
      const trackingId = `TRK${rng.alphanumeric(10)}`;
      const delivered = deliveryStatus === DELIVERED;
      const unattended = rng.chance(0.15);
      const signatureRequired = !unattended && rng.chance(0.15);
      const enableOtp = rng.chance(0.3);
      const slotFrom = pickupFrom + rng.int(1, 4) * 30 * MINUTE;
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
        signatureImage:
          signatureRequired && delivered ? `https://pod.example.com/signatures/${trackingId}.png` : '',
        proofOfDeliveryImages:
          delivered && rng.chance(0.7)
            ? Array.from(
                { length: rng.int(1, 2) },
                (_, k) => `https://pod.example.com/${trackingId}/photo-${k + 1}.jpg`,
              )
            : [],
        paymentType: rng.weighted([
          [1, 50],
          [2, 25],
          [3, 25],
        ]),
        amountMinor: rng.int(300, 25_000),
        trackingId,
        slotFrom,
        slotTo: slotFrom + rng.pick([30, 60, 120]) * MINUTE,
        address: rng.chance(0.02) ? null : streetAddress(rng, branch),
        customer: rng.chance(0.03)
          ? null
          : {
              name: personName(rng),
              phone: `${branch.city.dialCode} ${fillPattern(rng, branch.city.mobilePattern)}`,
            },
        createdAt,
        updatedAt: last?.at ?? createdAt,
        history: stopHistory,
      });
      // Each parcel is collected at one of the pickups and handed over at this delivery.
      for (let k = 0, n = rng.int(1, 3); k < n; k++) {
        const packageId = `PKG-${jobId}-${d + 1}${k + 1}`;
        const barcode = ean13(rng);
        writer.deliveryPackage(deliveryId, packageId, barcode);
        writer.pickupPackage(pickupIds[(d + k) % pickupIds.length]!, packageId, barcode);
      }
    }
  }
}

interface JobHistoryInput {
  target: number;
  reassignments: number;
  createdAt: number;
  referenceTime: number;
  rider: RiderSeed;
  riders: RiderSeed[];
  riderActor: Actor;
}

/** The job's lifecycle up to `target`, timed minutes apart, cut at the reference time. */
function jobHistory(rng: Random, input: JobHistoryInput): HistoryEntry[] {
  const { target, reassignments, createdAt, referenceTime, rider, riders, riderActor } = input;
  const happyPath: number[] = [CREATED, ASSIGNED, ACCEPTED, AT_PICKUP, PICKED_UP, IN_TRANSIT];
  let path: number[];
  if (target === CANCELLED) path = [...happyPath.slice(0, rng.int(1, 4)), CANCELLED];
  else if (target === FAILED) path = [...happyPath, FAILED];
  else if (target === RETURNED) path = [...happyPath, FAILED, RETURNED];
  else if (target === DELIVERED)
    path = rng.chance(0.05) ? [...happyPath, FAILED, IN_TRANSIT, DELIVERED] : [...happyPath, DELIVERED];
  else path = happyPath.slice(0, happyPath.indexOf(target) + 1);

  const dispatcher = () => rng.pick(DISPATCHERS);
  const entries: Omit<HistoryEntry, 'at'>[] = [];
  for (const status of path) {
    switch (status) {
      case CREATED:
        entries.push({
          status,
          actor: rng.chance(0.6) ? SYSTEM_ACTOR : dispatcher(),
          remarks: rng.chance(0.3) ? 'Order received' : '',
        });
        break;
      case ASSIGNED: {
        // Earlier assignments went to other riders; the last one to the job's rider.
        for (let r = 0; r < reassignments; r++) {
          const other = rng.pick(riders);
          entries.push({
            status,
            actor: dispatcher(),
            remarks:
              r === 0
                ? `Assigned to ${other.name}`
                : `Reassigned to ${other.name}: ${rng.pick(REASSIGN_REASONS)}`,
          });
        }
        const remarks =
          reassignments > 0
            ? `Reassigned to ${rider.name}: ${rng.pick(REASSIGN_REASONS)}`
            : `Assigned to ${rider.name}`;
        entries.push({ status, actor: rng.chance(0.3) ? SYSTEM_ACTOR : dispatcher(), remarks });
        break;
      }
      case CANCELLED:
        entries.push({
          status,
          actor: rng.chance(0.7) ? dispatcher() : SYSTEM_ACTOR,
          remarks: rng.pick(CANCEL_REMARKS),
        });
        break;
      case FAILED:
        entries.push({ status, actor: riderActor, remarks: rng.pick(FAILURE_REMARKS) });
        break;
      case RETURNED:
        entries.push({ status, actor: riderActor, remarks: 'Returned to branch' });
        break;
      case DELIVERED:
        entries.push({ status, actor: riderActor, remarks: rng.chance(0.3) ? 'Handed to customer' : '' });
        break;
      default:
        entries.push({ status, actor: riderActor, remarks: '' });
    }
  }

  const timed: HistoryEntry[] = [];
  let at = createdAt;
  for (const entry of entries) {
    if (timed.length > 0) {
      const [min, max] = GAP_MINUTES[entry.status] ?? [1, 10];
      at += rng.int(min, max) * MINUTE + rng.int(0, 59);
    }
    if (at > referenceTime) break; // the rest has not happened yet
    timed.push({ ...entry, at });
  }
  return timed;
}

function lastTimeOf(history: readonly HistoryEntry[], status: number): number | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.status === status) return history[i]!.at;
  return undefined;
}

type TimeOf = (status: number) => number | undefined;

function pickupHistory(jobStatus: number, position: number, timeOf: TimeOf, rider: Actor): HistoryEntry[] {
  const at = (status: number, when: number | undefined): HistoryEntry[] =>
    when === undefined ? [] : [{ status, remarks: '', actor: rider, at: when }];
  if (jobStatus === CANCELLED) {
    const arrived = position === 0 ? at(AT_PICKUP, timeOf(AT_PICKUP)) : [];
    return [...arrived, { status: CANCELLED, remarks: '', actor: rider, at: timeOf(CANCELLED)! }];
  }
  if (jobStatus === AT_PICKUP) return position === 0 ? at(AT_PICKUP, timeOf(AT_PICKUP)) : [];
  if (timeOf(PICKED_UP) === undefined) return [];
  return [...at(AT_PICKUP, timeOf(AT_PICKUP)), ...at(PICKED_UP, timeOf(PICKED_UP))];
}

/** Per delivery, its history: multi-drop jobs hand over one parcel after another. */
function deliveryHistories(
  rng: Random,
  jobStatus: number,
  count: number,
  timeOf: TimeOf,
  referenceTime: number,
  rider: Actor,
): HistoryEntry[][] {
  const entry = (status: number, at: number, remarks = ''): HistoryEntry => ({
    status,
    remarks,
    actor: rider,
    at,
  });
  const departed = timeOf(IN_TRANSIT);
  // In transit: the first few drops are done, spread between departure and the reference time.
  const step =
    departed === undefined ? 0 : Math.floor(Math.min(10 * MINUTE, (referenceTime - departed) / (count + 1)));
  const droppedSoFar = jobStatus === IN_TRANSIT && step > 0 ? rng.int(0, count - 1) : 0;
  return Array.from({ length: count }, (_, d) => {
    if (jobStatus === CANCELLED) return [entry(CANCELLED, timeOf(CANCELLED)!)];
    if (departed === undefined) return [];
    const onTheWay = entry(IN_TRANSIT, departed);
    if (jobStatus === IN_TRANSIT)
      return d < droppedSoFar ? [onTheWay, entry(DELIVERED, departed + (d + 1) * step)] : [onTheWay];
    // Terminal jobs: the stops end a minute apart, the last at the job's final entry.
    const end = timeOf(jobStatus === DELIVERED ? DELIVERED : FAILED)!;
    const endedAt = end - (count - 1 - d) * MINUTE;
    if (jobStatus === DELIVERED) return [onTheWay, entry(DELIVERED, endedAt)];
    const failed = d === count - 1 || rng.chance(0.3);
    if (!failed) return [onTheWay, entry(DELIVERED, endedAt)];
    const failure = entry(FAILED, endedAt, rng.pick(FAILURE_REMARKS));
    return jobStatus === RETURNED
      ? [onTheWay, failure, entry(RETURNED, timeOf(RETURNED)!)]
      : [onTheWay, failure];
  });
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

function ceilTo(value: number, step: number): number {
  return Math.ceil(value / step) * step;
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
