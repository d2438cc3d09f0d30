/**
 * Where edges meet: a thin layer over `sweepline-intersections` (sweep line, O(n log n) for
 * ordinary outlines) plus the two cases it does not report: a ring that doubles back along
 * itself (collinear overlap, a "spike") and a ring that passes through the same point twice.
 */
import findIntersections from 'sweepline-intersections';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { closeCorners, type PolygonLike, type RingLike } from './ring';

export type SelfIntersection = { kind: 'cross' | 'spike' | 'revisit'; position: [number, number] };

/** Consecutive edges this close to anti-parallel (sine of the angle) count as doubling back. */
const SPIKE_SINE = 1e-9;

function polygonFeature(rings: PolygonLike): Feature<Polygon> {
  // The library only reads the coordinates; the cast drops `readonly`.
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: rings as number[][][] },
  };
}

/**
 * Self-intersections of one ring, given as its corners (open, no consecutive duplicates,
 * finite, at least 3). Spikes first, then repeated points, then crossings, each in ring order
 * or sweep order.
 */
export function findSelfIntersections(corners: RingLike): SelfIntersection[] {
  const found: SelfIntersection[] = [];
  const m = corners.length;
  for (let i = 0; i < m; i++) {
    const a = corners[(i + m - 1) % m]!;
    const b = corners[i]!;
    const c = corners[(i + 1) % m]!;
    const ux = b[0]! - a[0]!;
    const uy = b[1]! - a[1]!;
    const vx = c[0]! - b[0]!;
    const vy = c[1]! - b[1]!;
    const cross = ux * vy - uy * vx;
    if (ux * vx + uy * vy < 0 && Math.abs(cross) <= SPIKE_SINE * Math.hypot(ux, uy) * Math.hypot(vx, vy)) {
      found.push({ kind: 'spike', position: [b[0]!, b[1]!] });
    }
  }
  // Corners seen so far, by longitude: the latitude, or the latitudes when several share it.
  // Numbers as keys (no "x,y" string to build per corner); keys and latitudes compare as
  // numbers, so 0 and -0 are one point.
  const seen = new Map<number, number | number[]>();
  for (const p of corners) {
    const x = p[0]!;
    const y = p[1]!;
    const prior = seen.get(x);
    if (prior === undefined) seen.set(x, y);
    else if (prior === y || (Array.isArray(prior) && prior.includes(y)))
      found.push({ kind: 'revisit', position: [x, y] });
    else if (Array.isArray(prior)) prior.push(y);
    else seen.set(x, [prior, y]);
  }
  for (const [x, y] of findIntersections(polygonFeature([closeCorners(corners)]), false)) {
    found.push({ kind: 'cross', position: [x, y] });
  }
  return found;
}

/**
 * Points where an edge of one polygon meets an edge of another (crossing or touching),
 * for any pair of the given polygons; meetings within one polygon are not reported.
 */
export function findCrossingsBetween(polygons: readonly PolygonLike[]): [number, number][] {
  const collection: FeatureCollection<Polygon> = {
    type: 'FeatureCollection',
    features: polygons.map(polygonFeature),
  };
  return findIntersections(collection, true);
}
