/**
 * The created-time filter's date-time helpers, in a named zone (pure, tested in tests/unit); the
 * reading of a typed bound is in zoned-input.ts, with the popover that needs it.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { epochToZoned, zonedToEpoch } from '../../../ui/time-format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as the value of an `<input type="datetime-local">` showing `zone`'s wall clock (minute precision). */
export function toZonedInput(epochSeconds: number | undefined, zone: string): string {
  if (epochSeconds === undefined) return '';
  const d = epochToZoned(epochSeconds, zone);
  return `${d.year}-${pad(d.month)}-${pad(d.day)}T${pad(d.hour)}:${pad(d.minute)}`;
}

export type Preset = 'today' | 'last24h' | 'last7d';

const hours = 24;
const days = 7;

/** The presets, each with its label in the catalog (the counts in the chosen digits). */
export const PRESETS: { id: Preset; label: MessageDescriptor }[] = [
  { id: 'today', label: msg`Today` },
  { id: 'last24h', label: msg`${plural(hours, { other: 'Last # h' })}` },
  { id: 'last7d', label: msg`${plural(days, { one: 'Last # day', other: 'Last # days' })}` },
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
  const back = preset === 'last24h' ? hours * 3600 : days * 86_400;
  const nowMinute = Math.floor(nowMs / 60_000) * 60;
  return { timestamp_from: nowMinute - back, timestamp_to: undefined };
}
