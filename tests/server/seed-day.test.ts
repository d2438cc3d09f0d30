import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/contract';
import { buildServer } from '../../server/app';
import { MEMORY, openDatabase, type Database } from '../../server/db';
import { localDayStart } from '../../server/local-time';
import { seed } from '../../server/seed';
import { FINAL_STATUSES, OPEN_STATUSES, STATUS } from '../../server/statuses';
import { incoherences, isAtRisk, isLate, isStuck, openWork } from './operation';

/** 10:00 UTC on a Wednesday: a working day at every default branch (10:00 in London to 15:30 in Mumbai). */
const NOW = Date.UTC(2026, 2, 11, 10) / 1000;
const TOKEN = 'seed-day-token';
const DAY = 86_400;

function seeded(options: { seed: number; jobs: number; referenceTime: number }): Database {
  const db = openDatabase(MEMORY);
  seed(db, options);
  return db;
}

/** Every table's rows, in order: what "identical data" means. */
function dump(db: Database): string {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  // The change clock's epoch tells databases apart (random by design); the search terms have no rowid.
  const rows = (table: string) =>
    table === 'change_clock'
      ? 'SELECT seq, floor FROM change_clock'
      : `SELECT * FROM ${table} ORDER BY ${table === 'job_search' ? 'term, job_id' : 'rowid'}`;
  return JSON.stringify(tables.map((table) => db.prepare(rows(table)).raw().all()));
}

describe('a seeded operation as of its reference time', () => {
  let db: Database;
  let app: FastifyInstance;
  let open: Job[];
  let dayStartOf: (branchId: string) => number;

  beforeAll(async () => {
    db = seeded({ seed: 42, jobs: 5000, referenceTime: NOW });
    app = buildServer({ db, tokens: [TOKEN], pageSize: 500 });
    open = await openWork(app, TOKEN);
    const zones = new Map(
      (db.prepare('SELECT id, time_zone FROM branches').all() as { id: string; time_zone: string }[]).map(
        (b) => [b.id, b.time_zone],
      ),
    );
    dayStartOf = (branchId) => localDayStart(NOW, zones.get(branchId)!);
  });
  afterAll(async () => {
    await app.close();
    db.close();
  });

  it('books jobs over the last 30 days, none after now', () => {
    const { first, last } = db
      .prepare('SELECT min(created_at) AS first, max(created_at) AS last FROM jobs')
      .get() as {
      first: number;
      last: number;
    };
    expect(first).toBeGreaterThan(NOW - 31 * DAY);
    expect(first).toBeLessThan(NOW - 28 * DAY);
    expect(last).toBeLessThanOrEqual(NOW);
  });

  it("closes out every day before the branch's today: only today's bookings are open", () => {
    expect(open.length).toBeGreaterThan(50);
    const branchOf = (job: Job) => job.pickups[0]!.branch!.id;
    expect(open.filter((job) => job.created_at < dayStartOf(branchOf(job))).map((job) => job.id)).toEqual([]);
    const pastFinal = db
      .prepare(`SELECT status, count(*) AS n FROM jobs WHERE created_at < ? GROUP BY status`)
      .all(NOW - DAY) as { status: number; n: number }[];
    expect(pastFinal.map((row) => row.status).sort((a, b) => a - b)).toEqual([...FINAL_STATUSES]);
    const delivered = pastFinal.find((row) => row.status === STATUS.DELIVERED)!.n;
    expect(delivered / pastFinal.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(0.7);
  });

  it("has today's open work in every open status", () => {
    const statuses = new Set(open.map((job) => job.status));
    expect([...statuses].sort((a, b) => a - b)).toEqual([...OPEN_STATUSES]);
  });

  it('runs 5-15 % of open work late, by the dashboard rule (open stop, slot end + grace passed)', () => {
    const late = open.filter((job) => isLate(job, NOW));
    expect(late.length / open.length).toBeGreaterThanOrEqual(0.05);
    expect(late.length / open.length).toBeLessThanOrEqual(0.15);
  });

  it('has stops at risk and jobs stuck in an early status', () => {
    expect(open.filter((job) => isAtRisk(job, NOW)).length).toBeGreaterThan(0);
    expect(open.filter((job) => isStuck(job, NOW)).length).toBeGreaterThan(0);
  });

  it('has jobs done earlier today: delivered, failed with a reason, cancelled', () => {
    const finals = db
      .prepare(
        `SELECT id, status, branch_id, created_at FROM jobs WHERE status IN (${FINAL_STATUSES.join(',')})`,
      )
      .all() as { id: number; status: number; branch_id: string; created_at: number }[];
    const doneToday = finals.filter((job) => job.created_at >= dayStartOf(job.branch_id));
    const statuses = new Set(doneToday.map((job) => job.status));
    for (const status of [STATUS.DELIVERED, STATUS.FAILED, STATUS.CANCELLED])
      expect(statuses).toContain(status);
    const failed = doneToday.find((job) => job.status === STATUS.FAILED)!;
    const reason = db
      .prepare('SELECT remarks FROM job_status_history WHERE job_id = ? AND status = ? ORDER BY id DESC')
      .pluck()
      .get(failed.id, STATUS.FAILED) as string;
    expect(reason).not.toBe('');
  });

  it('has riders at work report minutes ago near a stop of theirs, and the others hours to days ago', () => {
    const atWork = new Map<number, Job[]>();
    for (const job of open) atWork.set(job.rider!.id, [...(atWork.get(job.rider!.id) ?? []), job]);
    expect(atWork.size).toBeGreaterThan(20);
    for (const jobs of atWork.values()) {
      const rider = jobs[0]!.rider!;
      expect(rider.updated_at).toBeLessThanOrEqual(NOW);
      expect(rider.updated_at).toBeGreaterThanOrEqual(NOW - 5 * 60);
      const { latitude, longitude } = rider.last_coordinates;
      if (latitude === null || longitude === null) continue;
      // Stops with an address (the seed leaves 2 % without one).
      const nearest = Math.min(
        ...jobs.flatMap((job) =>
          [...job.pickups, ...job.deliveries].flatMap((stop) => {
            const at = stop.address as { latitude: number; longitude: number } | null;
            if (!at) return [];
            const dx = (at.longitude - longitude) * Math.cos((at.latitude * Math.PI) / 180);
            return [Math.hypot(dx, at.latitude - latitude) * 111.2];
          }),
        ),
      );
      expect(nearest).toBeLessThan(2);
    }
    const others = db
      .prepare(`SELECT id, updated_at FROM riders WHERE id NOT IN (${[...atWork.keys()].join(',')})`)
      .all() as { id: number; updated_at: number }[];
    expect(others.length).toBeGreaterThan(0);
    for (const rider of others) {
      expect(rider.updated_at).toBeLessThanOrEqual(NOW - 3 * 3600);
      expect(rider.updated_at).toBeGreaterThanOrEqual(NOW - 7 * DAY);
    }
  });

  it('keeps every history coherent: in time order, along the lifecycle, stops fitting the job and its slots', () => {
    expect(incoherences(db, NOW)).toEqual([]);
  });
});

describe('determinism', () => {
  it('gives identical data for the same seed and reference time, and other data for another seed', () => {
    const [a, b, other] = [
      seeded({ seed: 5, jobs: 400, referenceTime: NOW }),
      seeded({ seed: 5, jobs: 400, referenceTime: NOW }),
      seeded({ seed: 6, jobs: 400, referenceTime: NOW }),
    ];
    try {
      expect(dump(b)).toBe(dump(a));
      expect(dump(other)).not.toBe(dump(a));
    } finally {
      for (const db of [a, b, other]) db.close();
    }
  });

  it('keeps a small seed coherent at night, when few of the day’s bookings exist yet', () => {
    const night = Date.UTC(2026, 2, 11, 1) / 1000;
    const db = seeded({ seed: 7, jobs: 200, referenceTime: night });
    try {
      expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(200);
      expect(incoherences(db, night)).toEqual([]);
    } finally {
      db.close();
    }
  });
});
