import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../server/app';
import { ConfigError, readConfig } from '../../server/config';
import { MEMORY, openDatabase, type Database } from '../../server/db';
import { startServer } from '../../server/main';
import { getReferenceTime } from '../../server/meta';
import { Random } from '../../server/random';
import { seed } from '../../server/seed';
import { distanceKm, riderTargets, simulateStep, startSimulation } from '../../server/simulate';
import { STATUS } from '../../server/statuses';
import { incoherences, isLate, openWork } from './operation';

/** 07:00 UTC: the morning of a working day at every default branch. */
const START = Date.UTC(2026, 2, 11, 7) / 1000;
const MINUTE = 60;
const TOKEN = 'simulate-token';

function seeded(): Database {
  const db = openDatabase(MEMORY);
  seed(db, { seed: 21, jobs: 1000, referenceTime: START });
  return db;
}

function branchRows(db: Database): string {
  return JSON.stringify(
    ['branches', 'branch_contacts', 'branch_zones'].map((table) =>
      db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().all(),
    ),
  );
}

/** Each job's history, one text per entry. */
function histories(db: Database, table: 'job_status_history' | 'stop_status_history'): Map<string, string[]> {
  const owner =
    table === 'job_status_history' ? "'j' || job_id" : "coalesce('p' || pickup_id, 'd' || delivery_id)";
  const rows = db
    .prepare(`SELECT ${owner} AS owner, status, remarks, actor_id, created_at FROM ${table} ORDER BY id`)
    .all() as { owner: string; status: number; remarks: string; actor_id: string; created_at: number }[];
  const byOwner = new Map<string, string[]>();
  for (const row of rows) {
    const entry = `${row.status} ${row.created_at} ${row.actor_id} ${row.remarks}`;
    byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), entry]);
  }
  return byOwner;
}

async function lateIds(db: Database, now: number): Promise<Set<number>> {
  const app = buildServer({ db, tokens: [TOKEN], pageSize: 500 });
  try {
    return new Set((await openWork(app, TOKEN)).filter((job) => isLate(job, now)).map((job) => job.id));
  } finally {
    await app.close();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a step of the simulation', () => {
  it('runs the day forward: histories only grow, along the lifecycle, coherent; jobs booked, late, failed; branches untouched', async () => {
    const db = seeded();
    try {
      const branches = branchRows(db);
      const jobsBefore = histories(db, 'job_status_history');
      const stopsBefore = histories(db, 'stop_status_history');
      const seededJobs = db.prepare('SELECT max(id) FROM jobs').pluck().get() as number;
      const lateAtStart = await lateIds(db, START);
      const rng = new Random(1);
      const newlyLate = new Set<number>();
      let now = START;
      for (let hour = 1; hour <= 9; hour++) {
        for (let step = 0; step < 4; step++) simulateStep(db, (now += 15 * MINUTE), rng);
        expect(getReferenceTime(db)).toBe(now);
        if (hour % 3 === 0) {
          expect(incoherences(db, now), `after ${hour} h`).toEqual([]);
          for (const id of await lateIds(db, now)) if (!lateAtStart.has(id)) newlyLate.add(id);
        }
      }

      // Statuses only move forward: what was written stays, new entries follow it.
      for (const [before, after] of [
        [jobsBefore, histories(db, 'job_status_history')],
        [stopsBefore, histories(db, 'stop_status_history')],
      ] as const) {
        for (const [owner, entries] of before)
          expect(after.get(owner)!.slice(0, entries.length), owner).toEqual(entries);
      }
      const moved = db
        .prepare('SELECT count(*) FROM job_status_history WHERE job_id <= ? AND created_at > ?')
        .pluck()
        .get(seededJobs, START) as number;
      expect(moved).toBeGreaterThan(200);
      const booked = db
        .prepare('SELECT created_at FROM jobs WHERE id > ?')
        .pluck()
        .all(seededJobs) as number[];
      expect(booked.length).toBeGreaterThan(20);
      expect(booked.every((at) => at > START && at <= now)).toBe(true);
      expect(newlyLate.size).toBeGreaterThan(0);
      const failures = db
        .prepare('SELECT remarks FROM job_status_history WHERE status = ? AND created_at > ?')
        .pluck()
        .all(STATUS.FAILED, START) as string[];
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.every((remarks) => remarks !== '')).toBe(true);
      expect(branchRows(db)).toBe(branches);
    } finally {
      db.close();
    }
  });

  it('moves riders at work toward their next stop, reporting now, and leaves the others alone', () => {
    const db = seeded();
    try {
      const now = START + 30;
      const positions = () =>
        new Map(
          (
            db.prepare('SELECT id, last_latitude, last_longitude, updated_at FROM riders').all() as {
              id: number;
              last_latitude: number | null;
              last_longitude: number | null;
              updated_at: number;
            }[]
          ).map((rider) => [rider.id, rider]),
        );
      const before = positions();
      simulateStep(db, now, new Random(2));
      const after = positions();
      const targets = riderTargets(db);
      let closer = 0;
      for (const [id, rider] of after) {
        const [lat, lon] = targets.get(id) ?? [];
        const old = before.get(id)!;
        if (lat === undefined || lon === undefined || rider.last_latitude === null) {
          expect(rider).toEqual(old);
          continue;
        }
        const was = distanceKm(old.last_latitude!, old.last_longitude!, lat, lon);
        const is = distanceKm(rider.last_latitude, rider.last_longitude!, lat, lon);
        expect(rider.updated_at).toBe(now);
        expect(is).toBeLessThanOrEqual(was + 1e-4);
        if (was > 0.2) {
          expect(is).toBeLessThan(was);
          expect(was - is).toBeLessThanOrEqual(0.16); // 18 km/h for 30 s
          closer++;
        }
      }
      expect(closer).toBeGreaterThan(10);
    } finally {
      db.close();
    }
  });

  it('catches up hours in one step as in many: the same history for every job under way', () => {
    const [once, often] = [seeded(), seeded()];
    try {
      const seededJobs = once.prepare('SELECT max(id) FROM jobs').pluck().get() as number;
      simulateStep(once, START + 4 * 3600, new Random(3));
      const rng = new Random(4);
      for (let at = START + 5 * MINUTE; at <= START + 4 * 3600; at += 5 * MINUTE)
        simulateStep(often, at, rng);
      const seededOnly = (map: Map<string, string[]>) =>
        [...map].filter(([owner]) => owner.startsWith('j') && Number(owner.slice(1)) <= seededJobs);
      expect(seededOnly(histories(often, 'job_status_history'))).toEqual(
        seededOnly(histories(once, 'job_status_history')),
      );
    } finally {
      once.close();
      often.close();
    }
  });

  it('does nothing when now is not later than the data', () => {
    const db = seeded();
    try {
      expect(simulateStep(db, START, new Random(5))).toEqual({ changes: 0, booked: 0, ridersMoved: 0 });
      expect(
        db.prepare('SELECT count(*) FROM job_status_history WHERE created_at > ?').pluck().get(START),
      ).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe('running the simulation', () => {
  it('steps at once, then on every interval, until stopped', () => {
    vi.useFakeTimers();
    const db = seeded();
    try {
      let now = START;
      const steps: number[] = [];
      const simulation = startSimulation(db, {
        intervalMs: 15_000,
        now: () => (now += 15),
        rng: new Random(6),
        onStep: () => steps.push(now),
      });
      expect(steps).toEqual([START + 15]);
      vi.advanceTimersByTime(45_000);
      expect(steps).toHaveLength(4);
      simulation.stop();
      vi.advanceTimersByTime(60_000);
      expect(steps).toHaveLength(4);
      expect(getReferenceTime(db)).toBe(START + 60);
    } finally {
      db.close();
    }
  });

  it('is on with SIMULATE=1 in development, refused in production, off otherwise', async () => {
    expect(readConfig({ SIMULATE: '1' }).simulate).toBe(true);
    expect(readConfig({}).simulate).toBe(false);
    expect(() => readConfig({ SIMULATE: 'yes' })).toThrow(ConfigError);
    expect(() => readConfig({ SIMULATE: '1', NODE_ENV: 'production', API_TOKENS: 'a' })).toThrow(
      /for development/,
    );
    const log: string[] = [];
    const server = await startServer(
      { PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: MEMORY, SEED_JOBS: '300', SIMULATE: '1' },
      (line) => log.push(line),
    );
    await server.close();
    expect(log.filter((line) => line.startsWith('Simulation:'))).toEqual([
      expect.stringMatching(/^Simulation: on, every 15 s/),
    ]);
  });
});
