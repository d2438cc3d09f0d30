/**
 * Times in the viewer's zone, as text. Pure (no React): the export and the tests use them too.
 * Formatters are built on first use, not when the module is evaluated (the first use of Intl
 * in a page costs 15-45 ms while ICU opens its data).
 */

/** A value built on first use. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The viewer's IANA time zone, e.g. "Europe/London". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A date-time formatter in the viewer's locale and zone, built on first use. */
const dateTimeFormat = (options: Intl.DateTimeFormatOptions) => once(() => new Intl.DateTimeFormat(undefined, options));
const HOUR_MINUTE = { hour: '2-digit', minute: '2-digit' } as const;
const SHORT = { month: 'short', day: '2-digit', ...HOUR_MINUTE } as const;

const dateTimeFmt = dateTimeFormat({ year: 'numeric', ...SHORT, second: '2-digit', timeZoneName: 'short' });
const shortFmt = dateTimeFormat(SHORT);
const timeFmt = dateTimeFormat(HOUR_MINUTE);

/** Exact time in the viewer's zone, with the zone named ("21 Nov 2026, 09:14:05 GMT"). */
export function formatDateTime(epochSeconds: number): string {
  return dateTimeFmt().format(new Date(epochSeconds * 1000));
}

/** Compact date and time in the viewer's zone ("21 Nov, 09:14"). */
export function formatShort(epochSeconds: number): string {
  return shortFmt().format(new Date(epochSeconds * 1000));
}

/** A slot window in the viewer's zone ("21 Nov, 09:00–11:00"). */
export function formatWindow(from: number | null, to: number | null): string {
  if (from === null && to === null) return '—';
  if (from === null) return `until ${formatShort(to!)}`;
  if (to === null) return `from ${formatShort(from)}`;
  const sameDay = new Date(from * 1000).toDateString() === new Date(to * 1000).toDateString();
  return sameDay
    ? `${formatShort(from)}–${timeFmt().format(new Date(to * 1000))}`
    : `${formatShort(from)} – ${formatShort(to)}`;
}

const rtf = once(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' }));
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 min. ago", "in 2 hr." relative to now (both epoch seconds). */
export function formatRelative(epochSeconds: number, nowSeconds = Date.now() / 1000): string {
  const diff = epochSeconds - nowSeconds;
  const abs = Math.abs(diff);
  if (abs < 45) return rtf().format(0, 'second');
  for (const [unit, secs] of UNITS) {
    if (abs >= secs) return rtf().format(Math.round(diff / secs), unit);
  }
  return rtf().format(0, 'second');
}

/** A duration in words: "2 h 05 min", "45 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
