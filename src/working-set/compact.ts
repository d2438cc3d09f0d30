/**
 * The working set's records (docs/design.md, "The working set"): a job kept as what the control
 * room's rules, figures and riders, "late only" and the operations map read, in the shape of a
 * `Job` so that every rule reads it unchanged. Left out: packages, proof images, signatures,
 * one-time codes, notes, the rider's metadata and picture, who made each history entry, and
 * whatever a service sends beyond the interface (but `team_id`, a filter). Each branch a stop
 * embeds is kept once per version and shared by every stop that names it.
 */
import type { Delivery, Job, Pickup, Rider, StatusHistoryEntry, StopBranch } from '../contract';

/**
 * The records of the working set, so that a screen given one can tell it is not the whole job
 * (the job panel reads the whole job then). Marked where a record is made and where it enters a
 * tab's store (a record fed over the BroadcastChannel is a copy); not a field, so it never shows
 * in the job's JSON.
 */
const compactRecords = new WeakSet<Job>();

export function markCompact(job: Job): void {
  compactRecords.add(job);
}

/** Whether `job` is a working set's record rather than the whole job. */
export function isCompactJob(job: Job): boolean {
  return compactRecords.has(job);
}

/** One copy per branch version: the thousands of stops of a branch share it. */
export type BranchPool = Map<string, StopBranch>;

function sharedBranch(pool: BranchPool, branch: StopBranch | null): StopBranch | null {
  if (!branch) return null;
  const key = `${branch.id}\u0000${branch.updated_at}`;
  const kept = pool.get(key);
  if (kept) return kept;
  const copy: StopBranch = {
    id: branch.id,
    name: branch.name,
    time_zone: branch.time_zone,
    formatted_address: branch.formatted_address,
    active: branch.active,
    coordinates: branch.coordinates,
    created_at: branch.created_at,
    updated_at: branch.updated_at,
    created_by: null,
    updated_by: null,
  };
  pool.set(key, copy);
  return copy;
}

/** A stop's history entries as the figures read them: status, time and remark. */
function stopHistory(entries: readonly unknown[]): unknown[] {
  const kept: unknown[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { status, created_at, remarks } = entry as Record<string, unknown>;
    kept.push(remarks ? { status, created_at, remarks } : { status, created_at });
  }
  return kept;
}

const jobHistory = (entries: readonly StatusHistoryEntry[]): StatusHistoryEntry[] =>
  entries.map((e) => ({ status: e.status, remarks: e.remarks, created_by: null, created_at: e.created_at }));

function rider(r: Rider | null): Rider | null {
  if (!r) return null;
  return {
    id: r.id,
    reference_id: r.reference_id,
    name: r.name,
    username: r.username,
    dial_code: r.dial_code,
    mobile: r.mobile,
    email: '',
    type: r.type,
    status: r.status,
    profile_pic: '',
    email_verified: false,
    phone_verified: false,
    metadata: {},
    last_coordinates: r.last_coordinates,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

function stop<S extends Pickup | Delivery>(s: S, pool: BranchPool) {
  return {
    id: s.id,
    status: s.status,
    created_at: s.created_at,
    updated_at: s.updated_at,
    address: s.address,
    customer: s.customer,
    branch: sharedBranch(pool, s.branch),
    next_status: s.next_status,
    in_progress: s.in_progress,
    completed: s.completed,
    packages: [],
    status_history: stopHistory(s.status_history),
  };
}

/** The record of `job` kept in the working set. */
export function compactJob(job: Job, pool: BranchPool): Job {
  const record: Job = {
    id: job.id,
    order_id: job.order_id,
    type: job.type,
    status: job.status,
    notes: '',
    created_at: job.created_at,
    updated_at: job.updated_at,
    rider: rider(job.rider),
    pickups: job.pickups.map((p) => ({
      ...stop(p, pool),
      pickup_slot_from: p.pickup_slot_from,
      pickup_slot_to: p.pickup_slot_to,
    })),
    deliveries: job.deliveries.map((d) => ({
      ...stop(d, pool),
      first_order: d.first_order,
      enable_otp: d.enable_otp,
      otp: '',
      note: '',
      unattended_delivery: d.unattended_delivery,
      leave_at_door: d.leave_at_door,
      dont_ring_bell: d.dont_ring_bell,
      age_restricted_delivery: d.age_restricted_delivery,
      signature_required: d.signature_required,
      signature_image: '',
      proof_of_delivery_images: [],
      payment_type: d.payment_type,
      amount: d.amount,
      tracking_id: d.tracking_id,
      delivery_slot_from: d.delivery_slot_from,
      delivery_slot_to: d.delivery_slot_to,
    })),
    status_history: jobHistory(job.status_history),
    next_status: job.next_status,
  };
  const team = (job as Record<string, unknown>).team_id;
  if (team !== undefined) (record as Record<string, unknown>).team_id = team;
  markCompact(record);
  return record;
}
