import { z } from './zod';

/*
 * The contract is written with `zod/mini` (functional API): the same schemas as classic zod
 * at a fraction of the bundle, because these are parsed in the jobs route's first load.
 */

/** Epoch seconds, as every timestamp of the interface. */
export const EpochSeconds = z.int();

/** A string the spec says "may be empty": null and missing are read as "". */
export const EmptyableString = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ''),
);

export const Actor = z.looseObject({
  user_type: EmptyableString,
  user_id: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v) => String(v)),
  ),
  user_name: EmptyableString,
});
export type Actor = z.infer<typeof Actor>;

/** Coordinates as read from the service: numbers (lenient on range; the UI flags oddities). */
export const Coordinates = z.looseObject({
  latitude: z.number(),
  longitude: z.number(),
});
export type Coordinates = z.infer<typeof Coordinates>;

/** A rider's last position: both numbers or both null. */
export const NullableCoordinates = z.looseObject({
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});

/** `schema`, with null or a missing value read as `fallback`. */
export function orDefault<S extends z.ZodMiniType, T>(schema: S, fallback: () => T) {
  return z.pipe(
    z.nullish(schema),
    z.transform((v) => (v ?? fallback()) as z.output<S> | T),
  );
}

/** `schema`, with a missing value read as null. */
export function orNull<S extends z.ZodMiniType>(schema: S) {
  return orDefault(schema, () => null);
}
