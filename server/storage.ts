/**
 * Whether the database can take a change now, for the health check: it finds a database it
 * cannot write before a PUT does (what a failed write answers: `storageError` in errors.ts).
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './db';
import { MEMORY } from './db';
import { FULL } from './errors';

/** Below this much free space on the database's disk, changes may no longer fit. */
export const MIN_FREE_BYTES = 16 * 2 ** 20;

/**
 * Why the database cannot take a change now, or null: a write into `meta` that is rolled back
 * (a read-only file or mount, a lock held too long), the database at its page limit, or too
 * little free space left on its disk.
 */
export function storageProblem(db: Database, path: string): string | null {
  try {
    db.transaction(() => {
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('health_probe', '1')").run();
      throw ROLLBACK;
    })();
  } catch (error) {
    if (error !== ROLLBACK) return `The database cannot be written (${describeError(error)})`;
  }
  const pages = db.pragma('page_count', { simple: true }) as number;
  const maxPages = db.pragma('max_page_count', { simple: true }) as number;
  if (pages >= maxPages) return `${FULL} (${pages} pages, its limit)`;
  if (path !== MEMORY) {
    const disk = statfsSync(dirname(path));
    const free = disk.bavail * disk.bsize;
    if (free < MIN_FREE_BYTES) return `${FULL} (${(free / 2 ** 20).toFixed(1)} MiB free on its disk)`;
  }
  return null;
}

const ROLLBACK = new Error('rollback');

/** "SQLITE_READONLY: attempt to write a readonly database". */
export function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return typeof code === 'string' ? `${code}: ${text}` : text;
}
