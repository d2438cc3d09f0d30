/** The viewer's-zone date-time helpers of the created-time filter (pure, tested in tests/unit). */

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as the value of an `<input type="datetime-local">` in the viewer's zone (minute precision). */
export function toLocalInput(epochSeconds: number | undefined): string {
  if (epochSeconds === undefined) return '';
  const d = new Date(epochSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value (viewer's zone) as epoch seconds. `edge: 'end'` gives the last
 * second of that minute, so "to 10:00" includes everything stamped 10:00:xx (the service's
 * bounds are inclusive). Null when the value is not a date-time.
 */
export function fromLocalInput(value: string, edge: 'start' | 'end' = 'start'): number | null {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, sec] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isFinite(sec) ? sec : 0);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== mo - 1) return null;
  const start = Math.floor(date.getTime() / 1000);
  return edge === 'end' && !m[6] ? start + 59 : start;
}

export type Preset = 'today' | 'last24h' | 'last7d';

export const PRESETS: { id: Preset; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'last24h', label: 'Last 24 h' },
  { id: 'last7d', label: 'Last 7 days' },
];

/**
 * The range of a preset, in the viewer's zone. "Today" is midnight to 23:59:59; the rolling
 * ones start a day or a week before now (to the minute) and stay open-ended so new jobs show.
 */
export function presetRange(
  preset: Preset,
  nowMs = Date.now(),
): { timestamp_from: number; timestamp_to: number | undefined } {
  if (preset === 'today') {
    const d = new Date(nowMs);
    const start = new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0);
    const end = new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59);
    return {
      timestamp_from: Math.floor(start.getTime() / 1000),
      timestamp_to: Math.floor(end.getTime() / 1000),
    };
  }
  const back = preset === 'last24h' ? 86_400 : 7 * 86_400;
  const nowMinute = Math.floor(nowMs / 60_000) * 60;
  return { timestamp_from: nowMinute - back, timestamp_to: undefined };
}
