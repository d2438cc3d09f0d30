/**
 * `npm run seed -- --jobs 100000 [--seed 42] [--db data/dispatch.db] [--branches 8] [--riders N]`
 * (Re)creates the database file and fills it with deterministic data.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE_PATH } from './config';
import { MEMORY, openDatabase } from './db';
import { seed } from './seed';

function wholeNumber(name: string, raw: string | undefined, fallback?: number): number | undefined {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number ≥ 0, got ${JSON.stringify(raw)}`);
  return value;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string' },
      seed: { type: 'string' },
      db: { type: 'string' },
      branches: { type: 'string' },
      riders: { type: 'string' },
    },
    strict: true,
  });
  const jobs = wholeNumber('jobs', values.jobs, 5000)!;
  const seedNumber = wholeNumber('seed', values.seed, 42)!;
  const path = values.db ?? DEFAULT_DATABASE_PATH;

  if (path !== MEMORY) for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  const started = performance.now();
  const db = openDatabase(path);
  try {
    const summary = seed(db, {
      seed: seedNumber,
      jobs,
      branches: wholeNumber('branches', values.branches),
      riders: wholeNumber('riders', values.riders),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const { referenceTime, ...counts } = summary;
    console.log(
      `Seeded ${path} with seed ${seedNumber} in ${seconds} s (reference time ${new Date(referenceTime * 1000).toISOString()}):`,
    );
    console.log(
      Object.entries(counts)
        .map(([table, count]) => `  ${table.padEnd(18)} ${String(count).padStart(9)}`)
        .join('\n'),
    );
  } finally {
    db.close();
  }
}

try {
  main();
} catch (error) {
  console.error(`seed: ${(error as Error).message}`);
  process.exit(1);
}
