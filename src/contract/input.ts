import { z } from './zod';
import { BRANCH_ID_PATTERN } from './branch';
import { TIME_12H, WEEKDAYS } from './contact';
import { MAX_LATITUDE, MAX_LONGITUDE } from './coordinates';

/*
 * What clients SEND, strictly checked (docs/design.md, decisions 9-11). Kept apart from the lenient
 * response schemas so that screens which only read (the jobs route) do not load them.
 */

/**
 * The messages of the checks a form also runs (the branch form), by a stable key: the form
 * shows them in the chosen language by their key (src/features/branches/form), the service
 * sends this English.
 */
export const INPUT_MESSAGES = {
  latitudeNumber: 'Latitude must be a number',
  latitudeRange: `Latitude must be between -${MAX_LATITUDE} and ${MAX_LATITUDE}`,
  longitudeNumber: 'Longitude must be a number',
  longitudeRange: `Longitude must be between -${MAX_LONGITUDE} and ${MAX_LONGITUDE}`,
  nameRequired: 'Name is required',
  contactNameTooLong: 'Name is at most 120 characters',
  branchNameTooLong: 'Name is at most 200 characters',
  nameNotText: 'Name must be text',
  phoneRequired: 'Phone is required',
  phoneFormat: 'Use digits, spaces, dashes or brackets, optionally starting with +',
  idRequired: 'Id is required',
  idFormat: 'Use 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
  addressTooLong: 'Address is at most 500 characters',
  tooManyContacts: 'At most 50 contacts',
} as const;
export type InputMessage = keyof typeof INPUT_MESSAGES;
const M = INPUT_MESSAGES;

const LATITUDE_RANGE = M.latitudeRange;
const LONGITUDE_RANGE = M.longitudeRange;

export const Latitude = z
  .number({ error: M.latitudeNumber })
  .check(z.minimum(-MAX_LATITUDE, LATITUDE_RANGE), z.maximum(MAX_LATITUDE, LATITUDE_RANGE));
export const Longitude = z
  .number({ error: M.longitudeNumber })
  .check(z.minimum(-MAX_LONGITUDE, LONGITUDE_RANGE), z.maximum(MAX_LONGITUDE, LONGITUDE_RANGE));

/** Coordinates as sent by clients: finite decimal degrees in range (docs/design.md, decision 9). */
export const CoordinatesInput = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
});
export type CoordinatesInput = z.infer<typeof CoordinatesInput>;

export const Weekday = z.enum(WEEKDAYS, {
  error: 'Work days must be lowercase English weekday names',
});
export type Weekday = z.infer<typeof Weekday>;

export const Time12h = z
  .string({ error: 'Time is required' })
  .check(z.regex(TIME_12H, 'Use the form hh:mm AM or hh:mm PM, for example 09:00 AM'));

export const WorkTimingsInput = z.strictObject({ from: Time12h, to: Time12h });

/** Contact as sent by clients (strict). */
export const ContactInput = z.strictObject({
  name: z
    .string({ error: M.nameRequired })
    .check(z.trim(), z.minLength(1, M.nameRequired), z.maxLength(120, M.contactNameTooLong)),
  phone: z
    .string({ error: M.phoneRequired })
    .check(z.trim(), z.regex(/^\+?[0-9][0-9 ()-]{4,30}$/, M.phoneFormat)),
  work_timings: WorkTimingsInput,
  work_days: z.array(Weekday).check(
    z.maxLength(7, 'At most 7 work days'),
    z.refine((days) => new Set(days).size === days.length, 'Work days must not repeat'),
  ),
});
export type ContactInput = z.infer<typeof ContactInput>;

/** A `[longitude, latitude]` pair in range (docs/design.md, decisions 9 and 10). */
export const Position = z.tuple([
  z.number().check(z.minimum(-MAX_LONGITUDE, LONGITUDE_RANGE), z.maximum(MAX_LONGITUDE, LONGITUDE_RANGE)),
  z.number().check(z.minimum(-MAX_LATITUDE, LATITUDE_RANGE), z.maximum(MAX_LATITUDE, LATITUDE_RANGE)),
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
    .check(
      z.minLength(1, 'A polygon needs an exterior ring'),
      z.maxLength(100, 'At most 100 rings per polygon'),
    ),
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
          ctx.addIssue({
            code: 'custom',
            path: ['features', i, 'id'],
            message: 'Zone ids must be unique',
            input: f.id,
          });
        }
        seen.add(f.id);
      });
    }),
  );
export type DeliveryZonesInput = z.infer<typeof DeliveryZonesInput>;

export const BranchId = z.string({ error: M.idRequired }).check(z.regex(BRANCH_ID_PATTERN, M.idFormat));

/** The `branch` object of PUT /v1/branches/{id}: every field optional, unknown fields refused. */
export const BranchPatch = z.strictObject({
  id: z.optional(BranchId),
  name: z.optional(
    z
      .string({ error: M.nameNotText })
      .check(z.trim(), z.minLength(1, M.nameRequired), z.maxLength(200, M.branchNameTooLong)),
  ),
  active: z.optional(z.boolean({ error: 'Active must be true or false' })),
  coordinates: z.optional(CoordinatesInput),
  formatted_address: z.optional(
    z.string({ error: 'Address must be text' }).check(z.maxLength(500, M.addressTooLong)),
  ),
  delivery_zones: z.optional(DeliveryZonesInput),
  contacts: z.optional(z.array(ContactInput).check(z.maxLength(50, M.tooManyContacts))),
});
export type BranchPatch = z.infer<typeof BranchPatch>;

export const UpdateBranchBody = z.strictObject({
  branch: BranchPatch,
});
export type UpdateBranchBody = z.infer<typeof UpdateBranchBody>;
