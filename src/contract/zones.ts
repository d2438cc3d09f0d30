import * as z from 'zod/mini';
import { orDefault } from './common';

/** A `[longitude, latitude]` pair in range (DESIGN.md decisions 9 and 10). */
export const Position = z.tuple([
  z
    .number()
    .check(
      z.minimum(-180, 'Longitude must be between -180 and 180'),
      z.maximum(180, 'Longitude must be between -180 and 180'),
    ),
  z
    .number()
    .check(z.minimum(-90, 'Latitude must be between -90 and 90'), z.maximum(90, 'Latitude must be between -90 and 90')),
]);
export type Position = z.infer<typeof Position>;

function samePosition(a: readonly number[], b: readonly number[]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * A linear ring as clients must send it: at least 4 positions, closed (ends at its first
 * point), no consecutive duplicates. Self-intersection is checked by `src/geo` (sweep line),
 * which the reference server runs after this schema.
 */
export const Ring = z.array(Position).check(
  z.minLength(4, 'A ring needs at least 4 positions (3 corners and the closing point)'),
  z.superRefine((ring, ctx) => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (first && last && !samePosition(first, last)) {
      ctx.addIssue({ code: 'custom', message: 'A ring must end at its first point', input: ring });
    }
    for (let i = 1; i < ring.length; i++) {
      if (samePosition(ring[i - 1]!, ring[i]!)) {
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: 'A ring must not repeat a position consecutively',
          input: ring,
        });
        break;
      }
    }
  }),
);
export type Ring = z.infer<typeof Ring>;

export const PolygonGeometryInput = z.strictObject({
  type: z.literal('Polygon', { error: 'Only Polygon geometries are accepted' }),
  coordinates: z
    .array(Ring)
    .check(z.minLength(1, 'A polygon needs an exterior ring'), z.maxLength(100, 'At most 100 rings per polygon')),
});

export const ZoneFeatureInput = z.strictObject({
  id: z.string({ error: 'Each zone needs a string id' }).check(z.minLength(1), z.maxLength(100)),
  type: z.literal('Feature', { error: 'Each zone must be a Feature' }),
  geometry: PolygonGeometryInput,
  properties: z.record(z.string(), z.unknown()),
});
export type ZoneFeatureInput = z.infer<typeof ZoneFeatureInput>;

/** delivery_zones as sent in PUT /v1/branches/{id} (strict). */
export const DeliveryZonesInput = z
  .strictObject({
    type: z.literal('FeatureCollection', { error: 'delivery_zones must be a FeatureCollection' }),
    features: z.array(ZoneFeatureInput).check(z.maxLength(500, 'At most 500 zones per branch')),
  })
  .check(
    z.superRefine((fc, ctx) => {
      const seen = new Set<string>();
      fc.features.forEach((f, i) => {
        if (seen.has(f.id)) {
          ctx.addIssue({ code: 'custom', path: ['features', i, 'id'], message: 'Zone ids must be unique', input: f.id });
        }
        seen.add(f.id);
      });
    }),
  );
export type DeliveryZonesInput = z.infer<typeof DeliveryZonesInput>;

/** delivery_zones as read from the service (lenient: any geometry is kept, ids may be numbers). */
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
});
export type ZoneFeature = z.infer<typeof ZoneFeature>;

export const DeliveryZones = z.looseObject({
  type: z.string(),
  features: z.array(ZoneFeature),
});
export type DeliveryZones = z.infer<typeof DeliveryZones>;
