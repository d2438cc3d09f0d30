import type { JobsResponse } from './job';

/*
 * The fast path for reading `GET /v1/jobs`: the rules of the zod schemas in ./job.ts, written
 * out by hand. The page of jobs is the hot path of the whole dashboard (every page, refresh
 * and prefetch), and zod/mini runs jitless here (the page's CSP has no 'unsafe-eval'): it
 * spends about 100 ms on a page of 1,000 jobs, and its cold code most of the parse of the
 * first 20. This reader does the same in a few ms and keeps zod out of the jobs screen's
 * first load.
 *
 * - It works in place on the freshly parsed JSON (the caller owns it): defaults are filled
 *   in and ids turned into strings where they stand, so unknown fields stay as they came,
 *   as with zod's `looseObject`. A stop's branch is the exception: like `StopBranch`
 *   (`z.object`), it is rebuilt with only its known fields.
 * - It answers `undefined` at the first value the schemas would refuse, and says nothing
 *   more: the caller then runs the zod schema on a fresh parse of the text, whose issues say
 *   what and where. So a refusal costs a slower read, never a different answer.
 * - tests/server/job-read.test.ts holds it to the schemas: pages of the reference server,
 *   and every field of a job removed, nulled or given each wrong type, must give the same
 *   value (or the same refusal) both ways. A field added to ./job.ts and not here fails it.
 */

type Obj = Record<string, unknown>;

/** Thrown at the first refused value; caught by `readJobsResponse`, never seen outside. */
const REFUSED = new Error('refused by the jobs reader');

function object(value: unknown): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw REFUSED;
  return value as Obj;
}

function array(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw REFUSED;
  return value;
}

/** `z.int()` (and `EpochSeconds`). */
function int(o: Obj, key: string): void {
  if (!Number.isSafeInteger(o[key])) throw REFUSED;
}

/** `orNull(z.int())`. */
function intOrNull(o: Obj, key: string): void {
  const v = o[key];
  if (v === null || v === undefined) o[key] = null;
  else if (!Number.isSafeInteger(v)) throw REFUSED;
}

/** `z.number()`: finite numbers. */
function isNumber(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v);
}

/** `EmptyableString`: null and missing read as "". */
function text(o: Obj, key: string): void {
  const v = o[key];
  if (typeof v === 'string') return;
  if (v === null || v === undefined) o[key] = '';
  else throw REFUSED;
}

/** `flag`: a boolean, null and missing read as false. */
function flag(o: Obj, key: string): void {
  const v = o[key];
  if (typeof v === 'boolean') return;
  if (v === null || v === undefined) o[key] = false;
  else throw REFUSED;
}

/** `IdString`: a string, or a number turned into one. */
function id(o: Obj, key: string): void {
  const v = o[key];
  if (typeof v === 'string') return;
  if (isNumber(v)) o[key] = String(v);
  else throw REFUSED;
}

/** `codes`: an array of ints, null and missing read as []. */
function codes(o: Obj, key: string): void {
  const v = o[key];
  if (v === null || v === undefined) o[key] = [];
  else for (const code of array(v)) if (!Number.isSafeInteger(code)) throw REFUSED;
}

/** Undocumented object (address, customer): kept as it came, null and missing read as null. */
function looseObjectOrNull(o: Obj, key: string): void {
  const v = o[key];
  if (v === null || v === undefined) o[key] = null;
  else object(v);
}

/** Undocumented array (a stop's history, proof images): kept as it came, null and missing read as []. */
function looseArray(o: Obj, key: string): void {
  const v = o[key];
  if (v === null || v === undefined) o[key] = [];
  else array(v);
}

function actor(value: unknown): void {
  const a = object(value);
  text(a, 'user_type');
  id(a, 'user_id');
  text(a, 'user_name');
}

/** `orNull(Actor)`. */
function actorOrNull(o: Obj, key: string): void {
  const v = o[key];
  if (v === null || v === undefined) o[key] = null;
  else actor(v);
}

function rider(o: Obj): void {
  const r = o.rider;
  if (r === null || r === undefined) {
    o.rider = null;
    return;
  }
  const x = object(r);
  int(x, 'id');
  for (const key of ['reference_id', 'name', 'username', 'dial_code', 'mobile', 'email', 'type', 'profile_pic']) text(x, key);
  int(x, 'status');
  flag(x, 'email_verified');
  flag(x, 'phone_verified');
  // Any value but an object reads as {}; the key itself must be there.
  if (!('metadata' in x)) throw REFUSED;
  const metadata = x.metadata;
  if (!metadata || typeof metadata !== 'object') x.metadata = {};
  const at = x.last_coordinates;
  if (at === null || at === undefined) x.last_coordinates = { latitude: null, longitude: null };
  else {
    const c = object(at);
    if ((c.latitude !== null && !isNumber(c.latitude)) || (c.longitude !== null && !isNumber(c.longitude))) throw REFUSED;
  }
  int(x, 'created_at');
  int(x, 'updated_at');
}

/** `StopBranch`: a plain `z.object`, so a new object with its known fields only. */
function stopBranch(value: unknown): Obj {
  const b = object(value);
  id(b, 'id');
  if (typeof b.name !== 'string' || typeof b.active !== 'boolean') throw REFUSED;
  text(b, 'time_zone');
  text(b, 'formatted_address');
  const c = object(b.coordinates);
  if (!isNumber(c.latitude) || !isNumber(c.longitude)) throw REFUSED;
  int(b, 'created_at');
  int(b, 'updated_at');
  const out: Obj = {
    id: b.id,
    name: b.name,
    time_zone: b.time_zone,
    formatted_address: b.formatted_address,
    active: b.active,
    coordinates: c,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
  // `z.nullish(Actor)`: an absent key stays absent.
  for (const key of ['created_by', 'updated_by']) {
    if (!(key in b)) continue;
    const v = b[key];
    if (v !== null && v !== undefined) actor(v);
    out[key] = v;
  }
  return out;
}

function stop(s: Obj): void {
  int(s, 'id');
  int(s, 'status');
  int(s, 'created_at');
  int(s, 'updated_at');
  looseObjectOrNull(s, 'address');
  looseObjectOrNull(s, 'customer');
  const branch = s.branch;
  s.branch = branch === null || branch === undefined ? null : stopBranch(branch);
  codes(s, 'next_status');
  flag(s, 'in_progress');
  flag(s, 'completed');
  const packages = s.packages;
  if (packages === null || packages === undefined) s.packages = [];
  else
    for (const p of array(packages)) {
      const x = object(p);
      id(x, 'package_id');
      text(x, 'barcode');
    }
  looseArray(s, 'status_history');
}

function pickup(value: unknown): void {
  const p = object(value);
  stop(p);
  intOrNull(p, 'pickup_slot_from');
  intOrNull(p, 'pickup_slot_to');
}

const DELIVERY_FLAGS = [
  'first_order',
  'enable_otp',
  'unattended_delivery',
  'leave_at_door',
  'dont_ring_bell',
  'age_restricted_delivery',
  'signature_required',
];

function delivery(value: unknown): void {
  const d = object(value);
  stop(d);
  for (const key of DELIVERY_FLAGS) flag(d, key);
  text(d, 'otp');
  text(d, 'note');
  text(d, 'signature_image');
  text(d, 'tracking_id');
  looseArray(d, 'proof_of_delivery_images');
  intOrNull(d, 'payment_type');
  const amount = d.amount;
  if (amount === null || amount === undefined) d.amount = null;
  else if (!isNumber(amount)) throw REFUSED;
  intOrNull(d, 'delivery_slot_from');
  intOrNull(d, 'delivery_slot_to');
}

function job(value: unknown): void {
  const j = object(value);
  int(j, 'id');
  text(j, 'order_id');
  text(j, 'type');
  int(j, 'status');
  text(j, 'notes');
  int(j, 'created_at');
  int(j, 'updated_at');
  rider(j);
  for (const p of array(j.pickups)) pickup(p);
  for (const d of array(j.deliveries)) delivery(d);
  for (const e of array(j.status_history)) {
    const h = object(e);
    int(h, 'status');
    text(h, 'remarks');
    actorOrNull(h, 'created_by');
    int(h, 'created_at');
  }
  codes(j, 'next_status');
}

/**
 * `json` read as `JobsResponse`, normalised in place, or `undefined` when any value is one
 * the schema would refuse (then ask the schema why). Not for the same object twice.
 */
export function readJobsResponse(json: unknown): JobsResponse | undefined {
  try {
    const page = object(json);
    for (const j of array(page.jobs)) job(j);
    int(page, 'total_records');
    int(page, 'page');
    int(page, 'total_pages');
    if ((page.total_records as number) < 0 || (page.total_pages as number) < 0) return undefined;
    return page as JobsResponse;
  } catch (e) {
    if (e === REFUSED) return undefined;
    throw e;
  }
}
