import { z } from './zod';
import { Actor, EmptyableString, EpochSeconds, NullableCoordinates, orDefault, orNull } from './common';
import { Branch, StopBranch } from './branch';

const flag = orDefault(z.boolean(), () => false);
const codes = orDefault(z.array(z.int()), (): number[] => []);
const IdString = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v) => String(v)),
);

export const Package = z.looseObject({
  package_id: IdString,
  barcode: EmptyableString,
});
export type Package = z.infer<typeof Package>;

export const StatusHistoryEntry = z.looseObject({
  status: z.int(),
  remarks: EmptyableString,
  created_by: orNull(Actor),
  created_at: EpochSeconds,
});
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntry>;

export const Rider = z.looseObject({
  id: z.int(),
  reference_id: EmptyableString,
  name: EmptyableString,
  username: EmptyableString,
  dial_code: EmptyableString,
  mobile: EmptyableString,
  email: EmptyableString,
  type: EmptyableString,
  status: z.int(),
  profile_pic: EmptyableString,
  email_verified: flag,
  phone_verified: flag,
  metadata: z.pipe(
    z.optional(z.unknown()),
    z.transform((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {})),
  ),
  last_coordinates: orDefault(NullableCoordinates, () => ({ latitude: null, longitude: null })),
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
});
export type Rider = z.infer<typeof Rider>;

/*
 * Undocumented shapes are kept as they come: checked to be an object (an array) and not
 * copied, which `z.record`/`z.array` of unknowns would do for every stop of a page.
 */
const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object of a shape the interface does not document (address, customer). */
export const OpaqueObject = z.custom<Record<string, unknown>>(isObject, 'expected object');
/** An array of entries the interface does not document (stop histories, proof images). */
export const OpaqueArray = z.custom<unknown[]>((v) => Array.isArray(v), 'expected array');

const UndocumentedObject = orNull(OpaqueObject);
const UndocumentedArray = orDefault(OpaqueArray, (): unknown[] => []);

const stopFields = {
  id: z.int(),
  status: z.int(),
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  address: UndocumentedObject,
  customer: UndocumentedObject,
  branch: orNull(StopBranch),
  next_status: codes,
  in_progress: flag,
  completed: flag,
  packages: orDefault(z.array(Package), (): Package[] => []),
  status_history: UndocumentedArray,
};

export const Pickup = z.looseObject({
  ...stopFields,
  pickup_slot_from: orNull(EpochSeconds),
  pickup_slot_to: orNull(EpochSeconds),
});
export type Pickup = z.infer<typeof Pickup>;

export const Delivery = z.looseObject({
  ...stopFields,
  first_order: flag,
  enable_otp: flag,
  otp: EmptyableString,
  note: EmptyableString,
  unattended_delivery: flag,
  leave_at_door: flag,
  dont_ring_bell: flag,
  age_restricted_delivery: flag,
  signature_required: flag,
  signature_image: EmptyableString,
  proof_of_delivery_images: UndocumentedArray,
  payment_type: orNull(z.int()),
  amount: orNull(z.number()),
  tracking_id: EmptyableString,
  delivery_slot_from: orNull(EpochSeconds),
  delivery_slot_to: orNull(EpochSeconds),
});
export type Delivery = z.infer<typeof Delivery>;

export const Job = z.looseObject({
  id: z.int(),
  order_id: EmptyableString,
  type: EmptyableString,
  status: z.int(),
  notes: EmptyableString,
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  rider: orNull(Rider),
  pickups: z.array(Pickup),
  deliveries: z.array(Delivery),
  status_history: z.array(StatusHistoryEntry),
  next_status: codes,
});
export type Job = z.infer<typeof Job>;

export const JobsResponse = z.looseObject({
  jobs: z.array(Job),
  total_records: z.int().check(z.nonnegative()),
  page: z.int(),
  total_pages: z.int().check(z.nonnegative()),
});
export type JobsResponse = z.infer<typeof JobsResponse>;

/** Only the whole branches a jobs response embeds (the branch editor's fallback needs their zones). */
export const JobsEmbeddedBranches = z.looseObject({
  jobs: z.array(
    z.looseObject({
      pickups: z.array(z.looseObject({ branch: orNull(Branch) })),
      deliveries: z.array(z.looseObject({ branch: orNull(Branch) })),
    }),
  ),
});
