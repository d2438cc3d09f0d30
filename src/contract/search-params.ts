/**
 * The pieces of the dashboard's route parsers (each route's `validateSearch`): URL params
 * arrive as text, and a param that does not read is dropped (read as absent), so a
 * hand-edited link still opens.
 */
import { z } from './zod';

/** A whole number from `min` up: a number, or the URL's decimal digits (spaces around allowed). */
export const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+$/)), z.transform(Number))]),
    z.int().check(z.minimum(min), z.maximum(max)),
  );

/** Text of 1 to 100 characters once trimmed (a number is read as its digits). */
export const paramText = z.pipe(
  z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
  z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
);

/** A param that is dropped (read as absent) when it is invalid. */
export const dropInvalid = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
