/**
 * Reading zone collections as they may arrive: the strict `DeliveryZonesInput`, a
 * `ZoneCollection` read leniently from a service, or parsed GeoJSON from a file.
 */

export type GeometryLike = {
  readonly type: string;
  readonly coordinates?: unknown;
  readonly geometries?: unknown;
};

export type ZoneFeatureLike = {
  readonly id?: string | number | null;
  readonly type?: string;
  readonly geometry?: GeometryLike | null;
  readonly properties?: Readonly<Record<string, unknown>> | null;
};

export type ZoneCollectionLike = {
  readonly type?: string;
  readonly features: readonly ZoneFeatureLike[];
};

/** Polygon rings with every position read as a `[lon, lat]` pair of numbers (NaN where unreadable). */
export type PolygonRings = [number, number][][];

export type PolygonParts = {
  /** One entry per polygon: 1 for a Polygon, one per part for a MultiPolygon or GeometryCollection. */
  parts: PolygonRings[];
  /** Geometry types that are not polygons (`"null"` for a missing geometry). */
  skippedTypes: string[];
  /** Coordinates did not have the GeoJSON polygon structure and were read as best as possible. */
  malformed: boolean;
  /** Some positions had a third (height) coordinate, which was dropped. */
  hadHeights: boolean;
  /** The first position whose longitude or latitude is not a number, as found (for messages). */
  notNumber?: unknown;
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits a geometry into polygons, reading coordinates leniently and saying what it had to skip. */
export function polygonParts(geometry: GeometryLike | null | undefined): PolygonParts {
  const result: PolygonParts = { parts: [], skippedTypes: [], malformed: false, hadHeights: false };
  collectParts(geometry, result, 0);
  return result;
}

function collectParts(geometry: unknown, out: PolygonParts, depth: number): void {
  if (!isRecord(geometry) || typeof geometry.type !== 'string') {
    out.skippedTypes.push(geometry === null || geometry === undefined ? 'null' : 'unknown');
    return;
  }
  switch (geometry.type) {
    case 'Polygon':
      out.parts.push(readRings(geometry.coordinates, out));
      return;
    case 'MultiPolygon':
      if (!Array.isArray(geometry.coordinates)) out.malformed = true;
      else for (const polygon of geometry.coordinates) out.parts.push(readRings(polygon, out));
      return;
    case 'GeometryCollection':
      if (!Array.isArray(geometry.geometries) || depth > 8) out.malformed = true;
      else for (const member of geometry.geometries) collectParts(member, out, depth + 1);
      return;
    default:
      out.skippedTypes.push(geometry.type);
  }
}

function readRings(value: unknown, out: PolygonParts): PolygonRings {
  if (!Array.isArray(value)) {
    out.malformed = true;
    return [];
  }
  return value.map((ring: unknown) => {
    if (!Array.isArray(ring)) {
      out.malformed = true;
      return [];
    }
    return ring.map((position: unknown): [number, number] => {
      if (!Array.isArray(position) || position.length < 2) {
        out.malformed = true;
        return [NaN, NaN];
      }
      if (position.length > 2) out.hadHeights = true;
      const [lon, lat] = position as unknown[];
      if (typeof lon !== 'number' || typeof lat !== 'number') {
        out.malformed = true;
        if (!('notNumber' in out)) out.notNumber = position;
      }
      return [typeof lon === 'number' ? lon : NaN, typeof lat === 'number' ? lat : NaN];
    });
  });
}

/** The feature's id as a string, or `null` when it has none usable. */
export function featureId(feature: ZoneFeatureLike): string | null {
  const { id } = feature;
  if (typeof id === 'string' && id !== '') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return null;
}

/** `properties.name` when it is a non-blank string. */
export function zoneName(properties: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const name = properties?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/** A fresh, plain copy of the properties object (`{}` for null, arrays or other values). */
export function copyProperties(properties: unknown): Record<string, unknown> {
  return isRecord(properties) ? { ...properties } : {};
}
