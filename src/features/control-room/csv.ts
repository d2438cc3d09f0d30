/**
 * The control room's CSV files (pure rows; papaparse is loaded by the export, csv-export.ts):
 * the exceptions as listed and the riders as shown. Times are ISO 8601 in the zone of the
 * job's branch (the rider's: of their first job seen), that zone named in its own column; cells
 * pass the dashboard's formula and bidi guard (job-views/csv-cells.ts).
 */
import type { Job } from '../../contract';
import { escapeCell, isoInZone, jobTimeZone, type CsvCell } from '../../job-views';
import { phoneOf } from '../../rules/customer';
import type { ExceptionReason, JobException } from '../../rules/exceptions';
import { jobBranchId } from '../../rules/job-branch';
import type { RiderLine } from './rider-columns';

/** A job's zone: its branch's, else `fallback` (the viewer's). */
const zoneOf = (job: Job, known: (zone: string) => string | null, fallback: string) =>
  known(jobTimeZone(job)) ?? fallback;

export const EXCEPTION_FIELDS = [
  'job_id',
  'order_id',
  'reasons',
  'why',
  'status',
  'status_label',
  'branch_id',
  'branch_name',
  'rider_id',
  'rider_reference_id',
  'rider_name',
  'rider_phone',
  'time_zone',
  'created_at',
  'updated_at',
] as const;

export type CsvWords = {
  statusLabel: (code: number) => string;
  /** A reason in words in the chosen language (the `why` column; `reasons` holds their codes). */
  reasonText: (reason: ExceptionReason, status: string) => string;
  branchName: (id: string) => string;
  /** The zone when the runtime knows it, else null. */
  knownZone: (zone: string) => string | null;
  viewerZone: string;
};

export function exceptionCsvRow(e: JobException, words: CsvWords): CsvCell[] {
  const { job } = e;
  const zone = zoneOf(job, words.knownZone, words.viewerZone);
  const branch = jobBranchId(job);
  const rider = job.rider;
  const row: CsvCell[] = [
    job.id,
    job.order_id,
    e.reasons.map((r) => r.kind).join(' '),
    e.reasons.map((r) => words.reasonText(r, words.statusLabel(job.status))).join('; '),
    job.status,
    words.statusLabel(job.status),
    branch,
    branch ? words.branchName(branch) : '',
    rider?.id ?? null,
    rider?.reference_id ?? '',
    rider?.name ?? '',
    rider ? phoneOf(rider.dial_code, rider.mobile) : '',
    zone,
    isoInZone(job.created_at, zone),
    isoInZone(job.updated_at, zone),
  ];
  return row.map(escapeCell);
}

export const RIDER_FIELDS = [
  'rider_id',
  'reference_id',
  'name',
  'phone',
  'on_duty',
  'branch_ids',
  'open_jobs',
  'carrying_now',
  'late_stops',
  'not_reporting',
  'time_zone',
  'last_seen',
  'jobs_in_window',
  'completed',
  'failed',
  'on_time_share',
] as const;

export function riderCsvRow(r: RiderLine, words: Pick<CsvWords, 'knownZone' | 'viewerZone'>): CsvCell[] {
  const first = r.open[0];
  const zone = first ? zoneOf(first, words.knownZone, words.viewerZone) : words.viewerZone;
  const onTime = r.window?.onTime.value ?? null;
  const row: CsvCell[] = [
    r.id,
    r.rider.reference_id,
    r.name,
    phoneOf(r.rider.dial_code, r.rider.mobile),
    r.open.length > 0,
    [...r.branches].join(' '),
    r.open.length,
    r.window?.carrying ?? 0,
    r.lateStops,
    r.stale,
    zone,
    isoInZone(r.lastSeen, zone),
    r.window?.jobs ?? 0,
    r.window?.completed ?? 0,
    r.window?.failed ?? 0,
    onTime === null ? '' : Math.round(onTime * 1000) / 1000,
  ];
  return row.map(escapeCell);
}
