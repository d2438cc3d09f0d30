/**
 * Snapping: the corner or the point on an edge of other zones nearest to the pointer, within a
 * few screen pixels. Pure; distances are measured in Web Mercator (what the map shows), positions
 * given back in longitude and latitude. The edges are kept in a static spatial index (`flatbush`)
 * built once per set of zones, so a pointer move looks at the few edges near it, not at all.
 */
import Flatbush from 'flatbush';
import { closeCorners, isFinitePosition, ringCorners, type PolygonLike } from './ring';

export type SnapTarget = {
  /** `[lon, lat]` to put the corner at: the other zone's corner itself, or a point on its edge. */
  position: [number, number];
  kind: 'corner' | 'edge';
  /** Which polygon it belongs to (the index in the list the index was built from). */
  owner: number;
  /** How far from the pointer, in screen pixels. */
  distancePx: number;
};

/** Size of the world in Mercator pixels at zoom 0 (maplibre's tiles are 512 pixels). */
const WORLD_PX = 512;
const MAX_LAT = 85.051129;

/** `[lon, lat]` in Mercator units (0..1 across the world, y down), as the map projects it. */
export function mercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return [(lon + 180) / 360, 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)];
}

type Edges = {
  /** Per edge: its two corners in lon/lat and in Mercator units, its polygon, its ring (an
   * index in `SnapIndex.rings`) and its place in that ring (edge k runs from corner k). */
  lonLat: Float64Array;
  merc: Float64Array;
  owner: Uint32Array;
  ring: Uint32Array;
  place: Uint32Array;
  count: number;
};

/** How far from an edge a corner may lie and still be on it, in Mercator units (about 0.2 m). */
const ON_EDGE = 5e-9;

/** Where a position lies on a ring: `at` = corner index + the share of the edge from it. */
type OnRing = { ring: number; at: number };

/**
 * The corners and edges of a set of polygons, indexed for `nearest`. `polygons[i]` may be null
 * (a zone without a usable shape): it has nothing to snap to.
 */
export class SnapIndex {
  private readonly edges: Edges;
  private readonly index: Flatbush | null;
  /** The corners of every ring indexed, `[lon, lat]`, not closed. */
  private readonly rings: [number, number][][] = [];

  constructor(polygons: readonly (PolygonLike | null)[]) {
    let count = 0;
    const rings = polygons.map((rings) =>
      (rings ?? []).map((ring) => {
        const corners = ringCorners(ring).filter(isFinitePosition);
        count += corners.length >= 2 ? corners.length : 0;
        return corners;
      }),
    );
    const edges: Edges = {
      lonLat: new Float64Array(count * 4),
      merc: new Float64Array(count * 4),
      owner: new Uint32Array(count),
      ring: new Uint32Array(count),
      place: new Uint32Array(count),
      count,
    };
    let e = 0;
    rings.forEach((polygon, owner) => {
      for (const corners of polygon) {
        if (corners.length < 2) continue;
        const ringId = this.rings.length;
        this.rings.push(corners.map((p): [number, number] => [p[0]!, p[1]!]));
        for (let i = 0; i < corners.length; i++) {
          const a = corners[i]!;
          const b = corners[(i + 1) % corners.length]!;
          const ma = mercator(a[0]!, a[1]!);
          const mb = mercator(b[0]!, b[1]!);
          edges.lonLat.set([a[0]!, a[1]!, b[0]!, b[1]!], e * 4);
          edges.merc.set([ma[0], ma[1], mb[0], mb[1]], e * 4);
          edges.owner[e] = owner;
          edges.ring[e] = ringId;
          edges.place[e] = i;
          e++;
        }
      }
    });
    this.edges = edges;
    if (count === 0) {
      this.index = null;
      return;
    }
    const index = new Flatbush(count);
    for (let i = 0; i < count; i++) {
      const [ax, ay, bx, by] = edges.merc.subarray(i * 4, i * 4 + 4) as unknown as [
        number,
        number,
        number,
        number,
      ];
      index.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
    }
    index.finish();
    this.index = index;
  }

  /** Corners and edges indexed. */
  get size(): number {
    return this.edges.count;
  }

  /**
   * The snap target for a pointer at `[lon, lat]` on a map at `zoom`: the nearest corner within
   * `tolerancePx`; else the nearest point on an edge within it; else null. Corners win over
   * edges because a shared corner is what makes neighbours meet exactly. Of targets at the same
   * distance, the first polygon's (then the first edge's) wins. `exclude`: the polygon being
   * drawn or edited, which never snaps to itself.
   */
  nearest(
    pointer: readonly [number, number],
    zoom: number,
    tolerancePx: number,
    exclude = -1,
  ): SnapTarget | null {
    if (!this.index) return null;
    const scale = WORLD_PX * 2 ** zoom;
    const [px, py] = mercator(pointer[0], pointer[1]);
    const tolerance = tolerancePx / scale;
    const { merc, lonLat, owner } = this.edges;
    let corner: SnapTarget | null = null;
    let edge: SnapTarget | null = null;
    let cornerBest = tolerance;
    let edgeBest = tolerance;
    const hits = this.index.search(px - tolerance, py - tolerance, px + tolerance, py + tolerance);
    hits.sort((a, b) => a - b); // the tie rule: the first edge, in input order, wins
    for (const i of hits) {
      const o = owner[i]!;
      if (o === exclude) continue;
      const ax = merc[i * 4]!;
      const ay = merc[i * 4 + 1]!;
      const bx = merc[i * 4 + 2]!;
      const by = merc[i * 4 + 3]!;
      for (const end of [0, 1] as const) {
        const d = Math.hypot((end ? bx : ax) - px, (end ? by : ay) - py);
        if (d < cornerBest) {
          cornerBest = d;
          const k = i * 4 + end * 2;
          corner = {
            position: [lonLat[k]!, lonLat[k + 1]!],
            kind: 'corner',
            owner: o,
            distancePx: d * scale,
          };
        }
      }
      if (corner) continue; // a corner within reach wins: edges are not needed any more
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
      const d = Math.hypot(ax + t * dx - px, ay + t * dy - py);
      if (d < edgeBest) {
        edgeBest = d;
        // On the edge as it is stored: straight in longitude and latitude.
        const lon = lonLat[i * 4]! + t * (lonLat[i * 4 + 2]! - lonLat[i * 4]!);
        const lat = lonLat[i * 4 + 1]! + t * (lonLat[i * 4 + 3]! - lonLat[i * 4 + 1]!);
        edge = { position: [lon, lat], kind: 'edge', owner: o, distancePx: d * scale };
      }
    }
    return corner ?? edge;
  }

  /** Where a position lies on the rings of polygons other than `exclude` (on an edge or a corner). */
  private placesOf(position: readonly [number, number], exclude: number): OnRing[] {
    if (!this.index) return [];
    const [px, py] = mercator(position[0], position[1]);
    const { merc, owner, ring, place } = this.edges;
    const found: OnRing[] = [];
    for (const i of this.index.search(px - ON_EDGE, py - ON_EDGE, px + ON_EDGE, py + ON_EDGE)) {
      if (owner[i] === exclude) continue;
      const ax = merc[i * 4]!;
      const ay = merc[i * 4 + 1]!;
      const dx = merc[i * 4 + 2]! - ax;
      const dy = merc[i * 4 + 3]! - ay;
      const length2 = dx * dx + dy * dy;
      let t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
      if (Math.hypot(ax + t * dx - px, ay + t * dy - py) > ON_EDGE) continue;
      // At a corner within the tolerance: exactly there, so that the corner is not repeated.
      if (Math.hypot(t * dx, t * dy) <= ON_EDGE) t = 0;
      else if (Math.hypot((1 - t) * dx, (1 - t) * dy) <= ON_EDGE) t = 1;
      const corners = this.rings[ring[i]!]!.length;
      found.push({ ring: ring[i]!, at: (place[i]! + t) % corners });
    }
    return found;
  }

  /** The ring's corners strictly between two places on it, going forwards from `from`. */
  private cornersBetween(ringId: number, from: number, to: number): [number, number][] {
    const corners = this.rings[ringId]!;
    const n = corners.length;
    const end = to > from ? to : to + n;
    const between: [number, number][] = [];
    for (let k = Math.floor(from) + 1; k < end; k++) between.push(corners[k % n]!);
    return between;
  }

  /**
   * The ring drawn, each edge between two corners that lie on the same ring of another polygon
   * (snapped to its corners or edges) made to follow that ring's corners between them, the
   * shorter way round: drawing along a neighbour then leaves no sliver between the two. Other
   * edges are kept straight. `exclude`: the polygon being drawn or edited. Closed in, closed out.
   */
  followBorders(ring: readonly (readonly [number, number])[], exclude = -1): [number, number][] {
    const corners = ringCorners(ring);
    const places = corners.map((p) => this.placesOf(p, exclude));
    const out: [number, number][] = [];
    corners.forEach((a, i) => {
      out.push([a[0], a[1]]);
      const b = corners[(i + 1) % corners.length]!;
      let best: [number, number][] | null = null;
      let bestLength = Infinity;
      for (const x of places[i]!) {
        for (const y of places[(i + 1) % corners.length]!) {
          if (x.ring !== y.ring || x.at === y.at) continue;
          const forwards = this.cornersBetween(x.ring, x.at, y.at);
          const backwards = this.cornersBetween(x.ring, y.at, x.at).reverse();
          for (const path of [forwards, backwards]) {
            const length = pathLength([a, ...path, b]);
            if (length < bestLength) {
              bestLength = length;
              best = path;
            }
          }
        }
      }
      if (best) out.push(...best);
    });
    return closeCorners(out);
  }
}

/** The length of a line in Mercator units. */
function pathLength(line: readonly (readonly [number, number])[]): number {
  let length = 0;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = mercator(line[i - 1]![0], line[i - 1]![1]);
    const [bx, by] = mercator(line[i]![0], line[i]![1]);
    length += Math.hypot(bx - ax, by - ay);
  }
  return length;
}
