import { fetchJobs, type ApiClient } from '../../api';
import type { Job } from '../../contract';
import type { RuntimeConfig } from '../../config';
import { CSV_FIELDS, jobCsvRow } from './csv';
import { pageRequest, type Filters } from './search';

/**
 * CSV export and whole-result scans. Loaded on demand (`import('./export')`), and papaparse
 * only inside it, so none of this is in the jobs screen's initial JavaScript.
 */

export async function jobsToCsv(
  jobs: readonly Job[],
  config: Pick<RuntimeConfig, 'statuses'>,
): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    { fields: [...CSV_FIELDS], data: jobs.map((job) => jobCsvRow(job, config)) },
    { newline: '\r\n', escapeFormulae: false },
  );
}

/** Saves text as a file through the browser's download. */
export function download(filename: string, text: string): void {
  // The BOM makes spreadsheet programs read the file as UTF-8 (names, addresses).
  const blob = new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
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

export type ScanProgress = { pagesDone: number; totalPages: number; rows: number };

/**
 * Every job matching the filters, page by page (a few requests at a time, assembled in page
 * order). Stops at `limit` rows, on `signal`, or when a page comes back empty. Jobs seen
 * twice (the result shifted while paging) are kept once.
 */
export async function fetchAllJobs(
  client: ApiClient,
  filters: Filters,
  opts: { limit: number; signal: AbortSignal; onProgress: (p: ScanProgress) => void; concurrency?: number },
): Promise<Job[]> {
  const { limit, signal, onProgress } = opts;
  const first = await fetchJobs(client, pageRequest(filters, 1), signal);
  const seen = new Set<number>();
  const out: Job[] = [];
  const add = (jobs: readonly Job[]) => {
    for (const job of jobs) {
      if (out.length >= limit) return;
      if (seen.has(job.id)) continue;
      seen.add(job.id);
      out.push(job);
    }
  };
  add(first.jobs);
  let totalPages = first.total_pages;
  const perPage = Math.max(first.jobs.length, 1);
  const pagesNeeded = Math.min(totalPages, Math.ceil(Math.min(limit, first.total_records) / perPage));
  onProgress({ pagesDone: 1, totalPages: Math.max(pagesNeeded, 1), rows: out.length });

  const concurrency = opts.concurrency ?? 4;
  let next = 2;
  while (next <= pagesNeeded && out.length < limit) {
    signal.throwIfAborted();
    const batch: number[] = [];
    for (let i = 0; i < concurrency && next <= pagesNeeded; i++) batch.push(next++);
    const pages = await Promise.all(
      batch.map((page) => fetchJobs(client, pageRequest(filters, page), signal)),
    );
    let ended = false;
    for (const page of pages) {
      totalPages = page.total_pages;
      if (page.jobs.length === 0) ended = true;
      add(page.jobs);
    }
    onProgress({
      pagesDone: batch[batch.length - 1]!,
      totalPages: Math.max(Math.min(pagesNeeded, totalPages), 1),
      rows: out.length,
    });
    if (ended) break;
  }
  return out;
}

/**
 * The page (with these filters) that holds a job, looked for page by page; null when no
 * page does. The interface has no "get one job", so this is the only way to find it.
 */
export async function findJobPage(
  client: ApiClient,
  filters: Filters,
  jobId: number,
  opts: { signal: AbortSignal; onProgress: (p: ScanProgress) => void; maxPages?: number },
): Promise<{ page: number; job: Job } | null> {
  let page = 1;
  let totalPages: number;
  const maxPages = opts.maxPages ?? 500;
  do {
    opts.signal.throwIfAborted();
    const res = await fetchJobs(client, pageRequest(filters, page), opts.signal);
    totalPages = res.total_pages;
    const job = res.jobs.find((j) => j.id === jobId);
    opts.onProgress({ pagesDone: page, totalPages: Math.min(totalPages, maxPages), rows: 0 });
    if (job) return { page, job };
    if (res.jobs.length === 0) return null;
    page++;
  } while (page <= totalPages && page <= maxPages);
  return null;
}
