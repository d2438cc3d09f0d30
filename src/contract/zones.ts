import { z } from './zod';
import { orDefault } from './common';

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
