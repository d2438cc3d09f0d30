/**
 * Snapping geometry (src/geo/snap.ts): the nearest corner, the nearest point on an edge, the
 * tie rule, the tolerance in screen pixels at a zoom, and the zone that never snaps to itself.
 */
import { describe, expect, it } from 'vitest';
import { signedArea } from '../../../src/geo';
import { overlapOf } from '../../../src/geo/overlap';
import { mercator, SnapIndex } from '../../../src/geo/snap';
import { square } from './fixtures';

const ZOOM = 14;
const SCALE = 512 * 2 ** ZOOM;

/** The position `dx`, `dy` screen pixels away from `[lon, lat]` at ZOOM. */
function offset([lon, lat]: [number, number], dx: number, dy: number): [number, number] {
  const [x, y] = mercator(lon, lat);
  const mx = x + dx / SCALE;
  const my = y + dy / SCALE;
  const outLon = mx * 360 - 180;
  const outLat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * my))) * 180) / Math.PI;
  return [outLon, outLat];
}

// Two neighbours near London: West's east edge is East's west edge, from (−0.1, 51.5) to (−0.1, 51.51).
const west = [square(-0.11, 51.5, 0.01)];
const east = [square(-0.1, 51.5, 0.01)];

describe('SnapIndex.nearest', () => {
  it('snaps to a corner within the tolerance, giving that corner exactly', () => {
    const index = new SnapIndex([west]);
    const target = index.nearest(offset([-0.1, 51.51], 3, -4), ZOOM, 10);
    expect(target).toMatchObject({ kind: 'corner', position: [-0.1, 51.51], owner: 0 });
    expect(target!.distancePx).toBeCloseTo(5, 6);
  });

  it('snaps to the nearest point on an edge, on the edge as stored (straight in lon/lat)', () => {
    const index = new SnapIndex([west]);
    const target = index.nearest(offset([-0.1, 51.505], 6, 0), ZOOM, 10)!;
    expect(target.kind).toBe('edge');
    expect(target.position[0]).toBe(-0.1); // on the edge
    expect(target.position[1]).toBeCloseTo(51.505, 6); // beside the pointer (to the 6 decimals kept)
    expect(target.distancePx).toBeCloseTo(6, 6);
  });

  it('prefers a corner within the tolerance to a nearer edge', () => {
    const index = new SnapIndex([west]);
    // 2 px right of the east edge, 8 px below its north corner: the edge is nearer, the corner wins.
    const target = index.nearest(offset([-0.1, 51.51], 2, 8), ZOOM, 10);
    expect(target).toMatchObject({ kind: 'corner', position: [-0.1, 51.51] });
  });

  it('gives nothing beyond the tolerance, which is in screen pixels (so smaller on the ground when zoomed in)', () => {
    const index = new SnapIndex([west]);
    const pointer = offset([-0.1, 51.505], 12, 0);
    expect(index.nearest(pointer, ZOOM, 10)).toBeNull();
    expect(index.nearest(pointer, ZOOM - 1, 10)).toMatchObject({ kind: 'edge' }); // 6 px away at one zoom out
    expect(index.nearest(pointer, ZOOM + 1, 20)).toBeNull(); // 24 px away at one zoom in
    expect(index.nearest(pointer, ZOOM + 1, 30)).toMatchObject({ kind: 'edge' });
  });

  it('breaks a tie for the polygon listed first: neighbours sharing a corner and an edge', () => {
    const index = new SnapIndex([west, east]);
    expect(index.nearest(offset([-0.1, 51.5], 2, 2), ZOOM, 10)).toMatchObject({ kind: 'corner', owner: 0 });
    expect(index.nearest(offset([-0.1, 51.505], -3, 0), ZOOM, 10)).toMatchObject({ kind: 'edge', owner: 0 });
    const reversedOrder = new SnapIndex([east, west]);
    expect(reversedOrder.nearest(offset([-0.1, 51.5], 2, 2), ZOOM, 10)).toMatchObject({
      kind: 'corner',
      owner: 0,
    });
  });

  it('never snaps a polygon to itself, and skips shapes it cannot use', () => {
    const index = new SnapIndex([
      west,
      null,
      east,
      [
        [
          [NaN, 0],
          [1, 1],
        ],
      ],
    ]);
    expect(index.nearest(offset([-0.11, 51.5], 1, 1), ZOOM, 10, 0)).toBeNull(); // West's own corner
    expect(index.nearest(offset([-0.1, 51.5], 1, 1), ZOOM, 10, 0)).toMatchObject({
      owner: 2,
      position: [-0.1, 51.5],
    });
    expect(new SnapIndex([]).nearest([0, 0], ZOOM, 10)).toBeNull();
  });

  it('snaps to holes’ corners and edges too', () => {
    const withHole = [square(-0.2, 51.4, 0.1), [...square(-0.16, 51.44, 0.02)].reverse()];
    const index = new SnapIndex([withHole]);
    expect(index.nearest(offset([-0.14, 51.46], -2, 3), ZOOM, 10)).toMatchObject({
      kind: 'corner',
      position: [-0.14, 51.46],
    });
  });
});

describe('followBorders', () => {
  // A neighbour whose east border zigzags between x = 0.009 and 0.011 (corners every 0.001° of latitude).
  const zigzag: [number, number][] = Array.from({ length: 11 }, (_, k): [number, number] => [
    k % 2 === 0 ? 0.01 : k % 4 === 1 ? 0.011 : 0.009,
    51.5 + k * 0.001,
  ]);
  const neighbour: [number, number][] = [[0, 51.5], ...zigzag, [0, 51.51], [0, 51.5]];
  const index = new SnapIndex([[neighbour]]);
  // Drawn beside it: its two west corners snapped onto the neighbour's border (one on an edge).
  const onEdge: [number, number] = [0.0105, 51.5005];
  const drawn: [number, number][] = [onEdge, [0.02, 51.5], [0.02, 51.51], [0.01, 51.51], onEdge];

  /** Planar area in square degrees (enough to compare shapes side by side). */
  const area = (ring: [number, number][]) => Math.abs(signedArea(ring));

  it('makes the edge between two corners on the same border follow its corners: no sliver, no gap', () => {
    const followed = index.followBorders(drawn);
    expect(followed[0]).toEqual(onEdge);
    expect(followed).toEqual([
      onEdge,
      [0.02, 51.5],
      [0.02, 51.51],
      [0.01, 51.51],
      ...zigzag.slice(1, -1).reverse(),
      onEdge,
    ]);
    // Side by side they cover the box from the neighbour's west edge to the zone's east edge,
    // less the neighbour's part south of the zone's first corner: nothing shared, nothing missing.
    expect(overlapOf([followed], [neighbour])).toBeNull();
    const south = area([[0.01, 51.5], onEdge, [0.02, 51.5], [0.01, 51.5]]);
    expect(area(followed) + area(neighbour)).toBeCloseTo(0.02 * 0.01 - south, 12);
    // Drawn straight, the zone and its neighbour overlap along the border, with gaps between.
    expect(overlapOf([drawn], [neighbour])).not.toBeNull();
  });

  it('keeps an edge straight when its corners are on different zones, on the same edge, or on none', () => {
    const two = new SnapIndex([[neighbour], [square(0.02, 51.5, 0.01)]]);
    const between: [number, number][] = [
      [0.0105, 51.5005],
      [0.02, 51.505],
      [0.015, 51.52],
      [0.0105, 51.5005],
    ];
    expect(two.followBorders(between)).toEqual(between);
    const sameEdge: [number, number][] = [
      [0.0102, 51.5002],
      [0.0108, 51.5008],
      [0.005, 51.52],
      [0.0102, 51.5002],
    ];
    expect(index.followBorders(sameEdge)).toEqual(sameEdge);
    // The zone itself (excluded) is never followed.
    expect(index.followBorders(drawn, 0)).toEqual(drawn);
  });
});
