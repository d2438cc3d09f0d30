/**
 * A rider's last position and how old it is (docs/design.md, "Derived facts"). The interface
 * gives no time of the fix, so the age is taken from the rider's `updated_at`. A position is
 * stale once older (strictly) than the config's `staleRiderMinutes`. Pure: the exceptions
 * (rider not reporting), the job panel and the operations map all read it from here.
 */
import type { RuntimeConfig } from '../config';
import type { Rider } from '../contract';
import { formatDuration } from '../lib/duration';

type RiderFix = Pick<Rider, 'last_coordinates' | 'updated_at'>;

/** Seconds after which a rider's position is stale. */
export function staleRiderSeconds(config: Pick<RuntimeConfig, 'staleRiderMinutes'>): number {
  return config.staleRiderMinutes * 60;
}

/** The age of the rider's position at `now` (epoch seconds), in seconds; null: the rider has no position. */
export function riderPositionAge(rider: RiderFix, now: number): number | null {
  const { latitude, longitude } = rider.last_coordinates;
  if (latitude === null || longitude === null) return null;
  return now - rider.updated_at;
}

/** The rider has a position, older (strictly) than `staleSeconds`. */
export function isStaleRider(rider: RiderFix, now: number, staleSeconds: number): boolean {
  const age = riderPositionAge(rider, now);
  return age !== null && age > staleSeconds;
}

/** "last seen 35 min ago" (a position from the future reads "0 s ago"). */
export function formatLastSeen(age: number): string {
  return `last seen ${formatDuration(age)} ago`;
}
