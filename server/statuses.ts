/**
 * The status dictionary of the reference server. It is also the dashboard's default
 * dictionary (runtime config), so the codes and labels must stay in step with it.
 * Jobs, pickups and deliveries share the codes; each kind only uses the ones that fit it.
 */
export const STATUS = {
  CREATED: 1,
  ASSIGNED: 2,
  ACCEPTED: 3,
  AT_PICKUP: 4,
  PICKED_UP: 5,
  IN_TRANSIT: 6,
  DELIVERED: 7,
  FAILED: 8,
  CANCELLED: 9,
  RETURNED: 10,
} as const;
export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

/**
 * Final statuses: the work is over (delivered, failed, cancelled or returned), so its stops are
 * never late. The dashboard's dictionary marks the same codes `final`. Every other status is
 * open work.
 */
export const FINAL_STATUSES: readonly number[] = [
  STATUS.DELIVERED,
  STATUS.FAILED,
  STATUS.CANCELLED,
  STATUS.RETURNED,
];
export const OPEN_STATUSES: readonly number[] = [
  STATUS.CREATED,
  STATUS.ASSIGNED,
  STATUS.ACCEPTED,
  STATUS.AT_PICKUP,
  STATUS.PICKED_UP,
  STATUS.IN_TRANSIT,
];

export function isFinalStatus(status: number): boolean {
  return FINAL_STATUSES.includes(status);
}

export const STATUS_LABELS: Readonly<Record<StatusCode, string>> = {
  1: 'Created',
  2: 'Assigned',
  3: 'Accepted',
  4: 'At pickup',
  5: 'Picked up',
  6: 'In transit',
  7: 'Delivered',
  8: 'Failed',
  9: 'Cancelled',
  10: 'Returned',
};

const {
  CREATED,
  ASSIGNED,
  ACCEPTED,
  AT_PICKUP,
  PICKED_UP,
  IN_TRANSIT,
  DELIVERED,
  FAILED,
  CANCELLED,
  RETURNED,
} = STATUS;

const JOB_NEXT: Readonly<Record<number, readonly number[]>> = {
  [CREATED]: [ASSIGNED, CANCELLED],
  [ASSIGNED]: [ACCEPTED, ASSIGNED, CANCELLED],
  [ACCEPTED]: [AT_PICKUP, ASSIGNED, CANCELLED],
  [AT_PICKUP]: [PICKED_UP, CANCELLED],
  [PICKED_UP]: [IN_TRANSIT],
  [IN_TRANSIT]: [DELIVERED, FAILED],
  [FAILED]: [IN_TRANSIT, RETURNED],
};

/** A pickup waits (Created), is being collected (At pickup), then is done (Picked up). */
const PICKUP_NEXT: Readonly<Record<number, readonly number[]>> = {
  [CREATED]: [AT_PICKUP, CANCELLED],
  [AT_PICKUP]: [PICKED_UP, CANCELLED],
};

/** A delivery waits (Created), travels (In transit), then ends Delivered, Failed or Returned. */
const DELIVERY_NEXT: Readonly<Record<number, readonly number[]>> = {
  [CREATED]: [IN_TRANSIT, CANCELLED],
  [IN_TRANSIT]: [DELIVERED, FAILED],
  [FAILED]: [IN_TRANSIT, RETURNED],
};

export type StopKind = 'pickup' | 'delivery';

export function nextJobStatuses(status: number): number[] {
  return [...(JOB_NEXT[status] ?? [])];
}

export function nextStopStatuses(kind: StopKind, status: number): number[] {
  return [...((kind === 'pickup' ? PICKUP_NEXT : DELIVERY_NEXT)[status] ?? [])];
}

/** `in_progress` and `completed` of a stop follow from its status; they are not stored. */
export function stopProgress(kind: StopKind, status: number): { in_progress: boolean; completed: boolean } {
  if (kind === 'pickup') {
    return { in_progress: status === AT_PICKUP, completed: status === PICKED_UP };
  }
  return { in_progress: status === IN_TRANSIT, completed: status === DELIVERED || status === RETURNED };
}
