import { z } from 'zod';
import { Actor, Coordinates, CoordinatesInput, EmptyableString, EpochSeconds } from './common';
import { Contact, ContactInput } from './contact';
import { DeliveryZones, DeliveryZonesInput } from './zones';

/** Branch ids travel in URL paths: keep them to a safe, readable alphabet. */
export const BRANCH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const BranchId = z
  .string({ error: 'Id is required' })
  .regex(BRANCH_ID_PATTERN, 'Use 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit');

/** Branch as read from the service (lenient). */
export const Branch = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  time_zone: EmptyableString,
  contacts: z
    .array(Contact)
    .nullish()
    .transform((v) => v ?? []),
  formatted_address: EmptyableString,
  active: z.boolean(),
  delivery_zones: DeliveryZones.nullable().optional().transform((v) => v ?? null),
  coordinates: Coordinates,
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  created_by: Actor.nullish(),
  updated_by: Actor.nullish(),
});
export type Branch = z.infer<typeof Branch>;

/** The `branch` object of PUT /v1/branches/{id}: every field optional, unknown fields refused. */
export const BranchPatch = z.strictObject({
  id: BranchId.optional(),
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name is at most 200 characters')
    .optional(),
  active: z.boolean({ error: 'Active must be true or false' }).optional(),
  coordinates: CoordinatesInput.optional(),
  formatted_address: z.string({ error: 'Address must be text' }).max(500, 'Address is at most 500 characters').optional(),
  delivery_zones: DeliveryZonesInput.optional(),
  contacts: z.array(ContactInput).max(50, 'At most 50 contacts').optional(),
});
export type BranchPatch = z.infer<typeof BranchPatch>;

export const UpdateBranchBody = z.strictObject({
  branch: BranchPatch,
});
export type UpdateBranchBody = z.infer<typeof UpdateBranchBody>;

export const UpdateBranchResponse = z.looseObject({
  branch: z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) }),
});
export type UpdateBranchResponse = z.infer<typeof UpdateBranchResponse>;

/** Extension of the reference server: GET /v1/branches/{id}. */
export const BranchResponse = z.looseObject({ branch: Branch });

/** Extension of the reference server: GET /v1/branches?page=. */
export const BranchesResponse = z.looseObject({
  branches: z.array(Branch),
  total_records: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type BranchesResponse = z.infer<typeof BranchesResponse>;
