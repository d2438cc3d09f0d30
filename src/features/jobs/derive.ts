import type { Delivery, Job, Pickup, StatusHistoryEntry, StopBranch } from '../../contract';
import { once } from '../../ui/time-format';
import { isOpenStop, slotOf, type LateRule, type StopKind } from './lateness';

/** Pure facts derived from a job for the table, the drawer and the export. */

export type OpenSlot = {
  kind: StopKind;
  id: number;
  from: number | null;
  to: number | null;
  /** The stop's branch: its time zone is the slot's. */
  branch: StopBranch | null;
};

/**
 * The earliest slot among the job's open stops (by slot start, then end; open as the lateness
 * rule says). Null when no stop is open or no open stop has a slot.
 */
export function earliestOpenSlot(job: Job, rule: Pick<LateRule, 'isFinal'>): OpenSlot | null {
  if (rule.isFinal(job.status)) return null;
  let best: OpenSlot | null = null;
  const consider = (kind: StopKind, stop: Pickup | Delivery) => {
    if (!isOpenStop(stop, rule)) return;
    const slot: OpenSlot = { kind, id: stop.id, ...slotOf(kind, stop), branch: stop.branch };
    const key = slot.from ?? slot.to;
    if (key === null) return;
    const bestKey = best ? (best.from ?? best.to)! : Infinity;
    if (key < bestKey) best = slot;
  };
  for (const p of job.pickups) consider('pickup', p);
  for (const d of job.deliveries) consider('delivery', d);
  return best;
}

export type Money = { value: number; currency: string };

/**
 * The deliveries' amounts summed per currency (a delivery's currency is its branch's, see
 * `currencyOf` in the runtime config). Empty when no delivery states an amount; one entry in
 * the usual case of one currency.
 */
export function amountsOf(job: Job, currencyOf: (branchId: string | null) => string): Money[] {
  const sums = new Map<string, number>();
  for (const d of job.deliveries) {
    if (typeof d.amount !== 'number' || !Number.isFinite(d.amount)) continue;
    const currency = currencyOf(d.branch?.id ?? null);
    sums.set(currency, (sums.get(currency) ?? 0) + d.amount);
  }
  return [...sums].map(([currency, value]) => ({ currency, value: Math.round(value * 100) / 100 }));
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

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in its currency ("£12.50", "₹1,200.00"); a plain number when no currency is set. */
export function formatMoney(value: number, currency: string): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(
      undefined,
      currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
    moneyFormats.set(currency, f);
  }
  return f.format(value);
}

/** Amounts in several currencies side by side ("€12.50 + £3.00"); a dash for none. */
export function formatAmounts(amounts: readonly Money[]): string {
  return amounts.length ? amounts.map((a) => formatMoney(a.value, a.currency)).join(' + ') : '—';
}

/** The latest status-history entry with remarks: the failure reason of a failed job, the last word of any. */
export function lastRemark(job: Job): StatusHistoryEntry | null {
  let latest: StatusHistoryEntry | null = null;
  for (const entry of job.status_history) {
    if (entry.remarks.trim() && (!latest || entry.created_at >= latest.created_at)) latest = entry;
  }
  return latest;
}

/** The job's own zone: its first pickup's branch's `time_zone` ('' when none says). */
export function jobTimeZone(job: Job): string {
  return pickupBranches(job)[0]?.time_zone ?? '';
}

/** Team ids seen in loaded jobs. `team_id` is not in the interface: read where a service sends it. */
export function teamsInJobs(jobs: readonly Job[]): Set<string> {
  const out = new Set<string>();
  for (const job of jobs) {
    const team = (job as Record<string, unknown>).team_id;
    if ((typeof team === 'string' && team.trim()) || typeof team === 'number') out.add(String(team).trim());
  }
  return out;
}

const countFmt = once(() => new Intl.NumberFormat());
export function formatCount(value: number): string {
  return countFmt().format(value);
}
