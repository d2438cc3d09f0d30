import { z } from './zod';
import { Actor, Coordinates, EmptyableString, EpochSeconds, orDefault, orNull } from './common';
import { Contact } from './contact';
import { DeliveryZones } from './zones';

/** Branch ids travel in URL paths: keep them to a safe, readable alphabet. */
export const BRANCH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const IdString = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v) => String(v)),
);

/** Fields of a Branch as read from the service (lenient), all but its two lists. */
const branchFields = {
  id: IdString,
  name: z.string(),
  time_zone: EmptyableString,
  formatted_address: EmptyableString,
  active: z.boolean(),
  coordinates: Coordinates,
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  created_by: z.nullish(Actor),
  updated_by: z.nullish(Actor),
};

/** Branch as read from the service (lenient). */
export const Branch = z.looseObject({
  ...branchFields,
  contacts: orDefault(z.array(Contact), (): Contact[] => []),
  delivery_zones: orNull(DeliveryZones),
});
export type Branch = z.infer<typeof Branch>;

/**
 * The branch a pickup or delivery embeds, as the jobs screens keep it: every field but its
 * lists, `contacts` and `delivery_zones`, which are dropped unread (a plain object strips
 * unknown keys). The v1 interface embeds the whole Branch in every stop, so a page repeats
 * each branch's polygons and contacts once per stop; the reference server leaves them out
 * when asked (`branch_embed=summary`, src/api/branch-embed.ts).
 */
export const StopBranch = z.object(branchFields);
export type StopBranch = z.infer<typeof StopBranch>;

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
