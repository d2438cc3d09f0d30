import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { applyMigrations } from './migrations';
import { deliveryTerms } from './search-terms';

export type Database = BetterSqlite3.Database;

export const MEMORY = ':memory:';

/**
 * Opens (creating when needed) the database at `path` (`:memory:` allowed), configures the
 * connection and brings the schema up to date.
 */
export function openDatabase(path: string): Database {
  if (path !== MEMORY) mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path);
  try {
    if (path !== MEMORY) {
      db.pragma('journal_mode = WAL');
      // With WAL, NORMAL keeps the database consistent; only the last commits can be lost on power loss.
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Called by the triggers that keep the search terms (migration 4): every connection that
    // writes deliveries needs it.
    db.function('search_terms', { deterministic: true }, (trackingId, customer) =>
      JSON.stringify(deliveryTerms(String(trackingId ?? ''), typeof customer === 'string' ? customer : null)),
    );
    applyMigrations(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
