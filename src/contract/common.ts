import { z } from 'zod';

/** Epoch seconds, as every timestamp of the interface. */
export const EpochSeconds = z.number().int();

/** A string the spec says "may be empty": null and missing are read as "". */
export const EmptyableString = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

export const Actor = z.looseObject({
  user_type: EmptyableString,
  user_id: z.union([z.string(), z.number()]).transform(String),
  user_name: EmptyableString,
});
export type Actor = z.infer<typeof Actor>;

export const Latitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
export const Longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

/** Coordinates as sent by clients: finite decimal degrees in range (DESIGN.md decision 9). */
export const CoordinatesInput = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
});
export type CoordinatesInput = z.infer<typeof CoordinatesInput>;

/** Coordinates as read from the service: numbers (lenient on range; the UI flags oddities). */
export const Coordinates = z.looseObject({
  latitude: z.number(),
  longitude: z.number(),
});
export type Coordinates = z.infer<typeof Coordinates>;

/** A rider's last position: both numbers or both null. */
export const NullableCoordinates = z.looseObject({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
