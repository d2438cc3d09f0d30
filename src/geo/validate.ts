import { polygonAreaKm2 } from './area';
import { isLatitude, isLongitude, isLonLat, MAX_LATITUDE, MAX_LONGITUDE } from '../contract/coordinates';
import { featureId, polygonParts, zoneName, type GeometryLike, type ZoneCollectionLike } from './collection';
import { formatPoint, ringObject, ringSubject } from './format';
import { findCrossingsBetween, findSelfIntersections, type SelfIntersection } from './intersect';
import { createPointLocator, segmentDistanceSq, type PointLocator } from './locate';
import {
  bbox,
  bboxContains,
  closeCorners,
  isClosed,
  isFinitePosition,
  ringCorners,
  samePosition,
  vertexCount,
  type PolygonLike,
  type PositionLike,
  type RingLike,
} from './ring';
import { countOf, pluralForm } from '../lib/count';

export type GeoIssueCode =
  | 'no_outline'
  | 'not_polygon'
  | 'too_few_positions'
  | 'not_closed'
  | 'not_finite'
  | 'out_of_range'
  | 'duplicate_position'
  | 'antimeridian'
  | 'self_intersection'
  | 'hole_outside'
  | 'holes_intersect';

/**
 * What an issue says, as a stable code with its values: the dashboard words it in the chosen
 * language from these (src/map/geo-messages.ts); `message` is the same in English.
 */
export type GeoIssueDetail =
  | { kind: 'no_outline' }
  | { kind: 'no_shape' }
  | { kind: 'multipolygon' }
  | { kind: 'other_geometry'; type: string }
  | { kind: 'too_few_points'; points: number }
  | { kind: 'too_few_corners'; corners: number }
  | { kind: 'not_closed'; start: string; end: string }
  | { kind: 'antimeridian'; span: number }
  | { kind: 'not_finite'; point: number; value: string; others: number }
  | {
      kind: 'out_of_range';
      point: number;
      /** The latitude or the longitude out of range, or null when that one is in range. */
      latitude: number | null;
      longitude: number | null;
      swapped: boolean;
      others: number;
    }
  | { kind: 'duplicate'; at: string; point: number; others: number }
  | { kind: 'spike' | 'revisit' | 'crossing'; at: string; others: number }
  | { kind: 'hole_meets_outline'; at: string }
  | { kind: 'holes_touch'; at: string }
  | { kind: 'hole_outside' }
  | { kind: 'hole_in_hole'; inner: number; outer: number };

export type GeoIssue = {
  code: GeoIssueCode;
  /** The issue's variant and values, to word it in any language (`ring`, `otherRing` complete it). */
  detail: GeoIssueDetail;
  /** A sentence for branch managers, in English: what is wrong and where (positions as "lat, lon"). */
  message: string;
  /** 0 for the exterior ring, 1.. for holes. */
  ring: number;
  /** For issues between two rings: the other ring (`ring` is always the later one). */
  otherRing?: number;
  /** `[lon, lat]` of the crossing point or the offending position, when there is one. */
  position?: [number, number];
};

export type ZoneReport = {
  id: string | null;
  index: number;
  name: string | null;
  issues: GeoIssue[];
  /**
   * Geodesic area (holes subtracted); `null` when positions are missing, not finite or out of
   * range, or when a ring crosses itself.
   */
  areaKm2: number | null;
  /** Positions, not counting closing ones. */
  vertexCount: number;
};

/** Meeting points between rings whose rings are looked up (each lookup scans all edges). */
const MAX_ATTRIBUTED_MEETINGS = 32;
const ON_EDGE_TOLERANCE_SQ = 1e-18;

/**
 * Everything that makes a polygon unacceptable as a delivery zone (docs/design.md, decision 10).
 * Per ring: at least 4 positions, finite and in range, closed, no consecutive duplicates,
 * less than 180° of longitude wide, no self-intersection (first point reported). Then holes:
 * inside the exterior without touching it, and not touching or containing each other.
 * Geometric checks are skipped for rings that already fail the structural ones.
 */
export function validatePolygon(rings: PolygonLike): GeoIssue[] {
  if (rings.length === 0)
    return [
      { code: 'no_outline', ring: 0, detail: { kind: 'no_outline' }, message: 'The zone has no outline.' },
    ];
  const issues: GeoIssue[] = [];
  const usable = rings.map((ring, index) => checkRing(ring, index, issues));
  checkHoles(usable, issues);
  return issues;
}

/** Checks one ring; returns its corners when they are sound enough to compare with other rings. */
function checkRing(ring: RingLike, index: number, issues: GeoIssue[]): PositionLike[] | null {
  const subject = ringSubject(index);
  const tooFew = ring.length < 4;
  if (tooFew) {
    issues.push({
      code: 'too_few_positions',
      ring: index,
      detail: { kind: 'too_few_points', points: ring.length },
      message: `${subject} has ${countOf(ring.length, 'point', 'points')}; it needs at least 4 (3 corners and a closing point that repeats the first).`,
    });
  }
  if (!checkPositions(ring, index, issues)) return null;
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && ring.length > 1 && !isClosed(ring)) {
    issues.push({
      code: 'not_closed',
      ring: index,
      position: [last[0]!, last[1]!],
      detail: { kind: 'not_closed', start: formatPoint(first), end: formatPoint(last) },
      message: `${subject} does not end at its first point: it starts at ${formatPoint(first)} and ends at ${formatPoint(last)}.`,
    });
  }
  checkConsecutiveDuplicates(ring, index, issues);
  if (tooFew) return null;

  const corners = ringCorners(ring);
  if (corners.length < 3) {
    issues.push({
      code: 'too_few_positions',
      ring: index,
      detail: { kind: 'too_few_corners', corners: corners.length },
      message: `${subject} has only ${countOf(corners.length, 'distinct corner', 'distinct corners')}; it needs at least 3.`,
    });
    return null;
  }
  const box = bbox([corners])!;
  const span = box[2] - box[0];
  if (span > 180) {
    issues.push({
      code: 'antimeridian',
      ring: index,
      detail: { kind: 'antimeridian', span },
      message: `${subject} spans ${span.toFixed(1)}° of longitude. Zones may not cross the 180° meridian (the antimeridian): draw a separate zone on each side of it.`,
    });
    return null;
  }
  const found = findSelfIntersections(corners);
  if (found.length > 0) {
    issues.push(selfIntersectionIssue(found, index));
    return null;
  }
  return corners;
}

/** Reports the first position that is not a finite pair and the first one out of range. */
function checkPositions(ring: RingLike, index: number, issues: GeoIssue[]): boolean {
  const notFinite: number[] = [];
  const outOfRange: number[] = [];
  ring.forEach((p, i) => {
    if (!isFinitePosition(p)) notFinite.push(i);
    else if (!isLonLat(p)) outOfRange.push(i);
  });
  const [firstBad] = notFinite;
  if (firstBad !== undefined) {
    const p = ring[firstBad]!;
    const value = `[${[...p].map(String).join(', ')}]`;
    issues.push({
      code: 'not_finite',
      ring: index,
      detail: { kind: 'not_finite', point: firstBad + 1, value, others: notFinite.length - 1 },
      message: `Point ${firstBad + 1} of ${ringObject(index)} is not a pair of finite numbers (it is ${value})${alsoAffected(notFinite.length - 1)}.`,
    });
  }
  const [firstOut] = outOfRange;
  if (firstOut !== undefined) {
    const p = ring[firstOut]!;
    const [lon, lat] = [p[0]!, p[1]!];
    const problems: string[] = [];
    if (!isLatitude(lat))
      problems.push(`latitude ${lat} is not between -${MAX_LATITUDE} and ${MAX_LATITUDE}`);
    if (!isLongitude(lon))
      problems.push(`longitude ${lon} is not between -${MAX_LONGITUDE} and ${MAX_LONGITUDE}`);
    const swapped = !isLatitude(lat) && isLongitude(lat) && isLatitude(lon);
    issues.push({
      code: 'out_of_range',
      ring: index,
      position: [lon, lat],
      detail: {
        kind: 'out_of_range',
        point: firstOut + 1,
        latitude: isLatitude(lat) ? null : lat,
        longitude: isLongitude(lon) ? null : lon,
        swapped,
        others: outOfRange.length - 1,
      },
      message:
        `Point ${firstOut + 1} of ${ringObject(index)} is out of range: ${problems.join(' and ')}` +
        `${swapped ? ' (are longitude and latitude swapped? Positions are [longitude, latitude])' : ''}` +
        `${alsoAffected(outOfRange.length - 1)}.`,
    });
  }
  return notFinite.length === 0 && outOfRange.length === 0;
}

function alsoAffected(others: number): string {
  return others > 0
    ? `; ${countOf(others, 'other point', 'other points')} ${pluralForm(others, 'has', 'have')} the same problem`
    : '';
}

function checkConsecutiveDuplicates(ring: RingLike, index: number, issues: GeoIssue[]): void {
  let first = -1;
  let count = 0;
  for (let i = 1; i < ring.length; i++) {
    if (samePosition(ring[i - 1]!, ring[i]!)) {
      if (first < 0) first = i;
      count++;
    }
  }
  if (first < 0) return;
  const p = ring[first]!;
  const more = count > 1 ? `; this happens at ${countOf(count - 1, 'other place', 'other places')} too` : '';
  issues.push({
    code: 'duplicate_position',
    ring: index,
    position: [p[0]!, p[1]!],
    detail: { kind: 'duplicate', at: formatPoint(p), point: first, others: count - 1 },
    message: `${ringSubject(index)} repeats the point ${formatPoint(p)} twice in a row (points ${first} and ${first + 1})${more}.`,
  });
}

function selfIntersectionIssue(found: readonly SelfIntersection[], ring: number): GeoIssue {
  const [first] = found as [SelfIntersection, ...SelfIntersection[]];
  const where = formatPoint(first.position);
  const places = new Set(found.map((f) => f.position.join(','))).size;
  const text =
    first.kind === 'spike'
      ? `${ringSubject(ring)} doubles back on itself at ${where}`
      : first.kind === 'revisit'
        ? `${ringSubject(ring)} passes through ${where} more than once`
        : `${ring === 0 ? "The zone's edges" : `The edges of hole ${ring}`} cross near ${where}`;
  const more = places > 1 ? ` (and at ${countOf(places - 1, 'other place', 'other places')})` : '';
  const kind = first.kind === 'spike' || first.kind === 'revisit' ? first.kind : 'crossing';
  return {
    code: 'self_intersection',
    ring,
    position: first.position,
    detail: { kind, at: where, others: places - 1 },
    message: `${text}${more}.`,
  };
}

/** Holes must lie strictly inside the exterior and apart from each other. */
function checkHoles(usable: readonly (PositionLike[] | null)[], issues: GeoIssue[]): void {
  const [exterior] = usable;
  if (!exterior) return;
  const rings = usable.flatMap((corners, ring) => (corners ? [{ ring, corners }] : []));
  if (rings.length < 2) return;

  const met = new Set<string>();
  const meetings = findCrossingsBetween(rings.map((r) => [closeCorners(r.corners)]));
  for (const point of meetings.slice(0, MAX_ATTRIBUTED_MEETINGS)) {
    const [a, b] = rings.filter((r) => passesThrough(r.corners, point)).map((r) => r.ring);
    if (a === undefined || b === undefined || met.has(`${a}:${b}`)) continue;
    met.add(`${a}:${b}`);
    const where = formatPoint(point);
    issues.push(
      a === 0
        ? {
            code: 'hole_outside',
            ring: b,
            otherRing: 0,
            position: point,
            detail: { kind: 'hole_meets_outline', at: where },
            message: `Hole ${b} meets the zone's outline at ${where}; a hole must lie inside the outline without touching it.`,
          }
        : {
            code: 'holes_intersect',
            ring: b,
            otherRing: a,
            position: point,
            detail: { kind: 'holes_touch', at: where },
            message: `Holes ${a} and ${b} touch or overlap near ${where}.`,
          },
    );
  }

  const locators = new Map<number, PointLocator>();
  const locate = (ring: number, corners: PositionLike[], p: PositionLike) => {
    let locator = locators.get(ring);
    if (!locator) locators.set(ring, (locator = createPointLocator([corners])));
    return locator(p);
  };
  const holes = rings.slice(1).filter((hole) => {
    if (met.has(`0:${hole.ring}`)) return false;
    const probe = hole.corners[0]!;
    if (locate(0, exterior, probe) === 'inside') return true;
    issues.push({
      code: 'hole_outside',
      ring: hole.ring,
      otherRing: 0,
      position: [probe[0]!, probe[1]!],
      detail: { kind: 'hole_outside' },
      message: `Hole ${hole.ring} lies outside the zone's outline; a hole must be inside the outline.`,
    });
    return false;
  });
  const boxes = new Map(holes.map((h) => [h.ring, bbox([h.corners])!]));
  for (const outer of holes) {
    for (const inner of holes) {
      const [a, b] = outer.ring < inner.ring ? [outer.ring, inner.ring] : [inner.ring, outer.ring];
      if (outer === inner || met.has(`${a}:${b}`)) continue;
      if (!bboxContains(boxes.get(outer.ring)!, boxes.get(inner.ring)!)) continue;
      const probe = inner.corners[0]!;
      if (locate(outer.ring, outer.corners, probe) !== 'inside') continue;
      met.add(`${a}:${b}`);
      issues.push({
        code: 'holes_intersect',
        ring: b,
        otherRing: a,
        position: [probe[0]!, probe[1]!],
        detail: { kind: 'hole_in_hole', inner: inner.ring, outer: outer.ring },
        message: `Hole ${inner.ring} lies inside hole ${outer.ring}; holes must not overlap.`,
      });
    }
  }
}

function passesThrough(corners: readonly PositionLike[], point: readonly [number, number]): boolean {
  const [x, y] = point;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    if (segmentDistanceSq(x, y, a[0]!, a[1]!, b[0]!, b[1]!) <= ON_EDGE_TOLERANCE_SQ) return true;
  }
  return false;
}

type ShapeReport = Pick<ZoneReport, 'issues' | 'areaKm2' | 'vertexCount'>;

/**
 * Shape results per polygon `coordinates` array. Zones are values here, as everywhere in the
 * editor: an edit makes new coordinates, a rename keeps them. So renaming a zone, or moving
 * one corner of one zone, re-checks that zone only, and the form's check and the map's check
 * of the same value share the work.
 */
const shapes = new WeakMap<object, ShapeReport>();

function shapeReport(coordinates: unknown, rings: PolygonLike): ShapeReport {
  const key = typeof coordinates === 'object' && coordinates !== null ? coordinates : null;
  const hit = key ? shapes.get(key) : undefined;
  if (hit) return hit;
  const issues = validatePolygon(rings);
  // An outline that crosses itself encloses no meaningful area (a bow tie's halves cancel).
  const measurable =
    rings.length > 0 &&
    !issues.some(
      (i) => i.code === 'not_finite' || i.code === 'out_of_range' || i.code === 'self_intersection',
    );
  const report = {
    issues,
    areaKm2: measurable ? polygonAreaKm2(rings) : null,
    vertexCount: vertexCount(rings),
  };
  if (key) shapes.set(key, report);
  return report;
}

/** A zone's shape results as `validateZones` finds them (null: not a polygon), to be checked elsewhere. */
export type ShapeResult = ShapeReport | null;

/** The shape results of each zone, in order: what a worker computes for `adoptShapeResults`. */
export function shapeResults(fc: ZoneCollectionLike): ShapeResult[] {
  return fc.features.map((feature) => {
    const geometry = feature.geometry;
    if (geometry?.type !== 'Polygon') return null;
    return shapeReport(geometry.coordinates, polygonParts(geometry).parts[0] ?? []);
  });
}

/**
 * Takes the shape results of `fc` computed elsewhere (a worker's `shapeResults` of a copy of
 * it), so `validateZones` of these same zones finds them instead of checking again. Results
 * already held are kept; a result that does not fit its zone (not a polygon) is ignored.
 */
export function adoptShapeResults(fc: ZoneCollectionLike, results: readonly ShapeResult[]): void {
  fc.features.forEach((feature, index) => {
    const result = results[index];
    const coordinates = feature.geometry?.type === 'Polygon' ? feature.geometry.coordinates : null;
    if (!result || typeof coordinates !== 'object' || coordinates === null || shapes.has(coordinates)) return;
    shapes.set(coordinates, result);
  });
}

/**
 * Validates each feature of a collection (lenient input: any geometry, numeric ids). The
 * reports' `issues` arrays may be shared between calls: read them, do not change them.
 */
export function validateZones(fc: ZoneCollectionLike): ZoneReport[] {
  return fc.features.map((feature, index) => {
    const base = { id: featureId(feature), index, name: zoneName(feature.properties) };
    const geometry = feature.geometry;
    if (geometry?.type !== 'Polygon') {
      return { ...base, issues: [notPolygonIssue(geometry)], areaKm2: null, vertexCount: 0 };
    }
    return { ...base, ...shapeReport(geometry.coordinates, polygonParts(geometry).parts[0] ?? []) };
  });
}

function notPolygonIssue(geometry: GeometryLike | null | undefined): GeoIssue {
  if (!geometry)
    return { code: 'not_polygon', ring: 0, detail: { kind: 'no_shape' }, message: 'This zone has no shape.' };
  if (geometry.type === 'MultiPolygon')
    return {
      code: 'not_polygon',
      ring: 0,
      detail: { kind: 'multipolygon' },
      message:
        'This zone is made of several separate polygons (a MultiPolygon); each part must be its own zone.',
    };
  return {
    code: 'not_polygon',
    ring: 0,
    detail: { kind: 'other_geometry', type: geometry.type },
    message: `This zone is a ${geometry.type}, not a polygon; only polygons can be delivery zones.`,
  };
}
