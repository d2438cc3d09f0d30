/** Valid fixtures shaped exactly like the spec's field tables. */
export const actor = { user_type: 'dispatcher', user_id: 'u-1', user_name: 'Ada Dispatcher' };

export const zones = {
  type: 'FeatureCollection',
  features: [
    {
      id: 'zone-1',
      type: 'Feature',
      properties: { name: 'Central' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-0.13, 51.5],
            [-0.11, 51.5],
            [-0.11, 51.52],
            [-0.13, 51.52],
            [-0.13, 51.5],
          ],
        ],
      },
    },
  ],
};

export const contact = {
  name: 'Maya Patel',
  phone: '+44 20 7946 0018',
  work_timings: { from: '09:00 AM', to: '05:30 PM' },
  work_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
};

export const branch = {
  id: 'LDN-01',
  name: 'London Central',
  time_zone: 'Europe/London',
  contacts: [contact],
  formatted_address: '1 Example St, London',
  active: true,
  delivery_zones: zones,
  coordinates: { latitude: 51.51, longitude: -0.12 },
  created_at: 1_700_000_000,
  updated_at: 1_700_000_100,
  created_by: actor,
  updated_by: actor,
};

export const rider = {
  id: 17,
  reference_id: 'R-17',
  name: 'Sam Rider',
  username: 'sam',
  dial_code: '',
  mobile: '',
  email: 'sam@example.com',
  type: 'bike',
  status: 1,
  profile_pic: '',
  email_verified: true,
  phone_verified: false,
  metadata: {},
  last_coordinates: { latitude: null, longitude: null },
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};

const stop = {
  id: 1,
  status: 1,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  address: null,
  customer: null,
  branch,
  next_status: [2],
  in_progress: false,
  completed: false,
  packages: [{ package_id: 'P-1', barcode: '0001' }],
  status_history: [],
};

export const pickup = { ...stop, pickup_slot_from: 1_700_000_000, pickup_slot_to: 1_700_003_600 };

export const delivery = {
  ...stop,
  id: 2,
  first_order: false,
  enable_otp: true,
  otp: '',
  note: '',
  unattended_delivery: false,
  leave_at_door: true,
  dont_ring_bell: false,
  age_restricted_delivery: false,
  signature_required: false,
  signature_image: '',
  proof_of_delivery_images: [],
  payment_type: 1,
  amount: 12.5,
  tracking_id: 'TRK-1',
  delivery_slot_from: 1_700_003_600,
  delivery_slot_to: 1_700_007_200,
};

export const job = {
  id: 1001,
  order_id: 'ORD-1001',
  type: 'on_demand',
  status: 2,
  notes: '',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_500,
  rider,
  pickups: [pickup],
  deliveries: [delivery],
  status_history: [
    { status: 1, remarks: '', created_by: actor, created_at: 1_700_000_000 },
    { status: 2, remarks: 'Assigned to Sam', created_by: actor, created_at: 1_700_000_300 },
  ],
  next_status: [3, 9],
};
