/**
 * Facts about the stored data as a whole (the `meta` table, numbers by key):
 * - `reference_time`: the moment the data describes: everything up to it has happened, nothing
 *   after it has. The seed sets it; the start-up move to today (server/time-shift.ts) and the
 *   simulation (server/simulate.ts) advance it.
 * - `bookings_per_day`: how many jobs a whole day books (the seed's volume of today), the rate
 *   at which the simulation books new ones.
 */
import type { Database } from './db';

export type MetaKey = 'reference_time' | 'bookings_per_day';

export function getMeta(db: Database, key: MetaKey): number | undefined {
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
  return value === undefined ? undefined : Number(value);
}

export function setMeta(db: Database, key: MetaKey, value: number): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, String(value));
}

export function getReferenceTime(db: Database): number | undefined {
  return getMeta(db, 'reference_time');
}

export function setReferenceTime(db: Database, at: number): void {
  setMeta(db, 'reference_time', at);
}
