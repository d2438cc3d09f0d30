/** Jobs for the rules' tests: the fixture job, its slots and rider set around NOW. */
import { RuntimeConfig } from '../../src/config';
import { Job, type Delivery, type Pickup, type Rider } from '../../src/contract';
import { job as rawJob } from './fixtures';

export const NOW = 1_700_100_000;
export const MIN = 60;
export const HOUR = 3600;

/** The shipped dictionary's shape: stuck thresholds, in-progress statuses, outcomes. */
export const config = RuntimeConfig.parse({
  statuses: {
    '1': { label: 'Created', stuckAfterMinutes: 30 },
    '2': { label: 'Assigned', stuckAfterMinutes: 30 },
    '3': { label: 'Accepted' },
    '4': { label: 'At pickup', stuckAfterMinutes: 30, inProgress: true },
    '5': { label: 'Picked up', stuckAfterMinutes: 20 },
    '6': { label: 'In transit', inProgress: true },
    '7': { label: 'Delivered', final: true, outcome: 'success' },
    '8': { label: 'Failed', final: true, outcome: 'failure' },
    '9': { label: 'Cancelled', final: true, outcome: 'cancelled' },
    '10': { label: 'Returned', final: true, outcome: 'failure' },
    '11': { label: 'Archived', final: true },
  },
  lateGraceMinutes: 5,
  atRiskMinutes: 30,
  staleRiderMinutes: 15,
});

const base = Job.parse(rawJob);

/** A rider with a position, last seen `ago` seconds before NOW. */
export function rider(ago: number, id = 17): Rider {
  return {
    ...base.rider!,
    id,
    name: `Rider ${id}`,
    last_coordinates: { latitude: 51.5, longitude: -0.12 },
    updated_at: NOW - ago,
  };
}

export type JobOptions = {
  /** The job's status, in it since `since` (its last history entry). */
  status?: number;
  since?: number;
  /** Each pickup's changes over the fixture's (one by default). */
  pickups?: Partial<Pickup>[];
  deliveries?: Partial<Delivery>[];
  rider?: Rider | null;
  created?: number;
  history?: Job['status_history'];
  branch?: string;
};

/**
 * A job in Accepted for 10 minutes, its pickup's slot ending in 3 hours, its delivery's in 5,
 * its rider seen a minute ago: nothing to report, unless the options say otherwise.
 */
export function makeJob(id: number, o: JobOptions = {}): Job {
  const status = o.status ?? 3;
  const branch = { ...base.pickups[0]!.branch!, id: o.branch ?? 'LDN-01' };
  const actor = base.status_history[0]!.created_by;
  return {
    ...base,
    id,
    order_id: `ORD-${id}`,
    status,
    created_at: o.created ?? NOW - 2 * HOUR,
    updated_at: o.since ?? NOW - 10 * MIN,
    rider: o.rider === undefined ? rider(MIN) : o.rider,
    status_history: o.history ?? [
      { status: 1, remarks: '', created_by: actor, created_at: o.created ?? NOW - 2 * HOUR },
      { status, remarks: '', created_by: actor, created_at: o.since ?? NOW - 10 * MIN },
    ],
    pickups: (o.pickups ?? [{}]).map((p, i) => ({
      ...base.pickups[0]!,
      id: id * 10 + i,
      branch,
      pickup_slot_from: NOW + 2 * HOUR,
      pickup_slot_to: NOW + 3 * HOUR,
      ...p,
    })),
    deliveries: (o.deliveries ?? [{}]).map((d, i) => ({
      ...base.deliveries[0]!,
      id: id * 10 + 5 + i,
      branch,
      delivery_slot_from: NOW + 4 * HOUR,
      delivery_slot_to: NOW + 5 * HOUR,
      ...d,
    })),
  };
}

/** A job history entry. */
export function entry(status: number, at: number, remarks = ''): Job['status_history'][number] {
  return { status, remarks, created_by: base.status_history[0]!.created_by, created_at: at };
}
