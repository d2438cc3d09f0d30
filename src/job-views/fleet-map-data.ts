/**
 * What the control room's fleet map shows, from the open work (pure): one marker per open job
 * at the stop that matters now (its latest late stop, else its next open stop, else any placed
 * stop), late jobs ringed and at-risk jobs drawn as diamonds (a shape, not a colour alone);
 * each rider once at their last position, named beside the marker (riders sharing a name told
 * apart by their reference id, as in the riders' table), faded when the position is stale and
 * its age in words; the jobs' branches. The parts are the operations map's (map-data.ts).
 */
import type { Job, Rider, StopBranch } from '../contract';
import { describeStatus } from '../config';
import { bbox, positionOf, type BBox } from '../geo';
import type { MarkerCollection, MarkerProperties } from '../map';
import type { LateRule } from '../rules/lateness';
import { msg, plural } from '@lingui/core/macro';
import { formatCount } from '../lib/count';
import { i18n } from '../i18n';
import {
  branchMarker,
  jobTarget,
  marker,
  riderMarker,
  riderName,
  riderPosition,
  stopsOf,
  TONE_COLORS,
  type MapConfig,
} from './map-data';

type Point = [number, number];

/** Why an open job is marked on the fleet map, and that reason in words ("late 42 min at delivery 2 of 3"). */
export type FleetMark = { kind: 'late' | 'at-risk'; text: string };

export const FLEET_SHAPES = { job: 'circle', atRisk: 'diamond', rider: 'triangle', branch: 'house' } as const;

export type FleetCounts = {
  jobs: number;
  placedJobs: number;
  late: number;
  placedLate: number;
  atRisk: number;
  placedAtRisk: number;
  riders: number;
  placedRiders: number;
  /** Placed riders whose position is stale. */
  staleRiders: number;
};

export type FleetMapData = {
  /** One marker per placed open job (clustered where they crowd). */
  jobs: MarkerCollection;
  /** Riders at their last position (never clustered, drawn under the jobs' clusters); stale ones `dim`. */
  riders: MarkerCollection;
  branches: MarkerCollection;
  counts: FleetCounts;
  /** Open jobs with no stop that has a position, by id. */
  unplaced: number[];
  /** The jobs placed (else the riders and branches); null when nothing is. */
  bounds: BBox | null;
  /** Each placed job's marker and its rider's position: where the map goes to show it. */
  positions: Map<number, Point[]>;
};

/** Where an open job is drawn: its latest late stop, else its next open stop, else any placed stop. */
function jobPosition(job: Job, now: number, rule: LateRule): Point | null {
  const entries = stopsOf(job, now, rule);
  let late: { at: Point; by: number } | null = null;
  let open: Point | null = null;
  let any: Point | null = null;
  for (const { stop, state } of entries) {
    const at = positionOf(stop.address);
    if (!at) continue;
    any ??= at;
    if (state.open) open ??= at;
    if (state.late && (!late || state.lateBy > late.by)) late = { at, by: state.lateBy };
  }
  return late?.at ?? open ?? any;
}

/**
 * The fleet map of the open work `jobs`, `marks` saying which are late or at risk (from the
 * exceptions' rule, so the map and the list agree).
 */
export function fleetMapData(
  jobs: readonly Job[],
  marks: ReadonlyMap<number, FleetMark>,
  now: number,
  rule: LateRule,
  config: MapConfig,
): FleetMapData {
  const points: MarkerCollection['features'] = [];
  const unplaced: number[] = [];
  const positions = new Map<number, Point[]>();
  const riders = new Map<number, { rider: Rider; jobs: Job[] }>();
  const branches = new Map<string, StopBranch>();
  const counts: FleetCounts = {
    jobs: jobs.length,
    placedJobs: 0,
    late: 0,
    placedLate: 0,
    atRisk: 0,
    placedAtRisk: 0,
    riders: 0,
    placedRiders: 0,
    staleRiders: 0,
  };

  for (const job of jobs) {
    const mark = marks.get(job.id);
    if (mark?.kind === 'late') counts.late++;
    if (mark?.kind === 'at-risk') counts.atRisk++;
    for (const stop of [...job.pickups, ...job.deliveries])
      if (stop.branch && !branches.has(stop.branch.id)) branches.set(stop.branch.id, stop.branch);
    if (job.rider) {
      const seen = riders.get(job.rider.id);
      if (!seen) riders.set(job.rider.id, { rider: job.rider, jobs: [job] });
      else {
        seen.jobs.push(job);
        if (job.rider.updated_at > seen.rider.updated_at) seen.rider = job.rider;
      }
    }
    const at = jobPosition(job, now, rule);
    if (!at) {
      unplaced.push(job.id);
      continue;
    }
    counts.placedJobs++;
    if (mark?.kind === 'late') counts.placedLate++;
    if (mark?.kind === 'at-risk') counts.placedAtRisk++;
    positions.set(job.id, [at]);
    const status = describeStatus(config, job.status);
    points.push(
      marker(at, {
        id: `j:${job.id}`,
        shape: mark?.kind === 'at-risk' ? FLEET_SHAPES.atRisk : FLEET_SHAPES.job,
        color: TONE_COLORS[status.tone],
        alert: mark?.kind === 'late',
        label: `${jobTarget(job).label} · ${status.label}${mark ? ` · ${mark.text}` : ''}`,
        targets: [jobTarget(job)],
        keys: [String(job.id)],
      }),
    );
  }

  const named = new Map<string, number>();
  for (const { rider } of riders.values())
    named.set(riderName(rider), (named.get(riderName(rider)) ?? 0) + 1);
  const riderMarkers: MarkerCollection['features'] = [];
  for (const { rider, jobs: theirs } of riders.values()) {
    counts.riders++;
    const at = riderPosition(rider);
    if (!at) continue;
    counts.placedRiders++;
    for (const job of theirs) positions.get(job.id)?.push(at);
    const name = riderName(rider);
    const shown = named.get(name)! > 1 ? `${name} · ${rider.reference_id || `#${rider.id}`}` : name;
    const placed = riderMarker(rider, at, now, config, theirs, shown);
    if (placed.properties.dim) counts.staleRiders++;
    riderMarkers.push(placed);
  }

  const branchMarkers: MarkerCollection['features'] = [];
  for (const branch of branches.values()) {
    const at = positionOf(branch.coordinates);
    if (at) branchMarkers.push(branchMarker(branch, at));
  }
  // The work: the jobs placed (a rider far from the work, or another branch a stop names, does
  // not widen it); else the riders and branches.
  const placedAt = (points.length ? points : [...riderMarkers, ...branchMarkers]).map(
    (f) => f.geometry.coordinates,
  );
  return {
    jobs: { type: 'FeatureCollection', features: points },
    riders: { type: 'FeatureCollection', features: riderMarkers },
    branches: { type: 'FeatureCollection', features: branchMarkers },
    counts,
    unplaced,
    bounds: bbox([placedAt]),
    positions,
  };
}

/** The title of a cluster's list of open jobs: "12 jobs · 3 late · 2 at risk". */
export function describeFleetCluster(markers: readonly MarkerProperties[]): string {
  const count = markers.length;
  const lateCount = markers.filter((m) => m.alert).length;
  const atRiskCount = markers.filter((m) => m.shape === FLEET_SHAPES.atRisk).length;
  const late = formatCount(lateCount);
  const atRisk = formatCount(atRiskCount);
  return [
    i18n._(msg`${plural(count, { one: '# job', other: '# jobs' })}`),
    lateCount ? i18n._(msg`${late} late`) : '',
    atRiskCount ? i18n._(msg`${atRisk} at risk`) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
