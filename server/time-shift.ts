/**
 * Development start-up: moves the stored operation to today, so a database seeded days ago
 * still shows today's work (server/main.ts calls it unless NODE_ENV=production).
 *
 * The data describes one moment, its reference time (server/meta.ts). Every stored time of the
 * operation moves forward by the whole days between the reference time's date and today's
 * (in this process's time zone): jobs, their histories, stops and their slots, riders. Times
 * of day stay, so slots stay at the same hours (an hour off across a DST change). Branches are
 * not touched: they hold what users edit. When the moved reference time lies later in the day
 * than now, what would happen after now is taken back: bookings made after now are removed,
 * later status changes undone (statuses follow the history that remains), and rider reports
 * dated after now are dated now. The reference time becomes now in that case, else it is the
 * moved one (the simulation, when on, catches up from there).
 */
import type { Database } from './db';
import { calendarDaysBetween } from './local-time';
import { getReferenceTime, setReferenceTime } from './meta';
import { STATUS } from './statuses';

export interface MoveResult {
  /** Whole days every stored time moved forward. */
  days: number;
  /** Jobs removed because they were booked after now. */
  removedJobs: number;
  /** The moment the data describes now. */
  referenceTime: number;
}

const DAY = 86_400;

/**
 * Moves the data to today (`now` in epoch seconds, today's date in `timeZone`). Returns null,
 * changing nothing, when the database records no reference time (seeded by an older version).
 */
export function moveToToday(db: Database, now: number, timeZone: string): MoveResult | null {
  const recorded = getReferenceTime(db);
  if (recorded === undefined) return null;
  return db.transaction((): MoveResult => {
    const days = Math.max(0, calendarDaysBetween(recorded, now, timeZone));
    if (days > 0) shiftTimes(db, days * DAY);
    const moved = recorded + days * DAY;
    const removedJobs = moved > now ? takeBackAfter(db, now) : 0;
    const referenceTime = Math.min(moved, now);
    setReferenceTime(db, referenceTime);
    return { days, removedJobs, referenceTime };
  })();
}

function shiftTimes(db: Database, seconds: number): void {
  const statements = [
    'UPDATE jobs SET created_at = created_at + @s, updated_at = updated_at + @s',
    'UPDATE job_status_history SET created_at = created_at + @s',
    `UPDATE pickups SET slot_from = slot_from + @s, slot_to = slot_to + @s,
       created_at = created_at + @s, updated_at = updated_at + @s`,
    `UPDATE deliveries SET slot_from = slot_from + @s, slot_to = slot_to + @s,
       created_at = created_at + @s, updated_at = updated_at + @s`,
    'UPDATE stop_status_history SET created_at = created_at + @s',
    'UPDATE riders SET created_at = created_at + @s, updated_at = updated_at + @s',
  ];
  for (const sql of statements) db.prepare(sql).run({ s: seconds });
}

/** Undoes everything dated after `now`; returns the number of jobs removed. */
function takeBackAfter(db: Database, now: number): number {
  const removed = db.prepare('DELETE FROM jobs WHERE created_at > ?').run(now).changes; // stops, packages, histories cascade
  db.prepare('DELETE FROM job_status_history WHERE created_at > ?').run(now);
  db.prepare('DELETE FROM stop_status_history WHERE created_at > ?').run(now);
  const last = (column: string, owner: string, field: 'status' | 'created_at') =>
    `(SELECT h.${field} FROM ${owner === 'jobs' ? 'job_status_history' : 'stop_status_history'} h
       WHERE h.${column} = ${owner}.id ORDER BY h.id DESC LIMIT 1)`;
  db.prepare(
    `UPDATE jobs SET status = ${last('job_id', 'jobs', 'status')},
       updated_at = ${last('job_id', 'jobs', 'created_at')} WHERE updated_at > ?`,
  ).run(now);
  for (const [table, column] of [
    ['pickups', 'pickup_id'],
    ['deliveries', 'delivery_id'],
  ] as const) {
    db.prepare(
      `UPDATE ${table} SET status = coalesce(${last(column, table, 'status')}, ${STATUS.CREATED}),
         updated_at = coalesce(${last(column, table, 'created_at')}, created_at) WHERE updated_at > ?`,
    ).run(now);
  }
  // Proof of delivery belongs to delivered parcels only.
  db.prepare(
    `UPDATE deliveries SET signature_image = '', proof_of_delivery_images = '[]'
     WHERE status <> ${STATUS.DELIVERED} AND (signature_image <> '' OR proof_of_delivery_images <> '[]')`,
  ).run();
  db.prepare('UPDATE riders SET updated_at = ? WHERE updated_at > ?').run(now, now);
  return removed;
}

/** One line for the start-up log. */
export function describeMove(result: MoveResult | null, timeZone: string): string {
  if (result === null)
    return 'Data: no reference time recorded (seeded by an older version), left as it is; delete the database file to seed a current operation';
  const asOf = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(result.referenceTime * 1000));
  const removed =
    result.removedJobs > 0
      ? `; ${result.removedJobs} ${result.removedJobs === 1 ? 'job' : 'jobs'} booked later in the day removed`
      : '';
  return result.days === 0
    ? `Data: today's, as of ${asOf}${removed}`
    : `Data: moved forward ${result.days} ${result.days === 1 ? 'day' : 'days'} to today, as of ${asOf}${removed}`;
}
