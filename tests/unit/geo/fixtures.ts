/** Shared shapes for the geometry tests. Positions are [lon, lat]. */
import { reversed, square } from '../../support/geo';

export { reversed, square };

export function feature(
  id: string | number | undefined,
  rings: number[][][],
  properties: Record<string, unknown> = {},
) {
  return { type: 'Feature', id, properties, geometry: { type: 'Polygon', coordinates: rings } };
}

export function collection(...features: ReturnType<typeof feature>[]) {
  return { type: 'FeatureCollection', features };
}

/** A closed ring of `n` vertices on an ellipse around (lon, lat), counter-clockwise. */
export function circle(
  n: number,
  [lon, lat]: [number, number] = [-0.1276, 51.5072],
  radius = 0.1,
): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    ring.push([lon + radius * 1.6 * Math.cos(angle), lat + radius * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** Edges (0,0)-(2,2) and (2,0)-(0,2) cross at (1,1). */
export const bowTie = [
  [0, 0],
  [2, 2],
  [2, 0],
  [0, 2],
  [0, 0],
];

/** Runs up the east side to (4,6) and comes back down the same line to (4,2): a zero-width spike. */
export const spike = [
  [0, 0],
  [4, 0],
  [4, 4],
  [4, 6],
  [4, 2],
  [0, 4],
  [0, 0],
];

/** A 10 x 10 square with a 2 x 2 hole in the middle. */
export const outer = square(0, 0, 10);
export const hole = reversed(square(4, 4, 2));

/** From Fiji (179°E) to Samoa's side (-179°): drawn across the 180° meridian. */
export const acrossAntimeridian = [
  [179, -17],
  [-179, -17],
  [-179, -16],
  [179, -16],
  [179, -17],
];
