/**
 * Where zones overlap, and clipping a zone to its neighbours: polygon intersection and
 * difference through `polyclip-ts`. Pure; loaded with the warnings after first paint, and by
 * "Clip to neighbour".
 */
import { difference, intersection, type Geom } from 'polyclip-ts';
import { polygonAreaKm2 } from './area';
import { interiorPoint } from './locate';
import type { Position } from 'geojson';
import { normalizePolygon } from './normalize';
import { ringCorners, type PolygonLike } from './ring';

/** A polygon as polyclip reads and writes it: rings of `[lon, lat]`. */
export type PolygonRings = [number, number][][];

export type Overlap = {
  /** The shared area's pieces (polygons, each a list of rings), slivers left out. */
  pieces: PolygonRings[];
  areaKm2: number;
  /** A point inside the largest piece. */
  position: [number, number];
};

/**
 * A piece of overlap narrower than this on average (twice its area over its perimeter) is a
 * sliver: what rounding to 6 decimals (about 10 cm) leaves along a shared border, not an
 * overlap anyone drew.
 */
export const SLIVER_WIDTH_M = 0.5;

const M_PER_DEGREE = 111_195;

function asGeom(rings: PolygonLike): Geom {
  return rings.map((ring) => ringCorners(ring).map((p): [number, number] => [p[0]!, p[1]!]));
}

/** Length of a ring in metres (locally flat: fine for the widths compared here). */
function perimeterM(ring: readonly (readonly number[])[]): number {
  let total = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const kx = Math.cos((((a[1]! + b[1]!) / 2) * Math.PI) / 180);
    total += Math.hypot((b[0]! - a[0]!) * kx, b[1]! - a[1]!) * M_PER_DEGREE;
  }
  return total;
}

function isSliver(piece: PolygonRings, areaKm2: number): boolean {
  const perimeter = piece.reduce((sum, ring) => sum + perimeterM(ring), 0);
  return perimeter === 0 || (2 * areaKm2 * 1e6) / perimeter < SLIVER_WIDTH_M;
}

/** The area two polygons share, or `null` when they only touch (or share slivers). */
export function overlapOf(a: PolygonLike, b: PolygonLike): Overlap | null {
  const pieces: PolygonRings[] = [];
  let areaKm2 = 0;
  let largest = 0;
  let position: [number, number] | null = null;
  for (const piece of intersection(asGeom(a), asGeom(b)) as PolygonRings[]) {
    const km2 = polygonAreaKm2(piece);
    if (isSliver(piece, km2)) continue;
    pieces.push(piece);
    areaKm2 += km2;
    if (km2 > largest) {
      largest = km2;
      position = interiorPoint(piece) ?? position;
    }
  }
  return pieces.length > 0 && position ? { pieces, areaKm2, position } : null;
}

export type Clipped = {
  /** What is left of the zone, largest first: closed rings, 6 decimals, exterior counter-clockwise. */
  parts: Position[][][];
  removedKm2: number;
};

/** Rounded to 6 decimals and wound as the client sends it; `null` when nothing is left of it. */
function tidy(piece: PolygonRings): Position[][] | null {
  const rings = normalizePolygon(piece);
  return rings[0] && rings[0].length >= 4 ? rings : null;
}

/**
 * The zone without its neighbours: `subject` minus every polygon of `cutters`. Slivers that
 * the cut leaves (narrower than SLIVER_WIDTH_M) are dropped. Empty `parts`: nothing is left.
 */
export function clipPolygon(subject: PolygonLike, cutters: readonly PolygonLike[]): Clipped {
  const before = polygonAreaKm2(subject);
  const pieces = difference(asGeom(subject), ...cutters.map(asGeom)) as PolygonRings[];
  const kept = pieces
    .map((piece) => ({ piece, km2: polygonAreaKm2(piece) }))
    .filter(({ piece, km2 }) => !isSliver(piece, km2))
    .sort((x, y) => y.km2 - x.km2);
  const parts = kept.flatMap(({ piece }) => {
    const tidied = tidy(piece);
    return tidied ? [tidied] : [];
  });
  const after = parts.reduce((sum, part) => sum + polygonAreaKm2(part), 0);
  return { parts, removedKm2: Math.max(0, before - after) };
}
