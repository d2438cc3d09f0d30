/** What the scenarios look for in the seeded data, read from the database (read-only). */
import BetterSqlite3 from 'better-sqlite3';
import type { DrawerTarget } from './jobs-figures';

export const PAGE_SIZE = 20;

/**
 * The job whose status history has the number of entries closest to `entries` (at least that
 * many), and the /jobs link that shows it in the table: filtered by its status and branch, on
 * the page where the service's order (created_at DESC, id DESC) puts it.
 */
export function drawerTarget(dbPath: string, entries: number): DrawerTarget {
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const found = db
      .prepare(
        `SELECT job_id AS id, count(*) AS n FROM job_status_history GROUP BY job_id HAVING n >= ?
         ORDER BY n - ?, job_id LIMIT 1`,
      )
      .get(entries, entries) as { id: number; n: number } | undefined;
    if (!found) throw new Error(`no job has ${entries} or more status history entries`);
    const job = db.prepare('SELECT status, branch_id, created_at FROM jobs WHERE id = ?').get(found.id) as {
      status: number;
      branch_id: string;
      created_at: number;
    };
    const before = db
      .prepare(
        `SELECT count(*) FROM jobs WHERE status = @status AND branch_id = @branch_id
         AND (created_at > @created_at OR (created_at = @created_at AND id > @id))`,
      )
      .pluck()
      .get({ ...job, id: found.id }) as number;
    const page = Math.floor(before / PAGE_SIZE) + 1;
    const search = new URLSearchParams({
      page: String(page),
      status: String(job.status),
      branch_id: job.branch_id,
    });
    return { jobId: found.id, historyEntries: found.n, path: `/jobs?${search}` };
  } finally {
    db.close();
  }
}

/** The branch with the most jobs of `status`: the load test's filter. */
export function busiestBranch(dbPath: string, status: number): string {
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'SELECT branch_id FROM jobs WHERE status = ? GROUP BY branch_id ORDER BY count(*) DESC, branch_id LIMIT 1',
      )
      .pluck()
      .get(status) as string;
  } finally {
    db.close();
  }
}
