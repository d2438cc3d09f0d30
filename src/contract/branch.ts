import * as z from 'zod/mini';
import { Actor, Coordinates, CoordinatesInput, EmptyableString, EpochSeconds, orDefault, orNull } from './common';
import { Contact, ContactInput } from './contact';
import { DeliveryZones, DeliveryZonesInput } from './zones';

/** Branch ids travel in URL paths: keep them to a safe, readable alphabet. */
export const BRANCH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const BranchId = z
  .string({ error: 'Id is required' })
  .check(
    z.regex(BRANCH_ID_PATTERN, 'Use 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit'),
  );

const IdString = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v) => String(v)),
);

/** Branch as read from the service (lenient). */
export const Branch = z.looseObject({
  id: IdString,
  name: z.string(),
  time_zone: EmptyableString,
  contacts: orDefault(z.array(Contact), (): Contact[] => []),
  formatted_address: EmptyableString,
  active: z.boolean(),
  delivery_zones: orNull(DeliveryZones),
  coordinates: Coordinates,
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  created_by: z.nullish(Actor),
  updated_by: z.nullish(Actor),
});
export type Branch = z.infer<typeof Branch>;

/** The `branch` object of PUT /v1/branches/{id}: every field optional, unknown fields refused. */
export const BranchPatch = z.strictObject({
  id: z.optional(BranchId),
  name: z.optional(
    z
      .string({ error: 'Name must be text' })
      .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200, 'Name is at most 200 characters')),
  ),
  active: z.optional(z.boolean({ error: 'Active must be true or false' })),
  coordinates: z.optional(CoordinatesInput),
  formatted_address: z.optional(
    z.string({ error: 'Address must be text' }).check(z.maxLength(500, 'Address is at most 500 characters')),
  ),
  delivery_zones: z.optional(DeliveryZonesInput),
  contacts: z.optional(z.array(ContactInput).check(z.maxLength(50, 'At most 50 contacts'))),
});
export type BranchPatch = z.infer<typeof BranchPatch>;

export const UpdateBranchBody = z.strictObject({
  branch: BranchPatch,
});
export type UpdateBranchBody = z.infer<typeof UpdateBranchBody>;

export const UpdateBranchResponse = z.looseObject({
  branch: z.looseObject({ id: IdString }),
});
export type UpdateBranchResponse = z.infer<typeof UpdateBranchResponse>;

/** Extension of the reference server: GET /v1/branches/{id}. */
export const BranchResponse = z.looseObject({ branch: Branch });

/** Extension of the reference server: GET /v1/branches?page=. */
export const BranchesResponse = z.looseObject({
  branches: z.array(Branch),
  total_records: z.int(),
  page: z.int(),
  total_pages: z.int(),
});
export type BranchesResponse = z.infer<typeof BranchesResponse>;
