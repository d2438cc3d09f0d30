/**
 * A rider's last position and how old it is (docs/design.md, "Derived facts"). The interface
 * gives no time of the fix, so the age is taken from the rider's `updated_at`. A position is
 * stale once older (strictly) than the config's `staleRiderMinutes`. Pure: the exceptions
 * (rider not reporting), the job panel and the operations map all read it from here.
 */
import type { RuntimeConfig } from '../config';
import type { Job, Rider } from '../contract';
import type { RiderFigures } from './day-figures';
import { jobLateness, type LateRule } from './lateness';
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

/**
 * A rider of the control room (every rider seen in the open work or the window's jobs): what
 * they carry now, their late stops, when they were last seen and whether that is stale or
 * missing (both "not reporting"), and their figures of the window. On duty: carrying open jobs.
 */
export type RiderRow = {
  id: number;
  name: string;
  /** The newest copy of the rider seen. */
  rider: Rider;
  /** Open jobs assigned to the rider, as read. */
  open: Job[];
  /** Late stops among the open jobs. */
  lateStops: number;
  /** When the rider's position was last reported; null when the rider has none. */
  lastSeen: number | null;
  /** Not reporting: no position, or a stale one. */
  stale: boolean;
  /** The rider's figures over the window's jobs; null when the rider has none there. */
  window: RiderFigures | null;
};

/**
 * The riders of `open` (open jobs) and of the window (`windowRiders`, from dayFigures), on duty
 * first, then by late stops, then by name. `late` decides late stops at `now`.
 */
export function riderRoster(
  open: readonly Job[],
  windowRiders: readonly RiderFigures[],
  now: number,
  rule: { late: LateRule; staleSeconds: number },
): RiderRow[] {
  const rows = new Map<number, Omit<RiderRow, 'lastSeen' | 'stale'>>();
  for (const job of open) {
    if (!job.rider) continue;
    let row = rows.get(job.rider.id);
    if (!row) {
      row = {
        id: job.rider.id,
        name: job.rider.name,
        rider: job.rider,
        open: [],
        lateStops: 0,
        window: null,
      };
      rows.set(job.rider.id, row);
    }
    if (job.rider.updated_at > row.rider.updated_at) row.rider = job.rider;
    row.open.push(job);
    row.lateStops += jobLateness(job, now, rule.late).stops.filter((s) => s.late).length;
  }
  const out: Omit<RiderRow, 'lastSeen' | 'stale'>[] = [];
  for (const figures of windowRiders) {
    const row = rows.get(figures.riderId);
    if (row) row.window = figures;
    else
      out.push({
        id: figures.riderId,
        name: figures.name,
        rider: figures.rider,
        open: [],
        lateStops: 0,
        window: figures,
      });
  }
  return [...rows.values(), ...out]
    .map((row) => {
      const age = riderPositionAge(row.rider, now);
      return {
        ...row,
        lastSeen: age === null ? null : row.rider.updated_at,
        stale: age === null || age > rule.staleSeconds,
      };
    })
    .sort(
      (a, b) =>
        Number(b.open.length > 0) - Number(a.open.length > 0) ||
        b.lateStops - a.lateStops ||
        a.name.localeCompare(b.name) ||
        a.id - b.id,
    );
}
