/**
 * Rings and positions: the small vocabulary every other module of `src/geo` uses.
 * Positions are `[longitude, latitude]`; a closed ring ends at its first position.
 */

/** A position as it may arrive (a contract `Position`, a GeoJSON position with a height, ...). */
export type PositionLike = readonly number[];
export type RingLike = readonly PositionLike[];
export type PolygonLike = readonly RingLike[];
/** `[minLon, minLat, maxLon, maxLat]`. */
export type BBox = [number, number, number, number];

export function samePosition(a: PositionLike, b: PositionLike): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

export function isFinitePosition(p: PositionLike): boolean {
  return Number.isFinite(p[0]) && Number.isFinite(p[1]);
}

export function isClosed(ring: RingLike): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first !== undefined && last !== undefined && samePosition(first, last);
}

/** The ring's corners: without the closing position and without consecutive duplicates. */
export function ringCorners<P extends PositionLike>(ring: readonly P[]): P[] {
  const corners: P[] = [];
  for (const p of ring) {
    const last = corners[corners.length - 1];
    if (last === undefined || !samePosition(last, p)) corners.push(p);
  }
  const first = corners[0];
  while (corners.length > 1 && first !== undefined && samePosition(first, corners[corners.length - 1]!)) {
    corners.pop();
  }
  return corners;
}

/** Corners followed by the first corner again (no-op on an empty list). */
export function closeCorners<P extends PositionLike>(corners: readonly P[]): P[] {
  const first = corners[0];
  return first === undefined ? [] : [...corners, first];
}

/**
 * Planar shoelace area in square degrees: positive when the ring is counter-clockwise
 * (longitude to the right, latitude up). Closed or open rings give the same result.
 * Only its sign is meaningful for winding; use `ringArea` for the real area.
 */
export function signedArea(ring: RingLike): number {
  const origin = ring[0];
  if (origin === undefined) return 0;
  const [x0 = NaN, y0 = NaN] = origin;
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    twice += (a[0]! - x0) * (b[1]! - y0) - (b[0]! - x0) * (a[1]! - y0);
  }
  return twice / 2;
}

export function isCounterClockwise(ring: RingLike): boolean {
  return signedArea(ring) > 0;
}

/** Number of positions, not counting the closing position of closed rings. */
export function vertexCount(rings: PolygonLike): number {
  let count = 0;
  for (const ring of rings) count += ring.length - (isClosed(ring) ? 1 : 0);
  return count;
}

/** Bounding box of the finite positions of all rings; `null` when there are none. */
export function bbox(rings: PolygonLike): BBox | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (const p of ring) {
      const [x = NaN, y = NaN] = p;
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return minX === Infinity ? null : [minX, minY, maxX, maxY];
}

/** The box holding both; `a` null: `b`. */
export function bboxUnion(a: BBox | null, b: BBox): BBox {
  return a ? [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])] : b;
}

/** True when the boxes share at least one point (touching counts). */
export function bboxesIntersect(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** True when `inner` lies within `outer` (edges may touch). */
export function bboxContains(outer: BBox, inner: BBox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}
