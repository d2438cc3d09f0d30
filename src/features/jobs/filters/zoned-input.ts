/**
 * A datetime-local value read in a named zone (pure, tested in tests/unit). Only the created-time
 * popover reads typed bounds: this stays out of the first load (time-range.ts shows them).
 */
import { zonedToEpoch } from '../../../ui/time-format';

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value, read as `zone`'s wall clock, as epoch seconds. `edge: 'end'` gives
 * the last second of that minute, so "to 10:00" includes everything stamped 10:00:xx (the
 * service's bounds are inclusive). Null when the value is not a date-time.
 */
export function fromZonedInput(value: string, zone: string, edge: 'start' | 'end' = 'start'): number | null {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return null;
  const [, year, month, day, hour, minute, second] = m.map(Number) as number[];
  const check = new Date(Date.UTC(year!, month! - 1, day!));
  if (check.getUTCMonth() !== month! - 1 || hour! > 23 || minute! > 59) return null;
  const start = zonedToEpoch(
    {
      year: year!,
      month: month!,
      day: day!,
      hour: hour!,
      minute: minute!,
      second: Number.isFinite(second) ? second : 0,
    },
    zone,
  );
  return edge === 'end' && !m[6] ? start + 59 : start;
}
