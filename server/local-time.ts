/**
 * The reference server's clock: calendar days in a branch's zone come from src/lib/zoned-time.ts
 * (shared with the dashboard), and the developer's own zone says what "today" is on start.
 */
export { calendarDaysBetween, localDayStart, localSecondOfDay } from '../src/lib/zoned-time';

/** The time zone of this process (the developer's "today"). */
export function processTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
