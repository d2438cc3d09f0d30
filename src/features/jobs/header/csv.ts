import type { Job } from '../../../contract';
import { currencyOf, describeStatus, type RuntimeConfig } from '../../../config';
import { formatWindow, knownTimeZone, viewerTimeZone } from '../../../ui/time-format';
import { amountsOf, formatMoney, lastRemark, addressText } from '../../../job-views';
import { escapeCell, type CsvCell } from '../../../job-views/csv-cells';
import { customerName, customerPhone, phoneOf } from '../../../rules/customer';
import { jobBranches } from '../../../rules/job-branch';
import { earliestOpenSlot, jobLateness, lateRule } from '../../../rules/lateness';

/**
 * The CSV rows of jobs (pure: no papaparse here, it is loaded by csv-export.ts). Only imported by
 * the export chunk and the tests.
 */

export { escapeCell, type CsvCell } from '../../../job-views/csv-cells';

const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/** ISO 8601 in the viewer's zone with its offset ("2026-11-21T09:14:05+01:00"): unambiguous and local. */
export function isoLocal(epochSeconds: number | null): string {
  if (epochSeconds === null) return '';
  const d = new Date(epochSeconds * 1000);
  if (Number.isNaN(d.getTime())) return '';
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

export const CSV_FIELDS = [
  'job_id',
  'order_id',
  'type',
  'status',
  'status_label',
  'rider_id',
  'rider_name',
  'rider_phone',
  'rider_email',
  'branch_ids',
  'branch_names',
  'pickups',
  'deliveries',
  'delivery_customer_names',
  'delivery_customer_phones',
  'delivery_addresses',
  'earliest_open_slot',
  'earliest_open_slot_readable',
  'earliest_open_slot_from',
  'earliest_open_slot_to',
  'late_by_minutes',
  'total_amount',
  'currency',
  'last_remark',
  'last_remark_status',
  'created_at',
  'updated_at',
  'notes',
] as const;

export type CsvConfig = Pick<
  RuntimeConfig,
  'statuses' | 'lateGraceMinutes' | 'currency' | 'branchCurrencies'
>;

/**
 * The slot as a person reads it, in its branch's zone (the viewer's when the branch names
 * none), the zone named: "Pickup, 21 Nov, 09:00–10:00 GMT (Europe/London)".
 */
function readableSlot(slot: NonNullable<ReturnType<typeof earliestOpenSlot>>): string {
  const zone = knownTimeZone(slot.branch?.time_zone) ?? viewerTimeZone();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the file's data, like its headers: one wording whatever the screen's language
  return `${slot.kind === 'pickup' ? 'Pickup' : 'Delivery'}, ${formatWindow(slot.from, slot.to, zone)} (${zone})`;
}

/** One value per delivery, in order, '; ' between them (an empty one keeps its place). */
const perDelivery = (job: Job, read: (d: Job['deliveries'][number]) => string) =>
  job.deliveries.map(read).join('; ');

/**
 * One job's row. `now` (epoch seconds, the export's moment) is when its lateness is read:
 * `late_by_minutes` is whole minutes as the table words it ("late 42 min" is 42), 0 when it is
 * not late, empty when it cannot be (a final job).
 */
export function jobCsvRow(job: Job, config: CsvConfig, now: number): CsvCell[] {
  const rule = lateRule(config);
  const slot = earliestOpenSlot(job, rule);
  const late = jobLateness(job, now, rule);
  const branches = jobBranches(job);
  const rider = job.rider;
  const amounts = amountsOf(job, (branch) => currencyOf(config, branch));
  const remark = lastRemark(job);
  const row: CsvCell[] = [
    job.id,
    job.order_id,
    job.type,
    job.status,
    describeStatus(config, job.status).label,
    rider?.id ?? null,
    rider?.name ?? '',
    rider ? phoneOf(rider.dial_code, rider.mobile) : '',
    rider?.email ?? '',
    branches.map((b) => b.id).join(' '),
    branches.map((b) => b.name).join('; '),
    job.pickups.length,
    job.deliveries.length,
    perDelivery(job, (d) => customerName(d.customer)),
    perDelivery(job, (d) => customerPhone(d.customer)),
    perDelivery(job, (d) => addressText(d.address)),
    slot ? `${slot.kind} ${slot.id}` : '',
    slot ? readableSlot(slot) : '',
    slot ? isoLocal(slot.from) : '',
    slot ? isoLocal(slot.to) : '',
    rule.isFinal(job.status) ? '' : Math.floor(Math.round(late.lateBy) / 60),
    // One currency (the usual case): the number; several: each amount in its currency, as text.
    amounts.length === 1
      ? amounts[0]!.value
      : amounts.map((a) => formatMoney(a.value, a.currency)).join('; '),
    amounts.length === 1 ? amounts[0]!.currency : amounts.length > 1 ? 'mixed' : '',
    remark?.remarks ?? '',
    remark ? describeStatus(config, remark.status).label : '',
    isoLocal(job.created_at),
    isoLocal(job.updated_at),
    job.notes,
  ];
  return row.map(escapeCell);
}
