import type { Job, StopBranch } from '../../contract';
import { once } from '../../ui/time-format';

/** Pure facts derived from a job for the table, the drawer and the export. */

export type OpenSlot = { kind: 'pickup' | 'delivery'; id: number; from: number | null; to: number | null };

/**
 * The earliest slot among the job's stops that are not completed (by slot start, then end).
 * Null when every stop is completed or no open stop has a slot.
 */
export function earliestOpenSlot(job: Job): OpenSlot | null {
  let best: OpenSlot | null = null;
  const consider = (slot: OpenSlot) => {
    const key = slot.from ?? slot.to;
    if (key === null) return;
    const bestKey = best ? (best.from ?? best.to)! : Infinity;
    if (key < bestKey) best = slot;
  };
  for (const p of job.pickups) {
    if (!p.completed) consider({ kind: 'pickup', id: p.id, from: p.pickup_slot_from, to: p.pickup_slot_to });
  }
  for (const d of job.deliveries) {
    if (!d.completed)
      consider({ kind: 'delivery', id: d.id, from: d.delivery_slot_from, to: d.delivery_slot_to });
  }
  return best;
}

/** Sum of the deliveries' amounts; null when no delivery states an amount. */
export function totalAmount(job: Job): number | null {
  let sum: number | null = null;
  for (const d of job.deliveries) {
    if (typeof d.amount === 'number' && Number.isFinite(d.amount)) sum = (sum ?? 0) + d.amount;
  }
  return sum === null ? null : Math.round(sum * 100) / 100;
}

/** The distinct branches of the job's pickups, in order. */
export function pickupBranches(job: Job): StopBranch[] {
  const seen = new Map<string, StopBranch>();
  for (const p of job.pickups) if (p.branch && !seen.has(p.branch.id)) seen.set(p.branch.id, p.branch);
  return [...seen.values()];
}

/** Branches seen in loaded jobs (pickups and deliveries), by id. */
export function branchesInJobs(jobs: readonly Job[]): Map<string, StopBranch> {
  const out = new Map<string, StopBranch>();
  for (const job of jobs) {
    for (const stop of [...job.pickups, ...job.deliveries]) {
      if (stop.branch && !out.has(stop.branch.id)) out.set(stop.branch.id, stop.branch);
    }
  }
  return out;
}

/** "+44 7700 900123" from a dial code and a number, either of which may be empty. */
export function phoneOf(dialCode: string, mobile: string): string {
  const code = dialCode.trim();
  const number = mobile.trim();
  if (!number) return '';
  if (!code || number.startsWith('+')) return number;
  return `${code.startsWith('+') ? code : `+${code}`} ${number}`;
}

/**
 * The first and last row numbers of a page. The page size is not in the interface, so it
 * is inferred from the rows: a full page before the last one holds `rows` rows; on the last
 * page, the rows before it are spread over the earlier pages.
 */
export function pageRange(
  page: number,
  rows: number,
  totalRecords: number,
  totalPages: number,
): { first: number; last: number } | null {
  if (rows === 0) return null;
  let size = rows;
  if (page >= totalPages && totalPages > 1)
    size = Math.max(rows, Math.round((totalRecords - rows) / (totalPages - 1)));
  const first = Math.min((page - 1) * size + 1, Math.max(1, totalRecords - rows + 1));
  return { first, last: first + rows - 1 };
}

const amountFmt = once(
  () => new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
export function formatAmount(value: number | null): string {
  return value === null ? '—' : amountFmt().format(value);
}

const countFmt = once(() => new Intl.NumberFormat());
export function formatCount(value: number): string {
  return countFmt().format(value);
}
