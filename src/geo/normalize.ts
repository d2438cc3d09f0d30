import type { DeliveryZonesInput, Position, ZoneFeatureInput } from '../contract';
import {
  copyProperties,
  featureId,
  polygonParts,
  type ZoneCollectionLike,
  type ZoneFeatureLike,
} from './collection';
import { closeCorners, ringCorners, signedArea, type PolygonLike, type RingLike } from './ring';

export type RingRole = 'exterior' | 'hole';

export type NormalizeZonesOptions = {
  /** Makes ids for features that have none (default: `zone-` + a random and counting suffix). */
  generateId?: () => string;
};

/** What `normalizeFeatures` did besides rewriting coordinates, for callers that explain it. */
export type NormalizeReport = {
  features: ZoneFeatureInput[];
  /** Geometries that are not polygons (`"null"` for a missing one), dropped with their feature
   * when it holds no polygon at all. */
  skipped: { index: number; id: string | null; types: string[] }[];
  /** Input features split into several zones (MultiPolygon or GeometryCollection). */
  split: { index: number; ids: string[] }[];
  /** Indexes of input features whose coordinates were not GeoJSON polygon rings of number pairs. */
  malformed: number[];
  /** The first position read whose longitude or latitude is not a number, with its feature's index. */
  notNumber?: { index: number; position: unknown };
  /** Some positions had a height (third coordinate), which was dropped. */
  droppedHeights: boolean;
};

const SCALE = 1e6;

/** Rounds to 6 decimals (about 10 cm); never returns -0. Idempotent. */
export function roundCoordinate(value: number): number {
  return Math.round(value * SCALE) / SCALE || 0;
}

/**
 * A ring as the client sends it (docs/design.md, decision 10): positions rounded to 6 decimals,
 * consecutive duplicates dropped (also those created by rounding), closed, counter-clockwise
 * for an exterior and clockwise for a hole (RFC 7946). Keeps the first position in place.
 * Rings without area keep their order. Non-finite positions are kept for validation to report.
 */
export function normalizeRing(ring: RingLike, role: RingRole = 'exterior'): Position[] {
  const rounded = ring.map((p): Position => [roundCoordinate(p[0] ?? NaN), roundCoordinate(p[1] ?? NaN)]);
  const corners = ringCorners(rounded);
  const area = signedArea(corners);
  const [first, ...rest] = corners;
  const reorder =
    first !== undefined && Number.isFinite(area) && area !== 0 && area > 0 !== (role === 'exterior');
  return closeCorners(reorder ? [first, ...rest.reverse()] : corners);
}

/**
 * Normalises every ring (the first as exterior, the others as holes). Holes left with fewer
 * than 3 distinct corners (e.g. by rounding) enclose nothing and are dropped.
 */
export function normalizePolygon(rings: PolygonLike): Position[][] {
  return rings.flatMap((ring, index) => {
    const normalized = normalizeRing(ring, index === 0 ? 'exterior' : 'hole');
    return index > 0 && normalized.length < 4 ? [] : [normalized];
  });
}

let generatedCount = 0;

/** `zone-` followed by a random part and a counter, unique within a session. */
export function defaultZoneId(): string {
  generatedCount += 1;
  return `zone-${Math.random().toString(36).slice(2, 8)}${generatedCount.toString(36)}`;
}

/**
 * The collection as the client sends it in `PUT /v1/branches/{id}` (strict `DeliveryZonesInput`
 * shape): normalised polygons, string ids (numbers converted, missing ones generated, repeated
 * ones suffixed `-2`, `-3`...), `properties` an object, no other members. MultiPolygons (and
 * GeometryCollections of polygons) become one Polygon feature per part, ids suffixed `-1`, `-2`...
 * Features without any polygon are dropped (`validateZones` reports them). Idempotent.
 */
export function normalizeZones(
  fc: ZoneCollectionLike,
  options: NormalizeZonesOptions = {},
): DeliveryZonesInput {
  return { type: 'FeatureCollection', features: normalizeFeatures(fc.features, options).features };
}

/** `normalizeZones` for a list of features, also saying what it skipped and split. */
export function normalizeFeatures(
  features: readonly ZoneFeatureLike[],
  { generateId = defaultZoneId }: NormalizeZonesOptions = {},
): NormalizeReport {
  const report: NormalizeReport = {
    features: [],
    skipped: [],
    split: [],
    malformed: [],
    droppedHeights: false,
  };
  const taken = new Set<string>();
  const claim = (wanted: string): string => {
    let id = wanted;
    for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
    taken.add(id);
    return id;
  };

  features.forEach((feature, index) => {
    const read = polygonParts(feature.geometry);
    const { parts, skippedTypes, malformed, hadHeights } = read;
    report.droppedHeights ||= hadHeights;
    if (malformed) report.malformed.push(index);
    if ('notNumber' in read && !report.notNumber) report.notNumber = { index, position: read.notNumber };
    const givenId = featureId(feature);
    if (skippedTypes.length > 0) report.skipped.push({ index, id: givenId, types: skippedTypes });
    if (parts.length === 0) return;
    const base = givenId ?? generateId();
    const ids = parts.map((_, k) => claim(parts.length === 1 ? base : `${base}-${k + 1}`));
    if (parts.length > 1) report.split.push({ index, ids });
    parts.forEach((rings, k) => {
      report.features.push({
        id: ids[k]!,
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: normalizePolygon(rings) },
        properties: copyProperties(feature.properties),
      });
    });
  });
  return report;
}
