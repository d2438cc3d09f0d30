import * as z from 'zod/mini';
import { Actor, Coordinates, EmptyableString, EpochSeconds, orDefault, orNull } from './common';
import { Contact } from './contact';
import { DeliveryZones } from './zones';

/** Branch ids travel in URL paths: keep them to a safe, readable alphabet. */
export const BRANCH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const IdString = /* @__PURE__ */ z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v) => String(v)),
);

/** Branch as read from the service (lenient). */
export const Branch = /* @__PURE__ */ z.looseObject({
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


export const UpdateBranchResponse = /* @__PURE__ */ z.looseObject({
  branch: z.looseObject({ id: IdString }),
});
export type UpdateBranchResponse = z.infer<typeof UpdateBranchResponse>;

/** Extension of the reference server: GET /v1/branches/{id}. */
export const BranchResponse = /* @__PURE__ */ z.looseObject({ branch: Branch });

/** Extension of the reference server: GET /v1/branches?page=. */
export const BranchesResponse = /* @__PURE__ */ z.looseObject({
  branches: z.array(Branch),
  total_records: z.int(),
  page: z.int(),
  total_pages: z.int(),
});
export type BranchesResponse = z.infer<typeof BranchesResponse>;
