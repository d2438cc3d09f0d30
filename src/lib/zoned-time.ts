/**
 * Wall clocks and calendar days in a time zone (IANA names; epoch seconds), for the dashboard
 * (dates typed in a branch's zone, a branch's "today") and the reference server (its seeded
 * operation's days). An empty or unknown zone reads as UTC: the interface allows a branch
 * without one, and a service may send a name this runtime does not know.
 */

export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone || 'UTC',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = formatter('UTC');
    }
    formatters.set(zone, format);
  }
  return format;
}

/** The wall clock of `at` in `zone`, read as if it were UTC (epoch seconds). */
function wallAsUtc(at: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(Math.floor(at) * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) / 1000
  );
}

/** Seconds that `zone`'s wall clock is ahead of UTC at `at`. */
function offsetAt(at: number, zone: string): number {
  return wallAsUtc(at, zone) - Math.floor(at);
}

/** The wall-clock fields of a moment in a zone. */
export function epochToZoned(at: number, zone: string): WallClock {
  const wall = new Date(wallAsUtc(at, zone) * 1000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * The epoch seconds at which `zone`'s wall clock shows this date and time. A time shown twice
 * (clocks going back) is the first; a time skipped (clocks going forward) is read with the
 * offset before the change, so it lands just after it, as Date does in the viewer's zone.
 */
export function zonedToEpoch(wall: Omit<WallClock, 'second'> & { second?: number }, zone: string): number {
  const asUtc =
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0) / 1000;
  const before = offsetAt(asUtc - 86_400, zone);
  const after = offsetAt(asUtc + 86_400, zone);
  const fits = [asUtc - before, asUtc - after].filter((t) => t + offsetAt(t, zone) === asUtc);
  return fits.length ? Math.min(...fits) : asUtc - before;
}

/** The zone's calendar date of `at` as a day number (days since 1970-01-01). */
export function localDayNumber(at: number, zone: string): number {
  return Math.floor(wallAsUtc(at, zone) / 86_400);
}

/** Local midnight starting the calendar day `daysBefore` days before the local day of `at`. */
export function localDayStart(at: number, zone: string, daysBefore = 0): number {
  const midnightAsUtc = (localDayNumber(at, zone) - daysBefore) * 86_400;
  // Two rounds find the offset that holds at that midnight, across a DST change.
  let start = midnightAsUtc - offsetAt(midnightAsUtc, zone);
  start = midnightAsUtc - offsetAt(start, zone);
  return start;
}

/** Seconds since local midnight. */
export function localSecondOfDay(at: number, zone: string): number {
  const wall = wallAsUtc(at, zone);
  return wall - Math.floor(wall / 86_400) * 86_400;
}

/** Whole calendar days from the local date of `from` to the local date of `to` (negative if earlier). */
export function calendarDaysBetween(from: number, to: number, zone: string): number {
  return localDayNumber(to, zone) - localDayNumber(from, zone);
}
