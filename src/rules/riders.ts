/**
 * The control room's riders (pure): every rider seen in the open work or the window's jobs,
 * with what they carry now, their late stops, when they were last seen (stale marked, by the
 * rule of exceptions.ts: older strictly than `staleRiderMinutes`, aged by the rider's
 * `updated_at`) and their on-time figure of the window. On duty: carrying open jobs.
 */
import type { Job, Rider } from '../contract';
import type { RiderFigures } from './day-figures';
import { jobLateness, type LateRule } from './lateness';

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
  /** No position, or one older than the threshold. */
  stale: boolean;
  /** The rider's figures over the window's jobs; null when the rider has none there. */
  window: RiderFigures | null;
};

/** A rider's position, when both numbers are there. */
export function hasPosition(rider: Rider): boolean {
  const { latitude, longitude } = rider.last_coordinates;
  return latitude !== null && longitude !== null;
}

/** Seconds since the rider's position was reported (its `updated_at`); null without a position. */
export function positionAge(rider: Rider, now: number): number | null {
  return hasPosition(rider) ? Math.max(0, now - rider.updated_at) : null;
}

/** Not reporting: no position, or one older (strictly) than `staleSeconds`. */
export function isStaleRider(rider: Rider, now: number, staleSeconds: number): boolean {
  const age = positionAge(rider, now);
  return age === null || age > staleSeconds;
}

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
  const windowOnly = new Map<number, RiderFigures>();
  for (const figures of windowRiders) {
    const row = rows.get(figures.riderId);
    if (row) row.window = figures;
    else windowOnly.set(figures.riderId, figures);
  }
  const out: RiderRow[] = [...rows.values()].map((row) => ({
    ...row,
    lastSeen: hasPosition(row.rider) ? row.rider.updated_at : null,
    stale: isStaleRider(row.rider, now, rule.staleSeconds),
  }));
  for (const figures of windowOnly.values()) {
    out.push({
      id: figures.riderId,
      name: figures.name,
      rider: figures.rider,
      open: [],
      lateStops: 0,
      lastSeen: figures.lastSeen,
      stale: figures.lastSeen === null || now - figures.lastSeen > rule.staleSeconds,
      window: figures,
    });
  }
  return out.sort(
    (a, b) =>
      Number(b.open.length > 0) - Number(a.open.length > 0) ||
      b.lateStops - a.lateStops ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}
