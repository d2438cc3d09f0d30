/**
 * Fewer corners for zones too detailed to keep: Douglas-Peucker through `simplify-js`, in metres
 * (longitude scaled by the ring's latitude), each ring kept closed and with at least three
 * corners. Corners are counted as `vertexCount` does: a closed ring's positions less the closing one.
 */
import simplify from 'simplify-js';
import { vertexCount, type PositionLike } from './ring';

type Ring = readonly PositionLike[];
type Polygon = readonly Ring[];

const METRES_PER_DEGREE = (6371008.8 * Math.PI) / 180;
/** The search's bounds: 1 cm to 20 km, and its precision (the answer within 2 %). */
const MIN_TOLERANCE_M = 0.01;
const MAX_TOLERANCE_M = 20_000;
const PRECISION = 1.02;

/** The closed ring with corners closer than `toleranceM` to the simplified line dropped; never under three corners. */
type Position = [number, number];

function simplifyRing(ring: Ring, toleranceM: number): Position[] {
  const lat = ((ring[0]?.[1] ?? 0) * Math.PI) / 180;
  const xScale = METRES_PER_DEGREE * Math.max(Math.cos(lat), 0.01);
  const points = ring.map((p) => ({ x: p[0]! * xScale, y: p[1]! * METRES_PER_DEGREE }));
  const kept = simplify(points, toleranceM, true);
  if (kept.length >= 4) return kept.map((p): Position => [p.x / xScale, p.y / METRES_PER_DEGREE]);
  // Shrunk to a line: a triangle of corners a third of the way round each other.
  const n = ring.length - 1;
  return [0, Math.floor(n / 3), Math.floor((2 * n) / 3), 0].map((i): Position => [
    ring[i]![0]!,
    ring[i]![1]!,
  ]);
}

function simplifyPolygon(polygon: Polygon, toleranceM: number): Position[][] {
  return polygon.map((ring) => simplifyRing(ring, toleranceM));
}

export type SimplifiedToFit = { polygons: Position[][][]; toleranceM: number; corners: number };

/**
 * The polygons simplified as little as needed (to within 2 % of the least tolerance) so that
 * none has more than `perPolygon` corners and all together at most `total`; null when even a
 * 20 km tolerance leaves too many (many small shapes keep their three corners each).
 */
export function simplifyToFit(
  polygons: readonly Polygon[],
  { perPolygon, total }: { perPolygon: number; total: number },
): SimplifiedToFit | null {
  const attempt = (toleranceM: number) => {
    const simplified = polygons.map((p) => simplifyPolygon(p, toleranceM));
    let corners = 0;
    let fits = true;
    for (const polygon of simplified) {
      const n = vertexCount(polygon);
      corners += n;
      if (n > perPolygon) fits = false;
    }
    return { polygons: simplified, toleranceM, corners, fits: fits && corners <= total };
  };
  let best = attempt(MAX_TOLERANCE_M);
  if (!best.fits) return null;
  // Geometric bisection: tolerances span six orders of magnitude.
  let low = MIN_TOLERANCE_M;
  let high = MAX_TOLERANCE_M;
  while (high / low > PRECISION) {
    const middle = Math.sqrt(low * high);
    const result = attempt(middle);
    if (result.fits) {
      best = result;
      high = middle;
    } else {
      low = middle;
    }
  }
  return { polygons: best.polygons, toleranceM: best.toleranceM, corners: best.corners };
}
