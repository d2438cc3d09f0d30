import { bbox, ringCorners, type PolygonLike, type PositionLike } from './ring';

export type PointLocation = 'inside' | 'outside' | 'boundary';
export type PointLocator = (point: PositionLike) => PointLocation;

/** Points this close to an edge (in degrees, about 0.1 mm) count as on the boundary. */
const BOUNDARY_TOLERANCE = 1e-9;

type Edges = { ax: Float64Array; ay: Float64Array; bx: Float64Array; by: Float64Array; count: number };

function collectEdges(rings: PolygonLike): Edges {
  const cornersByRing = rings.map((ring) => ringCorners(ring));
  const count = cornersByRing.reduce((sum, corners) => sum + corners.length, 0);
  const edges: Edges = {
    ax: new Float64Array(count),
    ay: new Float64Array(count),
    bx: new Float64Array(count),
    by: new Float64Array(count),
    count,
  };
  let e = 0;
  for (const corners of cornersByRing) {
    for (let i = 0; i < corners.length; i++) {
      const a = corners[i]!;
      const b = corners[(i + 1) % corners.length]!;
      edges.ax[e] = a[0] ?? NaN;
      edges.ay[e] = a[1] ?? NaN;
      edges.bx[e] = b[0] ?? NaN;
      edges.by[e] = b[1] ?? NaN;
      e++;
    }
  }
  return edges;
}

/** Squared distance from (x, y) to the segment (ax, ay)-(bx, by). */
export function segmentDistanceSq(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSq));
  const ex = ax + t * dx - x;
  const ey = ay + t * dy - y;
  return ex * ex + ey * ey;
}

/**
 * Prepares a polygon (exterior and holes, even-odd rule) for many point-in-polygon queries.
 * Edges are bucketed into horizontal bands so that a query only scans the edges of its band
 * (about √n of them for ordinary shapes) instead of all n. Planar, on lon/lat.
 */
export function createPointLocator(rings: PolygonLike): PointLocator {
  const box = bbox(rings);
  const edges = collectEdges(rings);
  if (box === null || edges.count === 0) return () => 'outside';
  const [minX, minY, maxX, maxY] = box;
  const bandCount = Math.max(1, Math.ceil(Math.sqrt(edges.count)));
  const bandHeight = (maxY - minY) / bandCount || 1;
  const bandOf = (y: number) => Math.min(bandCount - 1, Math.max(0, Math.floor((y - minY) / bandHeight)));
  const bands: number[][] = Array.from({ length: bandCount }, () => []);
  const { ax, ay, bx, by } = edges;
  for (let e = 0; e < edges.count; e++) {
    const last = bandOf(Math.max(ay[e]!, by[e]!) + BOUNDARY_TOLERANCE);
    for (let b = bandOf(Math.min(ay[e]!, by[e]!) - BOUNDARY_TOLERANCE); b <= last; b++) bands[b]!.push(e);
  }
  const toleranceSq = BOUNDARY_TOLERANCE * BOUNDARY_TOLERANCE;

  return (point) => {
    const [x = NaN, y = NaN] = point;
    if (!(x >= minX - BOUNDARY_TOLERANCE && x <= maxX + BOUNDARY_TOLERANCE)) return 'outside';
    if (!(y >= minY - BOUNDARY_TOLERANCE && y <= maxY + BOUNDARY_TOLERANCE)) return 'outside';
    let inside = false;
    for (const e of bands[bandOf(y)]!) {
      const x1 = ax[e]!;
      const y1 = ay[e]!;
      const x2 = bx[e]!;
      const y2 = by[e]!;
      if (segmentDistanceSq(x, y, x1, y1, x2, y2) <= toleranceSq) return 'boundary';
      if (y1 > y !== y2 > y && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
    }
    return inside ? 'inside' : 'outside';
  };
}

/**
 * A point strictly inside the polygon (not on its boundary, not in a hole), or `null` for a
 * shape without area. Cuts the polygon with a horizontal line that passes between two vertex
 * latitudes and takes the middle of the widest inside stretch.
 */
export function interiorPoint(rings: PolygonLike): [number, number] | null {
  const edges = collectEdges(rings);
  const ys = [...new Set([...edges.ay].filter(Number.isFinite))].sort((a, b) => a - b);
  if (ys.length < 2) return null;
  const k = Math.floor((ys.length - 1) / 2);
  const y = (ys[k]! + ys[k + 1]!) / 2;
  const xs: number[] = [];
  for (let e = 0; e < edges.count; e++) {
    const y1 = edges.ay[e]!;
    const y2 = edges.by[e]!;
    if (y1 > y !== y2 > y) {
      const x1 = edges.ax[e]!;
      xs.push(x1 + ((y - y1) * (edges.bx[e]! - x1)) / (y2 - y1));
    }
  }
  xs.sort((a, b) => a - b);
  let best: [number, number] | null = null;
  let bestWidth = 0;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const width = xs[i + 1]! - xs[i]!;
    if (width > bestWidth) {
      bestWidth = width;
      best = [(xs[i]! + xs[i + 1]!) / 2, y];
    }
  }
  return best;
}
