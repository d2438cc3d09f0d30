import turfArea from '@turf/area';
import type { Polygon } from 'geojson';
import { closeCorners, ringCorners, type PolygonLike, type RingLike } from './ring';

/** A ring as @turf/area expects it: closed, mutable `number[][]` (turf ignores a missing close). */
function closedCopy(ring: RingLike): number[][] {
  return closeCorners(ringCorners(ring)).map((p) => [p[0] ?? NaN, p[1] ?? NaN]);
}

/** Geodesic area enclosed by one ring, in square metres (always >= 0, whatever the winding). */
export function ringArea(ring: RingLike): number {
  return polygonAreaM2([ring]);
}

/** Geodesic area of a polygon in km²: the exterior ring minus its holes (never negative). */
export function polygonAreaKm2(rings: PolygonLike): number {
  return polygonAreaM2(rings) / 1e6;
}

function polygonAreaM2(rings: PolygonLike): number {
  const polygon: Polygon = { type: 'Polygon', coordinates: rings.map(closedCopy) };
  return Math.max(0, turfArea(polygon));
}
