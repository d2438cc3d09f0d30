/**
 * What every CSV export of the dashboard does to its cells (pure; papaparse quotes them): the
 * spreadsheet formula guard and bidirectional controls dropped, and times as ISO 8601 in a
 * named zone. The jobs screen's export and the control room's share it.
 */
import { epochToZoned } from '../lib/zoned-time';

export type CsvCell = string | number | boolean | null;

/**
 * Bidirectional controls (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the
 * marks U+200E, U+200F and U+061C): a cell holding one can show its text, or the cells after it,
 * in another order than stored. Dropped from every text cell, before the formula guard (so an
 * override cannot hide a leading `=`).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * Spreadsheet formula injection guard (OWASP "CSV injection"): a text cell that begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe, so a spreadsheet
 * shows it as text instead of running it. Numbers stay numbers (a negative amount is data).
 *
 * papaparse's own `escapeFormulae` is not used: its pattern (`/^[=+\-@\t\r].*$/`) does not
 * match a value that contains a line break, such as "=HYPERLINK(...)\nx".
 */
export function escapeCell(value: CsvCell): CsvCell {
  if (typeof value !== 'string') return value;
  const text = value.replace(BIDI_CONTROLS, '');
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/** ISO 8601 in `zone` with its offset at that moment ("2026-11-21T09:14:05+05:30"); '' for none. */
export function isoInZone(epochSeconds: number | null, zone: string): string {
  if (epochSeconds === null || !Number.isFinite(epochSeconds)) return '';
  const at = Math.floor(epochSeconds);
  const w = epochToZoned(at, zone);
  const offset = Math.round(
    (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000 - at) / 60,
  );
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.abs(offset) / 60)}:${pad(Math.abs(offset) % 60)}`
  );
}
