import type { FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import { z } from './zod';
import { orDefault } from './common';

/**
 * A branch's delivery zones: a GeoJSON FeatureCollection. The one type of zones in the app:
 * the branch as read, the editor's form, the review, and the map (src/map re-exports it
 * through src/geo: the map knows only GeoJSON). What is sent in a PUT is the stricter
 * `DeliveryZonesInput` (input.ts), a collection of this type once `normalizeZones` made it one.
 */
export type ZoneCollection = FeatureCollection<Geometry | null, ZoneProperties>;
/** A zone's properties: always an object (read as `{}` when the service sends none). */
export type ZoneProperties = NonNullable<GeoJsonProperties>;
export type ZoneFeature = ZoneCollection['features'][number];

/**
 * A zone as read from the service (lenient: any geometry is kept, ids may be numbers).
 * Typed as GeoJSON's Feature: a geometry that does not read as GeoJSON (an unknown type,
 * malformed coordinates) is kept as it came, and `validateZones` (src/geo), which reads every
 * geometry as unknown, names what is wrong with it.
 */
export const ZoneFeature = z.looseObject({
  id: z.optional(z.union([z.string(), z.number()])),
  type: z.string(),
  geometry: z.nullable(
    z.looseObject({
      type: z.string(),
      coordinates: z.unknown(),
    }),
  ),
  properties: orDefault(z.record(z.string(), z.unknown()), (): Record<string, unknown> => ({})),
}) as unknown as z.ZodMiniType<ZoneFeature>;

/** delivery_zones as read from the service (lenient, as `ZoneFeature`). */
export const DeliveryZones = z.looseObject({
  type: z.string(),
  features: z.array(ZoneFeature),
}) as unknown as z.ZodMiniType<ZoneCollection>;
