/**
 * The bench database: seeded once into bench/out/ (git-ignored) and reused while the seed,
 * the size and the seeding code are unchanged; each run works on a throw-away copy, because
 * the editor and PUT figures write zones into a branch (which every job page then embeds).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../../server/db';
import { seed } from '../../server/seed';

/**
 * 2026-01-01T10:00:00Z: a fixed "now" for the data, so every run sees the same jobs; mid-morning
 * in the seeded branches' zones, when the day's work is under way (at midnight there is little).
 */
export const REFERENCE_TIME = 1_767_261_600;

/** Files whose change makes a cached database stale. */
const SEED_SOURCES = [
  'server/seed.ts',
  'server/seed-data.ts',
  'server/seed-writer.ts',
  'server/migrations.ts',
  'server/job-plan.ts',
  'server/local-time.ts',
  'server/meta.ts',
  'server/statuses.ts',
];

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SEED_SOURCES) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 10);
}

export interface CachedDatabase {
  path: string;
  /** Seconds spent seeding now, or null when the cached file was reused. */
  seededSeconds: number | null;
}

/** The seeded database file for `jobs` and `seedNumber`, creating it when missing. */
export function cachedDatabase(outDir: string, jobs: number, seedNumber: number): CachedDatabase {
  const dir = join(outDir, 'db');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `jobs-${jobs}-seed-${seedNumber}-${sourcesHash()}.db`);
  if (existsSync(path)) return { path, seededSeconds: null };
  const partial = `${path}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  const started = performance.now();
  const db = openDatabase(partial);
  try {
    seed(db, { seed: seedNumber, jobs, referenceTime: REFERENCE_TIME });
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  renameSync(partial, path);
  return { path, seededSeconds: (performance.now() - started) / 1000 };
}

/** A working copy of `source` at `target` (the cached file has no WAL left: it was checkpointed and closed). */
export function workingCopy(source: string, target: string): string {
  copyFileSync(source, target);
  return target;
}

/**
 * Moves every rider with a position about 100 m north in the working copy (the server sees
 * the change at its next read: the auto-refresh figure of the operations map).
 */
export function moveRiders(dbPath: string): void {
  const db = new BetterSqlite3(dbPath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'UPDATE riders SET last_latitude = last_latitude + 0.001 WHERE last_latitude IS NOT NULL',
    ).run();
  } finally {
    db.close();
  }
}
