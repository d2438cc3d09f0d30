/**
 * Coverage: whether a point lies in a set of zones, how points move between two sets (the
 * impact of a zone change), and where zones of different owners overlap (the coverage map).
 * Pure. Point-in-zone is `createPointLocator` (./locate): the one point-in-polygon of the app.
 */
import { polygonParts, type ZoneCollectionLike } from './collection';
import { createPointLocator } from './locate';
import { overlapOf, type PolygonRings } from './overlap';
import { bbox, bboxesIntersect, type BBox, type PolygonLike, type PositionLike } from './ring';

/**
 * The polygons of a collection (a MultiPolygon gives one per part; features without a polygon
 * give none).
 */
export function zonePolygons(fc: ZoneCollectionLike | null | undefined): PolygonRings[] {
  return (fc?.features ?? []).flatMap((f) => polygonParts(f.geometry).parts.filter((p) => p.length > 0));
}

/**
 * `covers(point)`: the point is in at least one of the polygons.
 *
 * Rule: inside a polygon's outline and not inside one of its holes (even-odd). A point on an
 * edge, the outline's or a hole's, within 1e-9° (about 0.1 mm), counts as covered: a delivery
 * exactly on a zone's border is in that zone. Planar in longitude and latitude, as zones are
 * drawn and stored; zones never cross the antimeridian (validatePolygon refuses them), so no
 * ring wraps around ±180°.
 */
export function createCoverage(polygons: readonly PolygonLike[]): (point: PositionLike) => boolean {
  // Each locator rejects a point outside its polygon's box first.
  const locators = polygons.map((rings) => createPointLocator(rings));
  return (point) => locators.some((locate) => locate(point) !== 'outside');
}

/** Where a point stands between the zones before a change and after it. */
export type ImpactClass = 'newlyOutside' | 'newlyInside' | 'outsideBoth' | 'insideBoth';

/** Where a point stands between two sets of zones (prepared once for many points). */
export function createImpactClassifier(
  before: readonly PolygonLike[],
  after: readonly PolygonLike[],
): (point: PositionLike) => ImpactClass {
  const wasIn = createCoverage(before);
  const isIn = createCoverage(after);
  return (p) => {
    const a = wasIn(p);
    const b = isIn(p);
    return a ? (b ? 'insideBoth' : 'newlyOutside') : b ? 'newlyInside' : 'outsideBoth';
  };
}

/** Classifies points against the zones before and after: one class per point, in order. */
export function classifyPoints(
  points: readonly PositionLike[],
  before: readonly PolygonLike[],
  after: readonly PolygonLike[],
): ImpactClass[] {
  return points.map(createImpactClassifier(before, after));
}

/** A zone of some owner (a branch), for the overlaps between owners. */
export type OwnedZone = { owner: string; zone: string; rings: PolygonLike };

export type CrossOverlap = {
  /** The two zones (`a.owner < b.owner`, or the same owner order as given). */
  a: { owner: string; zone: string };
  b: { owner: string; zone: string };
  /** The shared area's pieces, slivers left out (see `overlapOf`). */
  pieces: PolygonRings[];
  areaKm2: number;
  /** A point inside the largest piece. */
  position: [number, number];
  /** The pieces' bounding box, for zooming there. */
  bounds: BBox;
};

/**
 * Where zones of different owners overlap: every pair of zones of two owners whose areas are
 * shared (through `overlapOf`, so neighbours that only share a border, or slivers narrower
 * than SLIVER_WIDTH_M, do not count). Zones of the same owner are never compared. Pairs are
 * found through their bounding boxes first (sorted by west edge, a sweep), so only boxes
 * that meet are clipped. Largest first.
 */
export function crossOwnerOverlaps(zones: readonly OwnedZone[]): CrossOverlap[] {
  const boxed = zones
    .map((z) => ({ ...z, box: bbox(z.rings) }))
    .filter((z): z is OwnedZone & { box: BBox } => z.box !== null)
    .sort((x, y) => x.box[0] - y.box[0]);
  const out: CrossOverlap[] = [];
  for (let i = 0; i < boxed.length; i++) {
    const a = boxed[i]!;
    for (let j = i + 1; j < boxed.length; j++) {
      const b = boxed[j]!;
      if (b.box[0] > a.box[2]) break;
      if (a.owner === b.owner || !bboxesIntersect(a.box, b.box)) continue;
      const found = overlapOf(a.rings, b.rings);
      if (!found) continue;
      const [first, second] = a.owner <= b.owner ? [a, b] : [b, a];
      out.push({
        a: { owner: first.owner, zone: first.zone },
        b: { owner: second.owner, zone: second.zone },
        pieces: found.pieces,
        areaKm2: found.areaKm2,
        position: found.position,
        bounds: bbox(found.pieces.flat()) ?? [
          found.position[0],
          found.position[1],
          found.position[0],
          found.position[1],
        ],
      });
    }
  }
  return out.sort((x, y) => y.areaKm2 - x.areaKm2);
}
