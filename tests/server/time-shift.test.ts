import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY, openDatabase, type Database } from '../../server/db';
import { startServer } from '../../server/main';
import { getReferenceTime } from '../../server/meta';
import { seed } from '../../server/seed';
import { moveToToday } from '../../server/time-shift';
import { incoherences } from './operation';

/** 10:00 UTC: the seeded moment. */
const SEEDED = Date.UTC(2026, 2, 11, 10) / 1000;
const DAY = 86_400;
const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function seeded(jobs = 1000): Database {
  const db = openDatabase(MEMORY);
  seed(db, { seed: 9, jobs, referenceTime: SEEDED });
  return db;
}

/** Every stored time of the operation, by row. */
function times(db: Database): Record<string, number[][]> {
  const read = (sql: string) => db.prepare(sql).raw().all() as number[][];
  return {
    jobs: read('SELECT id, created_at, updated_at FROM jobs ORDER BY id'),
    jobHistory: read('SELECT id, created_at FROM job_status_history ORDER BY id'),
    pickups: read('SELECT id, slot_from, slot_to, created_at, updated_at FROM pickups ORDER BY id'),
    deliveries: read('SELECT id, slot_from, slot_to, created_at, updated_at FROM deliveries ORDER BY id'),
    stopHistory: read('SELECT id, created_at FROM stop_status_history ORDER BY id'),
    riders: read('SELECT id, created_at, updated_at FROM riders ORDER BY id'),
  };
}

function branchRows(db: Database): string {
  return JSON.stringify(
    ['branches', 'branch_contacts', 'branch_zones'].map((table) =>
      db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().all(),
    ),
  );
}

function histories(db: Database): Map<number, string[]> {
  const rows = db
    .prepare('SELECT job_id, status, remarks, actor_id, created_at FROM job_status_history ORDER BY id')
    .all() as { job_id: number; status: number; remarks: string; actor_id: string; created_at: number }[];
  const byJob = new Map<number, string[]>();
  for (const row of rows) {
    const entry = `${row.status} ${row.created_at} ${row.actor_id} ${row.remarks}`;
    byJob.set(row.job_id, [...(byJob.get(row.job_id) ?? []), entry]);
  }
  return byJob;
}

describe('moving the data to today', () => {
  it('moves every stored time forward by whole days, times of day kept, branches untouched', () => {
    const db = seeded();
    try {
      const before = times(db);
      const branches = branchRows(db);
      const now = SEEDED + 3 * DAY + 2 * 3600;
      expect(moveToToday(db, now, 'UTC')).toEqual({
        days: 3,
        removedJobs: 0,
        referenceTime: SEEDED + 3 * DAY,
      });
      const after = times(db);
      for (const [table, rows] of Object.entries(before)) {
        const moved = rows.map(([id, ...values]) => [id!, ...values.map((t) => t + 3 * DAY)]);
        expect(after[table], table).toEqual(moved);
      }
      expect(branchRows(db)).toBe(branches);
      expect(getReferenceTime(db)).toBe(SEEDED + 3 * DAY);
      expect(incoherences(db, SEEDED + 3 * DAY)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('takes back what lies after now when today is earlier in the day than the seeded moment', () => {
    const db = seeded();
    try {
      const shifted = new Map(
        [...histories(db)].map(([id, entries]) => [
          id,
          entries.map((entry) => {
            const [status, at, ...rest] = entry.split(' ');
            return [status, Number(at) + 3 * DAY, ...rest].join(' ');
          }),
        ]),
      );
      const now = SEEDED + 3 * DAY - 3 * 3600; // 07:00 UTC, three days on
      const result = moveToToday(db, now, 'UTC')!;
      expect(result.days).toBe(3);
      expect(result.removedJobs).toBeGreaterThan(0);
      expect(result.referenceTime).toBe(now);
      expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(1000 - result.removedJobs);
      expect(db.prepare('SELECT max(created_at) FROM jobs').pluck().get()).toBeLessThanOrEqual(now);
      expect(db.prepare('SELECT max(updated_at) FROM riders').pluck().get()).toBeLessThanOrEqual(now);
      // Each job that remains is the same job as at 07:00: its history up to now.
      for (const [id, entries] of histories(db)) {
        const expected = shifted.get(id)!.filter((entry) => Number(entry.split(' ')[1]) <= now);
        expect(entries, `job ${id}`).toEqual(expected);
      }
      expect(incoherences(db, now)).toEqual([]);
      const open = db.prepare('SELECT count(*) FROM jobs WHERE status IN (1, 2, 3, 4, 5, 6)').pluck().get();
      expect(open).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('changes nothing on the seeded day, or in a database without a reference time', () => {
    const db = seeded(200);
    try {
      const before = JSON.stringify(times(db));
      expect(moveToToday(db, SEEDED + 3600, 'UTC')).toEqual({
        days: 0,
        removedJobs: 0,
        referenceTime: SEEDED,
      });
      expect(JSON.stringify(times(db))).toBe(before);
      db.prepare('DELETE FROM meta').run();
      expect(moveToToday(db, SEEDED + 5 * DAY, 'UTC')).toBeNull();
      expect(JSON.stringify(times(db))).toBe(before);
    } finally {
      db.close();
    }
  });

  it('counts days by the calendar of the given time zone', () => {
    const db = seeded(200);
    try {
      // 23:00 UTC on the 13th is already the 14th in Singapore: three days on there, two in UTC.
      const now = Date.UTC(2026, 2, 13, 23) / 1000;
      expect(moveToToday(db, now, 'Asia/Singapore')?.days).toBe(3);
    } finally {
      db.close();
    }
  });
});

describe('on start (server/main.ts)', () => {
  it('keeps a branch edited through the API, moves the data to today in development, never in production', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-shift-'));
    tempDirs.push(dir);
    const path = join(dir, 'dispatch.db');
    const seededAt = Math.floor(Date.now() / 1000) - 5 * DAY;
    const db = openDatabase(path);
    seed(db, { seed: 4, jobs: 300, referenceTime: seededAt });
    db.close();
    const env = { PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: path, API_TOKENS: 'shift-token' };
    const headers = { authorization: 'Bearer shift-token', 'content-type': 'application/json' };
    const newest = async (url: string) =>
      ((await (await fetch(`${url}/v1/jobs`, { headers })).json()) as { jobs: { created_at: number }[] })
        .jobs[0]!.created_at;

    const productionLog: string[] = [];
    const production = await startServer({ ...env, NODE_ENV: 'production' }, (line) =>
      productionLog.push(line),
    );
    let edited: unknown;
    try {
      expect(productionLog.filter((line) => line.startsWith('Data:'))).toEqual([]);
      expect(await newest(production.url)).toBeLessThanOrEqual(seededAt);
      const { branch } = (await (
        await fetch(`${production.url}/v1/branches/LDN-01`, { headers })
      ).json()) as {
        branch: { delivery_zones: { features: unknown[] } };
      };
      const body = {
        branch: {
          name: 'Shoreditch, edited',
          delivery_zones: { type: 'FeatureCollection', features: branch.delivery_zones.features.slice(0, 1) },
        },
      };
      const put = await fetch(`${production.url}/v1/branches/LDN-01`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(body),
      });
      expect(put.status).toBe(200);
      edited = (await put.json()) as unknown;
    } finally {
      await production.close();
    }

    const log: string[] = [];
    const development = await startServer({ ...env, NODE_ENV: 'development' }, (line) => log.push(line));
    try {
      expect(log.find((line) => line.startsWith('Data:'))).toMatch(/^Data: moved forward [56] days to today/);
      expect(await newest(development.url)).toBeGreaterThan(Math.floor(Date.now() / 1000) - DAY);
      const after = (await (
        await fetch(`${development.url}/v1/branches/LDN-01`, { headers })
      ).json()) as unknown;
      expect(after).toEqual(edited);
      expect((after as { branch: { name: string } }).branch.name).toBe('Shoreditch, edited');
    } finally {
      await development.close();
    }
  });
});
