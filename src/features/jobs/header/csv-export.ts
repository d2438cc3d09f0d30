import type { ApiClient } from '../../../api';
import { scanJobs, type ScanProgress } from '../../../api/scan';
import type { Job } from '../../../contract';
import { downloadFile } from '../../../ui';
import type { Filters } from '../../../job-views';
import { CSV_FIELDS, jobCsvRow, type CsvConfig } from './csv';

/**
 * The CSV export: the file's text (papaparse), its name, its download, and every job matching
 * the filters. Loaded on demand (`import('./csv-export')`), and papaparse only inside it, so
 * none of this is in the jobs screen's initial JavaScript.
 */

/** The file's text; each job's lateness as of `now` (epoch seconds; the moment of the export). */
export async function jobsToCsv(
  jobs: readonly Job[],
  config: CsvConfig,
  now = Date.now() / 1000,
): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    { fields: [...CSV_FIELDS], data: jobs.map((job) => jobCsvRow(job, config, now)) },
    { newline: '\r\n', escapeFormulae: false },
  );
}

/** Saves the CSV text as a file. */
export function download(filename: string, text: string): void {
  // The BOM makes spreadsheet programs read the file as UTF-8 (names, addresses).
  downloadFile(filename, ['\ufeff', text], 'text/csv;charset=utf-8');
}

const stamp = (d = new Date()) =>
  `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}-` +
  `${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}`;

/** "jobs-status-7-branch-LDN-01-page-2-20261121-0914.csv" */
export function exportFilename(filters: Filters, page: number | 'all'): string {
  const parts = ['jobs'];
  if (filters.status !== undefined) parts.push(`status-${filters.status}`);
  if (filters.branch_id) parts.push(`branch-${filters.branch_id}`);
  if (filters.team_id) parts.push(`team-${filters.team_id}`);
  if (filters.timestamp_from !== undefined || filters.timestamp_to !== undefined) parts.push('range');
  parts.push(page === 'all' ? 'all' : `page-${page}`);
  parts.push(stamp());
  return `${parts.join('-').replace(/[^A-Za-z0-9._-]+/g, '_')}.csv`;
}

/**
 * Every job matching the filters (the whole-result scan, src/api/scan.ts), at most `limit`.
 */
export async function fetchAllJobs(
  client: ApiClient,
  filters: Filters,
  opts: { limit: number; signal: AbortSignal; onProgress: (p: ScanProgress) => void },
): Promise<Job[]> {
  const out: Job[] = [];
  await scanJobs(client, filters, {
    cap: opts.limit,
    signal: opts.signal,
    onPage: (jobs, _page, progress) => {
      out.push(...jobs);
      opts.onProgress(progress);
    },
  });
  return out;
}
