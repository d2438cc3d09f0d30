import { polygonAreaKm2 } from './area';
import { featureId, polygonParts, zoneName, type ZoneCollectionLike } from './collection';
import { formatAreaKm2, formatKm, formatShare, quoteZone, shareOf } from './format';
import { findCrossingsBetween } from './intersect';
import {
  createPointLocator,
  interiorPoint,
  segmentDistanceSq,
  type PointLocation,
  type PointLocator,
} from './locate';
import { overlapOf, type Overlap, type PolygonRings } from './overlap';
import { bbox, bboxesIntersect, isFinitePosition, ringCorners, type BBox, type PositionLike } from './ring';

/** Where two zones overlap: its area, and the pieces of it to shade on a map. */
type OverlapFacts = {
  position: [number, number];
  areaKm2: number;
  /** The overlap's pieces, each a polygon's rings. */
  pieces: PolygonRings[];
};

/**
 * A warning: its code and values (`zone` and `otherZone` are the zones' names, else their ids;
 * `share`, "7 %", is the overlap's share of `shareOf`, null when it cannot be told), from which
 * the dashboard words it in the chosen language (src/map/geo-messages.ts); `message` says the
 * same in English.
 */
export type ZoneWarning =
  | ({
      code: 'zones_overlap';
      zoneId: string;
      otherZoneId: string;
      zone: string;
      otherZone: string;
      share: string | null;
      shareOf: string;
      message: string;
    } & OverlapFacts)
  | ({
      code: 'overlaps_other_branch';
      zoneId: string;
      branchId: string;
      otherZoneId: string;
      zone: string;
      otherZone: string;
      share: string | null;
      message: string;
    } & OverlapFacts)
  | {
      code: 'far_from_branch';
      zoneId: string;
      zone: string;
      distanceKm: number;
      farKm: number;
      message: string;
    }
  | { code: 'pin_outside_zones'; position: [number, number]; zoneCount: number; message: string };

export type ZoneWarningOptions = {
  /** Zones of other branches, to warn about overlaps with them. */
  others?: readonly { branchId: string; fc: ZoneCollectionLike | null | undefined }[];
  /** The branch location `[lon, lat]`. */
  pin?: readonly [number, number] | null;
  /** Distance from the pin beyond which a zone is "far" (default 50 km). */
  farKm?: number;
};

export const DEFAULT_FAR_KM = 50;
const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;
/** Grid (1e-7°, about 1 cm) on which a meeting point is matched to a vertex. */
const VERTEX_GRID = 1e7;

/** A zone prepared for repeated overlap and distance queries (the expensive parts are lazy). */
class Zone {
  readonly box: BBox;
  /** Closed rings, as the sweep expects them. */
  readonly rings: PositionLike[][];
  private locator: PointLocator | undefined;
  private vertexKeys: Set<string> | undefined;

  private area: number | undefined;

  constructor(
    readonly id: string,
    readonly name: string | null,
    /** Corners of each ring (open). */
    readonly corners: readonly PositionLike[][],
    /** The coordinates as given: the key under which overlaps with this shape are remembered. */
    readonly source: object,
  ) {
    this.box = bbox(corners)!;
    this.rings = corners.map((c) => [...c, c[0]!]);
  }

  areaKm2(): number {
    this.area ??= polygonAreaKm2(this.rings);
    return this.area;
  }

  locate(point: PositionLike): PointLocation {
    this.locator ??= createPointLocator(this.corners);
    return this.locator(point);
  }

  /** True when the point is (within about 1 cm) one of the zone's vertices. */
  hasVertex([x = NaN, y = NaN]: PositionLike): boolean {
    this.vertexKeys ??= new Set(
      this.corners.flat().map((p) => `${Math.round(p[0]! * VERTEX_GRID)},${Math.round(p[1]! * VERTEX_GRID)}`),
    );
    const xs = [Math.floor(x * VERTEX_GRID), Math.ceil(x * VERTEX_GRID)];
    const ys = [Math.floor(y * VERTEX_GRID), Math.ceil(y * VERTEX_GRID)];
    return xs.some((kx) => ys.some((ky) => this.vertexKeys!.has(`${kx},${ky}`)));
  }

  /** Points that lie in the zone's interior or on its boundary: vertices, edge midpoints, one interior point. */
  *samples(): Generator<[number, number]> {
    for (const ring of this.corners) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        yield [a[0]!, a[1]!];
        yield [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
      }
    }
    const inside = interiorPoint(this.corners);
    if (inside) yield inside;
  }

  label(): string {
    return quoteZone(this);
  }
}

/** Zones whose rings are all usable (finite, at least 3 corners); the others are validation's business. */
function prepareZones(fc: ZoneCollectionLike | null | undefined): Zone[] {
  return (fc?.features ?? []).flatMap((feature, index) => {
    const { parts } = polygonParts(feature.geometry);
    const id = featureId(feature) ?? `#${index + 1}`;
    return parts.flatMap((rings, k) => {
      const corners = rings.map((ring) => ringCorners(ring));
      const usable = corners.length > 0 && corners.every((c) => c.length >= 3 && c.every(isFinitePosition));
      // One part's rings, or a MultiPolygon's part: the key of its shape for remembered overlaps.
      const geometry = feature.geometry as { coordinates?: unknown } | null | undefined;
      const coordinates = geometry?.coordinates;
      const source = parts.length > 1 && Array.isArray(coordinates) ? coordinates[k] : coordinates;
      return usable && typeof source === 'object' && source !== null
        ? [new Zone(parts.length > 1 ? `${id}-${k + 1}` : id, zoneName(feature.properties), corners, source)]
        : [];
    });
  });
}

/**
 * Where two zones overlap (their interiors share area), or `null`. Zones that only touch,
 * such as neighbours sharing a border, do not overlap. Decided by, in turn: a bounding-box
 * test; a sweep for edges that cross away from any vertex; if the outlines never meet, one
 * vertex of each tested inside the other; otherwise every vertex, edge midpoint and an
 * interior point of each tested strictly inside the other.
 */
function overlapPoint(a: Zone, b: Zone): [number, number] | null {
  if (!bboxesIntersect(a.box, b.box)) return null;
  const meetings = findCrossingsBetween([a.rings, b.rings]);
  const crossing = meetings.find((p) => !a.hasVertex(p) && !b.hasVertex(p));
  if (crossing) return crossing;
  const apart = meetings.length === 0;
  for (const [inner, outer] of [
    [a, b],
    [b, a],
  ] as const) {
    // Outlines that never meet: one vertex tells whether one zone lies inside the other.
    for (const p of apart ? [firstCorner(inner)] : inner.samples())
      if (outer.locate(p) === 'inside') return p;
  }
  return null;
}

/**
 * Overlaps measured so far, per pair of shapes (zones are values: an edit makes new
 * coordinates), so an edit measures again only the pairs of the zone it changed.
 */
const measured = new WeakMap<object, WeakMap<object, Overlap | null>>();

/** The overlap of two zones (area, pieces), or `null` when they only touch or share slivers. */
function overlapBetween(a: Zone, b: Zone): Overlap | null {
  let row = measured.get(a.source);
  if (!row) measured.set(a.source, (row = new WeakMap()));
  if (row.has(b.source)) return row.get(b.source)!;
  const overlap = overlapPoint(a, b) ? overlapOf(a.rings, b.rings) : null;
  row.set(b.source, overlap);
  return overlap;
}

function firstCorner(zone: Zone): [number, number] {
  const p = zone.corners[0]![0]!;
  return [p[0]!, p[1]!];
}

/** Distance in km from the pin to the zone's nearest edge; 0 when the pin is inside the zone. */
function distanceKm(pin: readonly [number, number], zone: Zone): number {
  if (zone.locate(pin) !== 'outside') return 0;
  const [lon0, lat0] = pin;
  const kx = Math.cos((lat0 * Math.PI) / 180) * KM_PER_DEGREE;
  const project = (p: PositionLike): [number, number] => [
    (((((p[0]! - lon0 + 540) % 360) + 360) % 360) - 180) * kx,
    (p[1]! - lat0) * KM_PER_DEGREE,
  ];
  let best = Infinity;
  for (const ring of zone.corners) {
    const projected = ring.map(project);
    for (let i = 0; i < projected.length; i++) {
      const [ax, ay] = projected[i]!;
      const [bx, by] = projected[(i + 1) % projected.length]!;
      best = Math.min(best, segmentDistanceSq(0, 0, ax, ay, bx, by));
    }
  }
  return Math.sqrt(best);
}

/**
 * Non-blocking warnings about a branch's zones: zones of the branch that overlap each other
 * (once per pair), zones that overlap another branch's zones, each with the overlap's area and
 * its share of the smaller zone (of the branch's own zone for another branch's); zones far from
 * the branch pin; and a pin outside all of the branch's zones. "Far" is measured from the pin to
 * the zone's nearest edge (0 when the pin is inside it), in a local equirectangular projection
 * around the pin, so a large zone reaching up to the pin is not far however distant its centre.
 * Zones whose geometry is invalid are skipped.
 */
export function zoneWarnings(
  zones: ZoneCollectionLike | null | undefined,
  options: ZoneWarningOptions = {},
): ZoneWarning[] {
  const { others = [], pin, farKm = DEFAULT_FAR_KM } = options;
  const own = prepareZones(zones);
  const warnings: ZoneWarning[] = [];

  own.forEach((a, i) => {
    for (const b of own.slice(i + 1)) {
      const overlap = overlapBetween(a, b);
      if (!overlap) continue;
      const smaller = a.areaKm2() <= b.areaKm2() ? a : b;
      warnings.push({
        code: 'zones_overlap',
        zoneId: a.id,
        otherZoneId: b.id,
        zone: a.name ?? a.id,
        otherZone: b.name ?? b.id,
        share: formatShare(overlap.areaKm2, smaller.areaKm2()),
        shareOf: smaller.name ?? smaller.id,
        ...facts(overlap),
        message: `Zones ${a.label()} and ${b.label()} overlap: ${formatAreaKm2(overlap.areaKm2)}${shareOf(overlap.areaKm2, smaller.areaKm2(), smaller.label())}.`,
      });
    }
  });

  for (const { branchId, fc } of others) {
    const theirs = prepareZones(fc);
    for (const a of own) {
      for (const b of theirs) {
        const overlap = overlapBetween(a, b);
        if (!overlap) continue;
        warnings.push({
          code: 'overlaps_other_branch',
          zoneId: a.id,
          branchId,
          otherZoneId: b.id,
          zone: a.name ?? a.id,
          otherZone: b.name ?? b.id,
          share: formatShare(overlap.areaKm2, a.areaKm2()),
          ...facts(overlap),
          message: `Zone ${a.label()} overlaps zone ${b.label()} of branch "${branchId}": ${formatAreaKm2(overlap.areaKm2)}${shareOf(overlap.areaKm2, a.areaKm2(), a.label())}.`,
        });
      }
    }
  }

  if (pin && isFinitePosition(pin)) {
    let inAny = false;
    for (const zone of own) {
      const km = distanceKm(pin, zone);
      if (km === 0) inAny = true;
      if (km > farKm) {
        warnings.push({
          code: 'far_from_branch',
          zoneId: zone.id,
          zone: zone.name ?? zone.id,
          distanceKm: km,
          farKm,
          message: `Zone ${zone.label()} is ${formatKm(km)} from the branch location at its nearest edge; zones are expected within ${formatKm(farKm)}. Check that it is drawn in the right place.`,
        });
      }
    }
    if (own.length > 0 && !inAny) {
      warnings.push({
        code: 'pin_outside_zones',
        position: [pin[0], pin[1]],
        zoneCount: own.length,
        message: `The branch location is outside ${own.length === 1 ? 'its zone' : `all of its ${own.length} zones`}. Check the location, or draw a zone around it.`,
      });
    }
  }
  return warnings;
}

function facts(overlap: Overlap): OverlapFacts {
  return { position: overlap.position, areaKm2: overlap.areaKm2, pieces: overlap.pieces };
}
