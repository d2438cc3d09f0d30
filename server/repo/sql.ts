import type { Database } from '../db';
import type { Actor, Page } from './resources';

/**
 * Binds a list of ids as ONE parameter (`IN (SELECT value FROM json_each(?))`), so a batched
 * lookup is a single prepared statement whatever the number of ids.
 */
export const IN_IDS = 'IN (SELECT value FROM json_each(?))';
export const idList = (ids: readonly (number | string)[]) => JSON.stringify(ids);

export interface ActorColumns {
  actor_type: string;
  actor_id: string;
  actor_name: string;
}

export const actorOf = (row: ActorColumns): Actor => ({
  user_type: row.actor_type,
  user_id: row.actor_id,
  user_name: row.actor_name,
});

export const bool = (value: number) => value === 1;

export function pageInfo(total: number, page: number, pageSize: number): Page & { offset: number } {
  return {
    total_records: total,
    page,
    total_pages: Math.ceil(total / pageSize),
    offset: (page - 1) * pageSize,
  };
}

/** Groups rows by a key, keeping their order. */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * A token that changes whenever the database may have changed: writes on this connection
 * (total_changes) or commits by any other connection (data_version).
 */
export function dataVersionReader(db: Database): () => string {
  const statement = db
    .prepare('SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version')
    .raw();
  return () => (statement.get() as [number, number]).join(':');
}
