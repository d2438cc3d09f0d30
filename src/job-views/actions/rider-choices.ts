/**
 * The riders one job or several can be given to, from what the browser holds (the jobs on
 * screen, the open work, the cached pages): each with its open load, its distance from the
 * job's next open stop (for several jobs, from the farthest of their next stops) and how fresh
 * its position is (docs/design.md, "Derived facts": a rider's position is its
 * `last_coordinates`, its age the rider's `updated_at`). The interface lists no riders: one who
 * carries no job the browser has read is not offered.
 */
import type { Delivery, Job, Pickup, Rider } from '../../contract';
import { distanceKm, positionOf } from '../../geo';
import { earliestOpenSlot, isOpenStop, type LateRule } from '../../rules/lateness';
import { isStaleRider, riderPositionAge } from '../../rules/riders';

export type RiderChoice = {
  rider: Rider;
  /** Open jobs the rider carries, among those read (the jobs to give excluded). */
  openLoad: number;
  /**
   * Km from the job's next open stop, or the farthest of the jobs' next stops; null when the
   * rider's position or every such stop's is unknown.
   */
  distanceKm: number | null;
  /** Seconds since the rider's position was reported; null when it has none. */
  positionAge: number | null;
  stale: boolean;
  /** How many of the jobs to give the rider has now. */
  carries: number;
};

/** Where the job goes next: its earliest open slot's stop, else its first open stop; null when none has a position. */
export function nextStopPosition(job: Job, rule: Pick<LateRule, 'isFinal'>): [number, number] | null {
  const stops: { kind: 'pickup' | 'delivery'; stop: Pickup | Delivery }[] = [
    ...job.pickups.map((stop) => ({ kind: 'pickup' as const, stop })),
    ...job.deliveries.map((stop) => ({ kind: 'delivery' as const, stop })),
  ];
  const slot = earliestOpenSlot(job, rule);
  const next =
    (slot && stops.find((s) => s.kind === slot.kind && s.stop.id === slot.id)) ??
    stops.find((s) => isOpenStop(s.stop, rule, rule.isFinal(job.status)));
  return next ? positionOf(next.stop.address) : null;
}

function riderPosition(rider: Rider): [number, number] | null {
  const { latitude, longitude } = rider.last_coordinates;
  return typeof latitude === 'number' && typeof longitude === 'number'
    ? positionOf({ latitude, longitude })
    : null;
}

/**
 * The riders of `jobs` for `targets` (the jobs to give), nearest first (those without a distance
 * last, least loaded first among them), then by name; the newest copy of each rider read.
 */
export function riderChoices(
  targets: readonly Job[],
  jobs: Iterable<Job>,
  now: number,
  rule: Pick<LateRule, 'isFinal'> & { staleSeconds: number },
): RiderChoice[] {
  const given = new Set(targets.map((t) => t.id));
  const riders = new Map<number, { rider: Rider; open: Set<number> }>();
  for (const other of [...targets, ...jobs]) {
    if (!other.rider) continue;
    let entry = riders.get(other.rider.id);
    if (!entry) {
      entry = { rider: other.rider, open: new Set() };
      riders.set(other.rider.id, entry);
    }
    if (other.rider.updated_at > entry.rider.updated_at) entry.rider = other.rider;
    if (!given.has(other.id) && !rule.isFinal(other.status)) entry.open.add(other.id);
  }
  const stops = targets.map((t) => nextStopPosition(t, rule)).filter((p) => p !== null);
  return [...riders.values()]
    .map(({ rider, open }): RiderChoice => {
      const at = riderPosition(rider);
      return {
        rider,
        openLoad: open.size,
        distanceKm: at && stops.length ? Math.max(...stops.map((stop) => distanceKm(at, stop))) : null,
        positionAge: riderPositionAge(rider, now),
        stale: isStaleRider(rider, now, rule.staleSeconds),
        carries: targets.filter((t) => t.rider?.id === rider.id).length,
      };
    })
    .sort(
      (a, b) =>
        (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
        a.openLoad - b.openLoad ||
        a.rider.name.localeCompare(b.rider.name) ||
        a.rider.id - b.rider.id,
    );
}
