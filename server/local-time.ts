/**
 * Calendar days in a time zone, for the seeded operation (a branch's "today" is its local day)
 * and the start-up move of the data to today. Times are epoch seconds; zones IANA names. An
 * empty or unknown zone reads as UTC (the interface allows a branch without one).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: timeZone || 'UTC',
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
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `at` in `timeZone`, read as if it were UTC (epoch seconds). */
function wallClock(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(at * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) / 1000
  );
}

/** Seconds the zone is ahead of UTC at `at`. */
function offsetAt(at: number, timeZone: string): number {
  return wallClock(at, timeZone) - at;
}

/** The zone's calendar date of `at` as a day number (days since 1970-01-01). */
export function localDayNumber(at: number, timeZone: string): number {
  return Math.floor(wallClock(at, timeZone) / 86_400);
}

/** Local midnight starting the calendar day `daysBefore` days before the local day of `at`. */
export function localDayStart(at: number, timeZone: string, daysBefore = 0): number {
  const midnightAsUtc = (localDayNumber(at, timeZone) - daysBefore) * 86_400;
  // Two rounds find the offset that holds at that midnight, across a DST change.
  let start = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  start = midnightAsUtc - offsetAt(start, timeZone);
  return start;
}

/** Seconds since local midnight. */
export function localSecondOfDay(at: number, timeZone: string): number {
  const wall = wallClock(at, timeZone);
  return wall - Math.floor(wall / 86_400) * 86_400;
}

/** Whole calendar days from the local date of `from` to the local date of `to` (negative if earlier). */
export function calendarDaysBetween(from: number, to: number, timeZone: string): number {
  return localDayNumber(to, timeZone) - localDayNumber(from, timeZone);
}

/** The time zone of this process (the developer's "today"). */
export function processTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
