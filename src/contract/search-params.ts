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

/**
 * `/sign-in`'s params: `redirect`, where to go once signed in (any text here; the page keeps
 * only a path of this origin: app/redirect.ts), and `expired=true` after a session ran out.
 */
export type SignInSearch = { redirect?: string; expired?: true };

const SignInParams = z.catch(
  z.object({
    redirect: dropInvalid(z.string()),
    expired: dropInvalid(
      z.pipe(
        z.union([z.literal(true), z.literal('true')]),
        z.transform((): true => true),
      ),
    ),
  }),
  {},
);

/** `/sign-in`'s route parser (`validateSearch`). */
export function validateSignInSearch(input: Record<string, unknown>): SignInSearch {
  const { redirect, expired } = SignInParams.parse(input);
  return { redirect, expired };
}

/** `/branches`' params: `view=map` shows the coverage map; anything else reads as the list. */
export type BranchesSearch = { view?: 'map' };

const BranchesParams = z.catch(z.object({ view: dropInvalid(z.literal('map')) }), {});

/** `/branches`' route parser (`validateSearch`). */
export function validateBranchesSearch(input: Record<string, unknown>): BranchesSearch {
  return { view: BranchesParams.parse(input).view };
}
