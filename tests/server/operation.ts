/**
 * Checks of a stored operation, shared by the seed, time-shift and simulation tests: whether
 * every history is coherent, and the control room's rules (late, at risk, stuck) over jobs as
 * the API serves them. The late rule is the dashboard's (docs/design.md, "Derived facts"),
 * with its default grace period; final statuses are the server's.
 */
import type { FastifyInstance } from 'fastify';
import { JobsResponse, type Job } from '../../src/contract';
import { RuntimeConfig } from '../../src/config/schema';
import type { Database } from '../../server/db';
import {
  FINAL_STATUSES,
  OPEN_STATUSES,
  STATUS,
  nextJobStatuses,
  nextStopStatuses,
  type StopKind,
} from '../../server/statuses';

export const GRACE_SECONDS = RuntimeConfig.parse({}).lateGraceMinutes * 60;
export const AT_RISK_SECONDS = 30 * 60;
export const STUCK_SECONDS = 60 * 60;
const isFinal = (status: number) => FINAL_STATUSES.includes(status);

/** Every open job, read as the dashboard reads open work: one status filter per open status. */
export async function openWork(app: FastifyInstance, token: string): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const status of OPEN_STATUSES) {
    for (let page = 1; ; page++) {
      const response = await app.inject({
        method: 'GET',
        url: `/v1/jobs?status=${status}&page=${page}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const body = JobsResponse.parse(response.json());
      jobs.push(...body.jobs);
      if (page >= body.total_pages) break;
    }
  }
  return jobs;
}

type Stop = Job['pickups'][number] | Job['deliveries'][number];

function stopsOf(job: Job): { stop: Stop; slotEnd: number | null }[] {
  return [
    ...job.pickups.map((stop) => ({ stop, slotEnd: stop.pickup_slot_to })),
    ...job.deliveries.map((stop) => ({ stop, slotEnd: stop.delivery_slot_to })),
  ];
}

const isOpenStop = (job: Job, stop: Stop) => !isFinal(job.status) && !stop.completed && !isFinal(stop.status);

/** Late: an open stop whose slot end plus the grace period has passed. */
export function isLate(job: Job, now: number): boolean {
  return stopsOf(job).some(
    ({ stop, slotEnd }) => isOpenStop(job, stop) && slotEnd !== null && now > slotEnd + GRACE_SECONDS,
  );
}

/** At risk: an open stop, not in progress, whose slot ends within the next 30 minutes. */
export function isAtRisk(job: Job, now: number): boolean {
  return stopsOf(job).some(
    ({ stop, slotEnd }) =>
      isOpenStop(job, stop) &&
      !stop.in_progress &&
      slotEnd !== null &&
      slotEnd > now &&
      slotEnd <= now + AT_RISK_SECONDS,
  );
}

/** Stuck: still in Created or Assigned (normally minutes) for more than an hour. */
export function isStuck(job: Job, now: number): boolean {
  const since = job.status_history.at(-1)?.created_at ?? job.created_at;
  return (job.status === STATUS.CREATED || job.status === STATUS.ASSIGNED) && now - since > STUCK_SECONDS;
}

interface HistoryRow {
  owner: number;
  status: number;
  remarks: string;
  created_at: number;
}

interface StopRow {
  id: number;
  job_id: number;
  status: number;
  slot_from: number;
  slot_to: number;
  updated_at: number;
  proof: number;
}

function groupBy<T extends { owner?: number; job_id?: number }>(
  rows: T[],
  key: (row: T) => number,
): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Statuses each stop kind may have, by the status of its job. */
function stopsFit(job: number, pickups: number[], deliveries: number[]): boolean {
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
  const every = (statuses: number[], allowed: number[]) => statuses.every((s) => allowed.includes(s));
  switch (job) {
    case CREATED:
    case ASSIGNED:
    case ACCEPTED:
      return every(pickups, [CREATED]) && every(deliveries, [CREATED]);
    case AT_PICKUP:
      return every(pickups, [AT_PICKUP]) && every(deliveries, [CREATED]);
    case PICKED_UP:
      return every(pickups, [PICKED_UP]) && every(deliveries, [CREATED]);
    case IN_TRANSIT:
      return (
        every(pickups, [PICKED_UP]) &&
        every(deliveries, [IN_TRANSIT, DELIVERED, FAILED]) &&
        deliveries.includes(IN_TRANSIT)
      );
    case DELIVERED:
      return every(pickups, [PICKED_UP]) && every(deliveries, [DELIVERED]);
    case FAILED:
      return (
        every(pickups, [PICKED_UP]) && every(deliveries, [DELIVERED, FAILED]) && deliveries.includes(FAILED)
      );
    case RETURNED:
      return (
        every(pickups, [PICKED_UP]) &&
        every(deliveries, [DELIVERED, RETURNED]) &&
        deliveries.includes(RETURNED)
      );
    case CANCELLED:
      return every(pickups, [CANCELLED]) && every(deliveries, [CANCELLED]);
    default:
      return false;
  }
}

/**
 * What is incoherent in the stored operation as of `now`, one line per problem (empty when
 * all is well): histories that run backwards, skip the lifecycle or lie after now; statuses
 * that are not their history's last; stops that do not fit their job's status; stop changes
 * that do not fit their slots; proof of delivery on parcels not delivered.
 */
export function incoherences(db: Database, now: number): string[] {
  const problems: string[] = [];
  const jobs = db.prepare('SELECT id, status, created_at, updated_at FROM jobs ORDER BY id').all() as {
    id: number;
    status: number;
    created_at: number;
    updated_at: number;
  }[];
  const jobHistory = groupBy(
    db
      .prepare('SELECT job_id AS owner, status, remarks, created_at FROM job_status_history ORDER BY id')
      .all() as HistoryRow[],
    (row) => row.owner,
  );
  const stops = {} as Record<StopKind, Map<number, StopRow[]>>;
  const stopHistory = {} as Record<StopKind, Map<number, HistoryRow[]>>;
  for (const [kind, table, column] of [
    ['pickup', 'pickups', 'pickup_id'],
    ['delivery', 'deliveries', 'delivery_id'],
  ] as const) {
    const proof = kind === 'delivery' ? "(signature_image <> '' OR proof_of_delivery_images <> '[]')" : '0';
    stops[kind] = groupBy(
      db
        .prepare(
          `SELECT id, job_id, status, slot_from, slot_to, updated_at, ${proof} AS proof FROM ${table} ORDER BY job_id, position`,
        )
        .all() as StopRow[],
      (row) => row.job_id,
    );
    stopHistory[kind] = groupBy(
      db
        .prepare(
          `SELECT ${column} AS owner, status, remarks, created_at FROM stop_status_history WHERE ${column} IS NOT NULL ORDER BY id`,
        )
        .all() as HistoryRow[],
      (row) => row.owner,
    );
  }

  for (const job of jobs) {
    const say = (text: string) => problems.push(`job ${job.id}: ${text}`);
    const history = jobHistory.get(job.id) ?? [];
    const last = history.at(-1);
    if (!last) {
      say('no history');
      continue;
    }
    if (history[0]!.status !== STATUS.CREATED || history[0]!.created_at !== job.created_at)
      say('history does not start with Created at the creation time');
    history.forEach((entry, i) => {
      if (entry.created_at > now) say(`entry ${i} after now`);
      if (i === 0) return;
      const before = history[i - 1]!;
      if (entry.created_at <= before.created_at) say(`entry ${i} not later than the one before`);
      if (!nextJobStatuses(before.status).includes(entry.status))
        say(`${before.status} → ${entry.status} is not in the lifecycle`);
    });
    if (job.status !== last.status || job.updated_at !== last.created_at)
      say(`status ${job.status} at ${job.updated_at}, history ends ${last.status} at ${last.created_at}`);
    if (last.status === STATUS.FAILED && last.remarks === '') say('failed without a reason');

    const pickups = stops.pickup.get(job.id) ?? [];
    const deliveries = stops.delivery.get(job.id) ?? [];
    if (
      !stopsFit(
        job.status,
        pickups.map((p) => p.status),
        deliveries.map((d) => d.status),
      )
    )
      say(
        `stops ${pickups.map((p) => p.status)} / ${deliveries.map((d) => d.status)} do not fit status ${job.status}`,
      );
    const pickupFrom = pickups[0]?.slot_from ?? 0;
    if (pickupFrom <= job.created_at) say('pickup slot starts before the job was booked');
    for (const [kind, list] of [
      ['pickup', pickups],
      ['delivery', deliveries],
    ] as const) {
      for (const stop of list) {
        const where = `${kind} ${stop.id}`;
        const entries = stopHistory[kind].get(stop.id) ?? [];
        let status: number = STATUS.CREATED;
        let at = job.created_at;
        for (const entry of entries) {
          if (!nextStopStatuses(kind, status).includes(entry.status))
            say(`${where}: ${status} → ${entry.status} is not in the lifecycle`);
          if (entry.created_at < at || entry.created_at > now)
            say(`${where}: entry out of order or after now`);
          if (
            kind === 'pickup' &&
            entry.status === STATUS.AT_PICKUP &&
            entry.created_at < stop.slot_from - 15 * 60
          )
            say(`${where}: arrived long before its slot`);
          if (
            kind === 'delivery' &&
            (entry.status === STATUS.DELIVERED || entry.status === STATUS.FAILED) &&
            entry.created_at < stop.slot_from
          )
            say(`${where}: handed over before its slot`);
          status = entry.status;
          at = entry.created_at;
        }
        if (stop.status !== status || stop.updated_at !== at)
          say(`${where}: status is not its history's last`);
        if (stop.slot_from < pickupFrom || stop.slot_to <= stop.slot_from) say(`${where}: slot out of order`);
        if (stop.proof && stop.status !== STATUS.DELIVERED)
          say(`${where}: proof of delivery but not delivered`);
      }
    }
  }
  return problems;
}
