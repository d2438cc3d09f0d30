/**
 * The control room's window (pure): what to read from the service and which of the jobs read
 * count. "Today" is each branch's own day: a job counts from midnight in its branch's time zone
 * (the viewer's when its branch names none), so the read covers the last day and the jobs are
 * kept by their own zone. Rolling windows read from the hour before their start, so the read's
 * filters, and so the read itself, change once an hour rather than on every tick of the clock.
 */
import type { Job } from '../../contract';
import { localDayStart } from '../../lib/zoned-time';
import type { ControlRoomSearch } from './control-room-search';

const HOUR = 3600;
const DAY = 86_400;
/** The rolling windows' lengths: the last 24 hours, and today with the 6 days before it. */
export const ROLLING_HOURS = 24;
export const ROLLING_DAYS = 7;

export type ControlRoomWindow = {
  /** The `created_at` range asked of the service. */
  read: { timestamp_from: number; timestamp_to?: number };
  /** Whether a job read counts in the window at `now`. */
  keeps: (job: Job) => boolean;
  /** The figures' range: buckets start at `from`. */
  range: { from: number; to: number };
};

/**
 * The window of `search` at `now` (epoch seconds). `zoneOf` gives a job's zone (its branch's,
 * else the viewer's); `zone` is the zone the screen's hours are told in.
 */
export function controlRoomWindow(
  search: Pick<ControlRoomSearch, 'window' | 'from' | 'to'>,
  now: number,
  zoneOf: (job: Job) => string,
  zone: string,
): ControlRoomWindow {
  const hourBefore = (t: number) => Math.floor(t / HOUR) * HOUR;
  switch (search.window) {
    case 'custom': {
      const from = search.from ?? now - DAY;
      const to = search.to ?? now;
      return {
        read: { timestamp_from: from, timestamp_to: search.to },
        keeps: (job) => job.created_at >= from && job.created_at <= to,
        range: { from, to: Math.max(to, from + HOUR) },
      };
    }
    case '24h': {
      const from = now - ROLLING_HOURS * HOUR;
      return {
        read: { timestamp_from: hourBefore(from) },
        keeps: (job) => job.created_at >= from,
        range: { from: hourBefore(from), to: now },
      };
    }
    case '7d': {
      // Today and the six days before it, each job by its own zone's calendar.
      return {
        read: { timestamp_from: hourBefore(now - ROLLING_DAYS * DAY) },
        keeps: (job) => job.created_at >= localDayStart(now, zoneOf(job), ROLLING_DAYS - 1),
        range: { from: localDayStart(now, zone, ROLLING_DAYS - 1), to: localDayStart(now, zone, -1) },
      };
    }
    default: {
      const start = localDayStart(now, zone);
      return {
        // Every zone's midnight is within the last day.
        read: { timestamp_from: hourBefore(now - DAY) },
        keeps: (job) => job.created_at >= localDayStart(now, zoneOf(job)),
        range: { from: start, to: start + DAY },
      };
    }
  }
}
