/**
 * What the operations map and a job's small map show, from jobs (pure): markers for stops,
 * riders and branches, the branches' delivery zones, what could not be placed and why, and
 * the counts the map's summary reads. Positions come from `positionOf` (src/geo), lateness
 * from the one rule of src/rules/lateness.ts, a rider's age and staleness from
 * src/rules/riders.ts (a stale rider is drawn faded and says so in its label).
 */
import { msg, plural } from '@lingui/core/macro';
import type { Feature, FeatureCollection, LineString, MultiPolygon, Polygon, Position } from 'geojson';
import type { Branch, Delivery, Job, Pickup, Rider, StopBranch } from '../contract';
import { describeStatus, type RuntimeConfig, type Tone } from '../config';
import { bbox, positionOf, type BBox } from '../geo';
import type { LineCollection, MapTarget, MarkerCollection, MarkerProperties, MarkerShape } from '../map';
import { jobLateness, type LateRule, type StopKind, type StopLateness } from '../rules/lateness';
import { isStaleRider, riderPositionAge, staleRiderSeconds } from '../rules/riders';
import { jobBranch } from '../rules/job-branch';
import { formatDuration } from '../lib/duration';
import { formatCount } from '../lib/count';
import { i18n } from '../i18n';

/** Marker fills by status tone: readable on the light and the dark base map, under a white outline. */
export const TONE_COLORS: Record<Tone, string> = {
  neutral: '#64748b',
  info: '#0e7490',
  accent: '#2563eb',
  success: '#15803d',
  warning: '#b45309',
  danger: '#b91c1c',
  muted: '#94a3b8',
};
export const RIDER_COLOR = '#7c3aed';
export const BRANCH_COLOR = '#1e293b';
export const SHAPES: Record<StopKind | 'rider' | 'branch', MarkerShape> = {
  pickup: 'square',
  delivery: 'circle',
  rider: 'triangle',
  branch: 'house',
};

export type MapConfig = Pick<RuntimeConfig, 'statuses' | 'staleRiderMinutes'>;
type Config = MapConfig;
type Point = [number, number];

export type UnplacedStop = {
  jobId: number;
  kind: StopKind;
  /** Position among the job's stops of its kind (0-based). */
  index: number;
  stopId: number;
  /** The service sent no address at all (otherwise: an address without a position). */
  noAddress: boolean;
  late: boolean;
};

export type UnplacedRider = { riderId: number; name: string; jobIds: number[] };

export type MapSummary = {
  jobs: number;
  stops: number;
  placedStops: number;
  lateStops: number;
  placedLateStops: number;
  riders: number;
  placedRiders: number;
  /** Placed riders whose position is stale. */
  staleRiders: number;
  branches: number;
};

/** Whether the branches' zones are drawn: `unlisted` when the service does not list branches. */
export type ZonesState = 'loading' | 'shown' | 'none' | 'unlisted';

export type OpsMapData = {
  /** Stops (clustered where they crowd). */
  points: MarkerCollection;
  /** Riders at their last position, never clustered; stale ones `dim`. */
  riders: MarkerCollection;
  /** The branches of the jobs. */
  branches: MarkerCollection;
  zones: FeatureCollection<Polygon | MultiPolygon>;
  zonesState: ZonesState;
  summary: MapSummary;
  unplacedStops: UnplacedStop[];
  unplacedRiders: UnplacedRider[];
  /** What is placed (stops and riders), else the branches; null when nothing is. */
  bounds: BBox | null;
  /** Each job's placed stops and rider. */
  positions: Map<number, Point[]>;
};

export function stopName(kind: StopKind, index: number): string {
  const number = index + 1;
  return i18n._(kind === 'pickup' ? msg`Pickup ${number}` : msg`Delivery ${number}`);
}
export function riderName(rider: Pick<Rider, 'id' | 'name'>): string {
  const id = rider.id;
  return rider.name || i18n._(msg`Rider ${id}`);
}
function jobLabel(job: Job): string {
  const id = job.id;
  const orderId = job.order_id;
  return orderId ? i18n._(msg`Job ${id} · order ${orderId}`) : i18n._(msg`Job ${id}`);
}
export const jobTarget = (job: Job): MapTarget => ({ id: String(job.id), label: jobLabel(job) });

export function marker(
  at: Point,
  properties: MarkerProperties,
): Feature<{ type: 'Point'; coordinates: Position }, MarkerProperties> {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: at }, properties };
}

/** A rider's last position, when both numbers are there and in range. */
export function riderPosition(rider: Rider): Point | null {
  return positionOf(rider.last_coordinates);
}

/** How old a placed rider's position is: "last seen 35 min ago", and whether that is stale. */
export type RiderAge = { seen: string; stale: boolean };

function riderAge(rider: Rider, now: number, config: Config): RiderAge {
  const stale = isStaleRider(rider, now, staleRiderSeconds(config));
  const age = formatDuration(riderPositionAge(rider, now) ?? 0);
  return { seen: i18n._(msg`last seen ${age} ago`), stale };
}

/**
 * A rider at `at`: a triangle, faded when stale, its age in its label ("Sam · 2 jobs · last seen
 * 3 min ago"). Given a `name`, the label leads with it and the map writes it beside the marker.
 */
export function riderMarker(
  rider: Rider,
  at: Point,
  now: number,
  config: Config,
  jobs: readonly Job[] | null,
  name?: string,
) {
  const age = riderAge(rider, now, config);
  const count = jobs?.length ?? 0;
  const carries = jobs ? ` · ${i18n._(msg`${plural(count, { one: '# job', other: '# jobs' })}`)}` : '';
  const seen = age.seen;
  return marker(at, {
    id: `r:${rider.id}`,
    shape: SHAPES.rider,
    color: RIDER_COLOR,
    alert: false,
    dim: age.stale,
    label: `${name ?? riderName(rider)}${carries} · ${age.stale ? i18n._(msg`stale: ${seen}`) : seen}`,
    ...(name === undefined ? {} : { name }),
    targets: jobs ? jobs.map(jobTarget) : [],
    keys: jobs ? jobs.map((j) => String(j.id)) : [],
  });
}

export type StopEntry = {
  job: Job;
  kind: StopKind;
  index: number;
  stop: Pickup | Delivery;
  state: StopLateness;
};

export function stopsOf(job: Job, now: number, rule: LateRule): StopEntry[] {
  const states = jobLateness(job, now, rule).stops;
  return [
    ...job.pickups.map((stop, index): StopEntry => ({
      job,
      kind: 'pickup',
      index,
      stop,
      state: states[index]!,
    })),
    ...job.deliveries.map((stop, index): StopEntry => ({
      job,
      kind: 'delivery',
      index,
      stop,
      state: states[job.pickups.length + index]!,
    })),
  ];
}

function stopMarker(entry: StopEntry, at: Point, config: Config, text?: string) {
  const { job, kind, index, stop, state } = entry;
  const status = describeStatus(config, stop.status);
  const lateBy = formatDuration(state.lateBy);
  const late = state.late ? ` · ${i18n._(msg`late ${lateBy}`)}` : '';
  const jobId = job.id;
  return marker(at, {
    id: `${kind === 'pickup' ? 'p' : 'd'}:${stop.id}`,
    shape: SHAPES[kind],
    color: TONE_COLORS[status.tone],
    alert: state.late,
    text,
    label: `${i18n._(msg`Job ${jobId}`)} · ${stopName(kind, index)} · ${status.label}${late}`,
    targets: [jobTarget(job)],
    keys: [String(job.id)],
  });
}

export function branchMarker(branch: StopBranch, at: Point) {
  const { id, name } = branch;
  return marker(at, {
    id: `b:${branch.id}`,
    shape: SHAPES.branch,
    color: BRANCH_COLOR,
    alert: false,
    label: name ? i18n._(msg`Branch ${name} (${id})`) : i18n._(msg`Branch ${id}`),
    targets: [],
    keys: [],
  });
}

/** A branch's zones as drawn (polygons only: a lenient service may send other geometries). */
function zoneFeatures(branch: Branch): Feature<Polygon | MultiPolygon>[] {
  const out: Feature<Polygon | MultiPolygon>[] = [];
  for (const f of branch.delivery_zones?.features ?? []) {
    const type = f.geometry?.type;
    if (type === 'Polygon' || type === 'MultiPolygon')
      out.push({
        type: 'Feature',
        properties: { branch: branch.id },
        geometry: f.geometry as unknown as Polygon | MultiPolygon,
      });
  }
  return out;
}

/**
 * The operations map of `jobs`: every stop at its address's position, coloured by its status's
 * tone, its shape by kind, late ones marked; each rider once, at their last position, with
 * their jobs and the position's age (apart from the stops, faded when stale); the jobs'
 * branches with their zones from `branchList` (undefined while it loads, null when the
 * service does not list branches).
 */
export function opsMapData(
  jobs: readonly Job[],
  branchList: readonly Branch[] | null | undefined,
  now: number,
  rule: LateRule,
  config: Config,
): OpsMapData {
  const points: MarkerCollection['features'] = [];
  const unplacedStops: UnplacedStop[] = [];
  const positions = new Map<number, Point[]>();
  const riders = new Map<number, { rider: Rider; jobs: Job[] }>();
  const branches = new Map<string, StopBranch>();
  const summary: MapSummary = {
    jobs: jobs.length,
    stops: 0,
    placedStops: 0,
    lateStops: 0,
    placedLateStops: 0,
    riders: 0,
    placedRiders: 0,
    staleRiders: 0,
    branches: 0,
  };

  for (const job of jobs) {
    const placed: Point[] = [];
    for (const entry of stopsOf(job, now, rule)) {
      const { stop, state } = entry;
      summary.stops++;
      if (state.late) summary.lateStops++;
      if (stop.branch && !branches.has(stop.branch.id)) branches.set(stop.branch.id, stop.branch);
      const at = positionOf(stop.address);
      if (!at) {
        unplacedStops.push({
          jobId: job.id,
          kind: entry.kind,
          index: entry.index,
          stopId: stop.id,
          noAddress: stop.address === null,
          late: state.late,
        });
        continue;
      }
      summary.placedStops++;
      if (state.late) summary.placedLateStops++;
      placed.push(at);
      points.push(stopMarker(entry, at, config));
    }
    positions.set(job.id, placed);
    if (job.rider) {
      const seen = riders.get(job.rider.id);
      if (!seen) riders.set(job.rider.id, { rider: job.rider, jobs: [job] });
      else {
        seen.jobs.push(job);
        // Every copy of a rider in one result is the same snapshot; a newer one wins if not.
        if (job.rider.updated_at > seen.rider.updated_at) seen.rider = job.rider;
      }
    }
  }

  const unplacedRiders: UnplacedRider[] = [];
  const riderMarkers: MarkerCollection['features'] = [];
  for (const { rider, jobs: theirs } of riders.values()) {
    summary.riders++;
    const at = riderPosition(rider);
    if (!at) {
      unplacedRiders.push({ riderId: rider.id, name: riderName(rider), jobIds: theirs.map((j) => j.id) });
      continue;
    }
    summary.placedRiders++;
    for (const job of theirs) positions.get(job.id)!.push(at);
    const placed = riderMarker(rider, at, now, config, theirs);
    if (placed.properties.dim) summary.staleRiders++;
    riderMarkers.push(placed);
  }

  const branchMarkers: MarkerCollection['features'] = [];
  const zones: Feature<Polygon | MultiPolygon>[] = [];
  const listed = new Map((branchList ?? []).map((b) => [b.id, b]));
  for (const branch of branches.values()) {
    const at = positionOf(branch.coordinates);
    if (at) branchMarkers.push(branchMarker(branch, at));
    const full = listed.get(branch.id);
    if (full) zones.push(...zoneFeatures(full));
  }
  summary.branches = branches.size;

  const placedPositions = [...points, ...riderMarkers].map((f) => f.geometry.coordinates);
  const bounds = bbox([placedPositions]) ?? bbox([branchMarkers.map((f) => f.geometry.coordinates)]);
  const zonesState: ZonesState =
    branchList === undefined ? 'loading' : branchList === null ? 'unlisted' : zones.length ? 'shown' : 'none';
  return {
    points: { type: 'FeatureCollection', features: points },
    riders: { type: 'FeatureCollection', features: riderMarkers },
    branches: { type: 'FeatureCollection', features: branchMarkers },
    zones: { type: 'FeatureCollection', features: zones },
    zonesState,
    summary,
    unplacedStops,
    unplacedRiders,
    bounds,
    positions,
  };
}

/** The title of a cluster's list (only stops cluster): "12 stops · 3 late". */
export function describeCluster(markers: readonly MarkerProperties[]): string {
  const count = markers.length;
  const late = formatCount(markers.filter((m) => m.alert).length);
  const stops = i18n._(msg`${plural(count, { one: '# stop', other: '# stops' })}`);
  return markers.some((m) => m.alert) ? i18n._(msg`${stops} · ${late} late`) : stops;
}

export type JobRoute = {
  points: MarkerCollection;
  branch: MarkerCollection;
  lines: LineCollection;
  bounds: BBox | null;
  /** What could not be placed, by name ("Delivery 2", "the rider"). */
  unplaced: string[];
  /** How old the placed rider's position is; null: no rider placed. */
  rider: RiderAge | null;
};

/**
 * One job's small map: its branch (src/rules/job-branch.ts), then its
 * pickups, then its deliveries in order, joined by a line; the rider joined by a dashed line
 * to the next open stop, faded when its position is stale. Stops are numbered (P1, D1) as in
 * the job's Stops tab.
 */
export function jobRoute(job: Job, now: number, rule: LateRule, config: Config): JobRoute {
  const entries = stopsOf(job, now, rule);
  const unplaced: string[] = [];
  const points: MarkerCollection['features'] = [];
  const route: Point[] = [];
  const branch = jobBranch(job);
  const branchAt = branch ? positionOf(branch.coordinates) : null;
  if (branchAt) route.push(branchAt);
  let nextOpen: Point | null = null;
  for (const entry of entries) {
    const at = positionOf(entry.stop.address);
    if (!at) {
      unplaced.push(stopName(entry.kind, entry.index));
      continue;
    }
    route.push(at);
    if (!nextOpen && entry.state.open) nextOpen = at;
    points.push(stopMarker(entry, at, config, `${entry.kind === 'pickup' ? 'P' : 'D'}${entry.index + 1}`));
  }
  const lines: Feature<LineString, { dashed?: boolean }>[] = [];
  if (route.length > 1)
    lines.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: route } });
  const riderAt = job.rider ? riderPosition(job.rider) : null;
  if (job.rider && !riderAt) unplaced.push(i18n._(msg`the rider`));
  if (job.rider && riderAt) {
    points.push(riderMarker(job.rider, riderAt, now, config, null));
    if (nextOpen)
      lines.push({
        type: 'Feature',
        properties: { dashed: true },
        geometry: { type: 'LineString', coordinates: [riderAt, nextOpen] },
      });
  }
  const branches = branch && branchAt ? [branchMarker(branch, branchAt)] : [];
  return {
    points: { type: 'FeatureCollection', features: points },
    branch: { type: 'FeatureCollection', features: branches },
    lines: { type: 'FeatureCollection', features: lines },
    bounds: bbox([[...points.map((f) => f.geometry.coordinates), ...(branchAt ? [branchAt] : [])]]),
    unplaced,
    rider: job.rider && riderAt ? riderAge(job.rider, now, config) : null,
  };
}
