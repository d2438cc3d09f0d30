/** The created-time filter's date-time helpers, in a named zone (pure, tested in tests/unit). */
import { epochToZoned, zonedToEpoch } from '../../../ui/time-format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as the value of an `<input type="datetime-local">` showing `zone`'s wall clock (minute precision). */
export function toZonedInput(epochSeconds: number | undefined, zone: string): string {
  if (epochSeconds === undefined) return '';
  const d = epochToZoned(epochSeconds, zone);
  return `${d.year}-${pad(d.month)}-${pad(d.day)}T${pad(d.hour)}:${pad(d.minute)}`;
}

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

export type Preset = 'today' | 'last24h' | 'last7d';

export const PRESETS: { id: Preset; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'last24h', label: 'Last 24 h' },
  { id: 'last7d', label: 'Last 7 days' },
];

/**
 * The range of a preset. "Today" is midnight to 23:59:59 of today in `zone`; the rolling ones
 * start a day or a week before now (to the minute) and stay open-ended so new jobs show.
 */
export function presetRange(
  preset: Preset,
  zone: string,
  nowMs = Date.now(),
): { timestamp_from: number; timestamp_to: number | undefined } {
  if (preset === 'today') {
    const d = epochToZoned(Math.floor(nowMs / 1000), zone);
    const day = { year: d.year, month: d.month, day: d.day };
    return {
      timestamp_from: zonedToEpoch({ ...day, hour: 0, minute: 0 }, zone),
      timestamp_to: zonedToEpoch({ ...day, hour: 23, minute: 59, second: 59 }, zone),
    };
  }
  const back = preset === 'last24h' ? 86_400 : 7 * 86_400;
  const nowMinute = Math.floor(nowMs / 60_000) * 60;
  return { timestamp_from: nowMinute - back, timestamp_to: undefined };
}
