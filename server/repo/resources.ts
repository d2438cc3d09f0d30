/** The shapes the server emits, field for field as in spec/service-interface.md section 2. */

export interface Actor {
  user_type: string;
  user_id: string;
  user_name: string;
}

export interface Contact {
  name: string;
  phone: string;
  work_timings: { from: string; to: string };
  work_days: string[];
}

export interface ZoneFeature {
  type: 'Feature';
  id: string;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown };
}

export interface Branch {
  id: string;
  name: string;
  time_zone: string;
  contacts: Contact[];
  formatted_address: string;
  active: boolean;
  delivery_zones: { type: 'FeatureCollection'; features: ZoneFeature[] } | null;
  coordinates: { latitude: number; longitude: number };
  created_at: number;
  updated_at: number;
  created_by: Actor;
  updated_by: Actor;
}

/** A stop's branch under `branch_embed=summary` (server/repo/jobs.ts): the Branch without its lists. */
export type BranchSummary = Omit<Branch, 'delivery_zones' | 'contacts'>;

export interface StatusHistoryEntry {
  status: number;
  remarks: string;
  created_by: Actor;
  created_at: number;
}

export interface Package {
  package_id: string;
  barcode: string;
}

export interface Rider {
  id: number;
  reference_id: string;
  name: string;
  username: string;
  dial_code: string;
  mobile: string;
  email: string;
  type: string;
  status: number;
  profile_pic: string;
  email_verified: boolean;
  phone_verified: boolean;
  metadata: Record<string, unknown>;
  last_coordinates: { longitude: number | null; latitude: number | null };
  created_at: number;
  updated_at: number;
}

interface Stop {
  id: number;
  status: number;
  created_at: number;
  updated_at: number;
  address: Record<string, unknown> | null;
  customer: Record<string, unknown> | null;
  branch: Branch | BranchSummary;
  next_status: number[];
  in_progress: boolean;
  completed: boolean;
  packages: Package[];
  status_history: StatusHistoryEntry[];
}

export interface Pickup extends Stop {
  pickup_slot_from: number | null;
  pickup_slot_to: number | null;
}

export interface Delivery extends Stop {
  first_order: boolean;
  enable_otp: boolean;
  otp: string;
  note: string;
  unattended_delivery: boolean;
  leave_at_door: boolean;
  dont_ring_bell: boolean;
  age_restricted_delivery: boolean;
  signature_required: boolean;
  signature_image: string;
  proof_of_delivery_images: string[];
  payment_type: number;
  amount: number;
  tracking_id: string;
  delivery_slot_from: number | null;
  delivery_slot_to: number | null;
}

export interface Job {
  id: number;
  order_id: string;
  type: string;
  status: number;
  notes: string;
  created_at: number;
  updated_at: number;
  rider: Rider | null;
  pickups: Pickup[];
  deliveries: Delivery[];
  status_history: StatusHistoryEntry[];
  next_status: number[];
  /** Extension: the team the `team_id` filter matches. */
  team_id: string;
}

export interface Page {
  total_records: number;
  page: number;
  total_pages: number;
}
