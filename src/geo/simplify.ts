/**
 * Fewer corners for zones too detailed to keep, with their shared borders kept shared: the
 * zones become a topology (`topojson-server`: each border between two zones one arc), the arcs
 * are simplified once each (Visvalingam's effective area, `topojson-simplify`, in square metres)
 * and the zones are read back from them (`topojson-client`). Two zones that shared a border
 * still share it, so the simplification opens no gap and makes no overlap between them. Each
 * ring keeps at least three corners. Corners are counted as `vertexCount` does: a closed
 * ring's positions less the closing one.
 */
import type { Polygon as GeoPolygon, Position as GeoPosition } from 'geojson';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, simplify, type Triangle } from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { PositionLike } from './ring';

type Ring = readonly PositionLike[];
type Polygon = readonly Ring[];
type Position = [number, number];
/** A presimplified arc: each point's weight (its effective area, m²) third; endpoints Infinity. */
type WeightedArc = [number, number, number][];

const METRES_PER_DEGREE = (6371008.8 * Math.PI) / 180;

/** Metres per degree of longitude at a latitude (never under 1 % of a degree of latitude's). */
const xScale = (lat: number) => METRES_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01);

/** A triangle's area in square metres, in a local equirectangular projection at its middle corner. */
function triangleAreaM2([a, b, c]: Triangle): number {
  const kx = xScale(b[1]);
  const k = METRES_PER_DEGREE;
  return Math.abs(((a[0] - c[0]) * kx * (b[1] - a[1]) * k - (a[0] - b[0]) * kx * (c[1] - a[1]) * k) / 2);
}

/** The distance in metres from p to the segment ab (local projection at p). */
function distanceToSegmentM(p: PositionLike, a: PositionLike, b: PositionLike): number {
  const kx = xScale(p[1]!);
  const k = METRES_PER_DEGREE;
  const ax = (a[0]! - p[0]!) * kx;
  const ay = (a[1]! - p[1]!) * k;
  const dx = (b[0]! - a[0]!) * kx;
  const dy = (b[1]! - a[1]!) * k;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

export type SimplifiedToFit = {
  polygons: Position[][][];
  corners: number;
  /** How far the farthest dropped corner lies from the simplified border, in metres. */
  displacementM: number;
};

/** The arcs' indexes a ring is made of (topojson writes a reversed arc `i` as `~i`). */
const arcIndex = (i: number) => (i < 0 ? ~i : i);

/**
 * The polygons simplified as little as needed so that none has more than `perPolygon` corners
 * and all together at most `total`, borders shared between them simplified once; null when even
 * the fewest corners (three a ring, and every point where three zones meet) are too many.
 */
export function simplifyToFit(
  polygons: readonly Polygon[],
  { perPolygon, total }: { perPolygon: number; total: number },
): SimplifiedToFit | null {
  const zones = {
    type: 'GeometryCollection' as const,
    geometries: polygons.map((p): GeoPolygon => ({
      type: 'Polygon',
      coordinates: p.map((ring) => ring.map((q) => [q[0]!, q[1]!])),
    })),
  };
  const topo = presimplify(topology({ zones }) as Topology<{ zones: GeometryCollection }>, triangleAreaM2);
  const arcs = topo.arcs as unknown as WeightedArc[];
  const rings = (topo.objects.zones as GeometryCollection).geometries.map((g) =>
    g.type === 'Polygon' ? g.arcs.map((ring) => ring.map(arcIndex)) : [],
  );
  for (const polygon of rings) for (const ring of polygon) keepThreeCorners(ring, arcs);

  // Each arc's interior weights, sorted: the corners it keeps at a threshold, by binary search.
  const sorted = arcs.map((arc) =>
    arc
      .slice(1, -1)
      .map((p) => p[2])
      .sort((a, b) => a - b),
  );
  const kept = (arc: number, threshold: number) => {
    const weights = sorted[arc]!;
    let low = 0;
    let high = weights.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (weights[middle]! < threshold) low = middle + 1;
      else high = middle;
    }
    return weights.length - low;
  };
  const fits = (threshold: number) => {
    let all = 0;
    for (const polygon of rings) {
      let corners = 0;
      for (const ring of polygon) for (const arc of ring) corners += 1 + kept(arc, threshold);
      if (corners > perPolygon) return false;
      all += corners;
    }
    return all <= total;
  };

  const thresholds = [...new Set(sorted.flat())].sort((a, b) => a - b);
  if (!fits(Infinity)) return null;
  // The least threshold that fits: keeping more corners never makes fewer.
  let low = 0;
  let high = thresholds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (fits(thresholds[middle]!)) high = middle;
    else low = middle + 1;
  }
  const threshold = thresholds[low] ?? Infinity;
  const simplified = simplify(topo, threshold) as Topology<{ zones: GeometryCollection }>;
  const back = feature(simplified, simplified.objects.zones);
  const result = back.features.map((f) =>
    (f.geometry as GeoPolygon).coordinates.map((ring) =>
      ring.map((p: GeoPosition): Position => [p[0]!, p[1]!]),
    ),
  );
  const corners = result.reduce((sum, p) => sum + p.reduce((n, ring) => n + ring.length - 1, 0), 0);
  return { polygons: result, corners, displacementM: displacement(arcs, threshold) };
}

/**
 * Makes sure a ring keeps three corners whatever the threshold: a ring made of fewer than three
 * arcs keeps only their ends, so its weightiest other points are kept too.
 */
function keepThreeCorners(ring: readonly number[], arcs: WeightedArc[]): void {
  const missing = 3 - ring.length;
  if (missing <= 0) return;
  const candidates = ring
    .flatMap((arc) => arcs[arc]!.slice(1, -1))
    .filter((p) => Number.isFinite(p[2]))
    .sort((a, b) => b[2] - a[2]);
  for (const point of candidates.slice(0, missing)) point[2] = Infinity;
}

/** The farthest distance from a dropped point to the segment that replaced it, in metres. */
function displacement(arcs: readonly WeightedArc[], threshold: number): number {
  let largest = 0;
  for (const arc of arcs) {
    let previous = 0;
    for (let i = 1; i < arc.length; i++) {
      if (arc[i]![2] < threshold) continue;
      for (let j = previous + 1; j < i; j++) {
        largest = Math.max(largest, distanceToSegmentM(arc[j]!, arc[previous]!, arc[i]!));
      }
      previous = i;
    }
  }
  return largest;
}
