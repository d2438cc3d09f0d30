import { z } from 'zod';
import { Actor, EmptyableString, EpochSeconds, NullableCoordinates } from './common';
import { Branch } from './branch';

const flag = z.boolean().nullish().transform((v) => v ?? false);
const codes = z
  .array(z.number().int())
  .nullish()
  .transform((v) => v ?? []);

export const Package = z.looseObject({
  package_id: z.union([z.string(), z.number()]).transform(String),
  barcode: EmptyableString,
});
export type Package = z.infer<typeof Package>;

export const StatusHistoryEntry = z.looseObject({
  status: z.number().int(),
  remarks: EmptyableString,
  created_by: Actor.nullish().transform((v) => v ?? null),
  created_at: EpochSeconds,
});
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntry>;

export const Rider = z.looseObject({
  id: z.number().int(),
  reference_id: EmptyableString,
  name: EmptyableString,
  username: EmptyableString,
  dial_code: EmptyableString,
  mobile: EmptyableString,
  email: EmptyableString,
  type: EmptyableString,
  status: z.number().int(),
  profile_pic: EmptyableString,
  email_verified: flag,
  phone_verified: flag,
  metadata: z.unknown().transform((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {})),
  last_coordinates: NullableCoordinates.nullish().transform((v) => v ?? { latitude: null, longitude: null }),
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
});
export type Rider = z.infer<typeof Rider>;

/** Address and customer shapes are not documented: kept as they come. */
const UndocumentedObject = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? null);

/** Entry shape of pickup/delivery histories is not documented: kept as they come. */
const UndocumentedArray = z
  .array(z.unknown())
  .nullish()
  .transform((v) => v ?? []);

const stopFields = {
  id: z.number().int(),
  status: z.number().int(),
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  address: UndocumentedObject,
  customer: UndocumentedObject,
  branch: Branch.nullish().transform((v) => v ?? null),
  next_status: codes,
  in_progress: flag,
  completed: flag,
  packages: z
    .array(Package)
    .nullish()
    .transform((v) => v ?? []),
  status_history: UndocumentedArray,
};

export const Pickup = z.looseObject({
  ...stopFields,
  pickup_slot_from: EpochSeconds.nullish().transform((v) => v ?? null),
  pickup_slot_to: EpochSeconds.nullish().transform((v) => v ?? null),
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
  payment_type: z.number().int().nullish().transform((v) => v ?? null),
  amount: z.number().nullish().transform((v) => v ?? null),
  tracking_id: EmptyableString,
  delivery_slot_from: EpochSeconds.nullish().transform((v) => v ?? null),
  delivery_slot_to: EpochSeconds.nullish().transform((v) => v ?? null),
});
export type Delivery = z.infer<typeof Delivery>;

export const Job = z.looseObject({
  id: z.number().int(),
  order_id: EmptyableString,
  type: EmptyableString,
  status: z.number().int(),
  notes: EmptyableString,
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  rider: Rider.nullish().transform((v) => v ?? null),
  pickups: z.array(Pickup),
  deliveries: z.array(Delivery),
  status_history: z.array(StatusHistoryEntry),
  next_status: codes,
});
export type Job = z.infer<typeof Job>;

export const JobsResponse = z.looseObject({
  jobs: z.array(Job),
  total_records: z.number().int().nonnegative(),
  page: z.number().int(),
  total_pages: z.number().int().nonnegative(),
});
export type JobsResponse = z.infer<typeof JobsResponse>;
