/**
 * A span of time in words, the one wording of durations on every screen: "45 s", "42 min",
 * "3 h 05 min", "1 d 6 h" in English (seconds under a minute, minutes under an hour, hours and
 * minutes under a day, then days and hours). Each unit is counted whole, never rounded up. The
 * units come from the catalog of the chosen locale ("42 min", "٤٢ دقيقة", "1 j 6 h") and the
 * numbers are written by `Intl` in its digits.
 */
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../i18n/core';
import { numberFormat } from './count';

const n = (value: number) => numberFormat().format(value);
const twoDigits = (value: number) => numberFormat({ minimumIntegerDigits: 2 }).format(value);

export function formatDuration(span: number): string {
  const seconds = Math.max(0, Math.round(span));
  // A count of one unit is a plural message: Arabic words it in six forms ("دقيقتان", "٣ دقائق").
  if (seconds < 60) return i18n._(msg`${plural(seconds, { other: '# s' })}`);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18n._(msg`${plural(minutes, { other: '# min' })}`);
  const h = Math.floor(minutes / 60);
  if (h < 24) {
    const hours = n(h);
    const rest = twoDigits(minutes % 60);
    return i18n._(msg`${hours} h ${rest} min`);
  }
  const days = Math.floor(h / 24);
  const hours = n(h % 24);
  return i18n._(msg`${plural(days, { other: '# d' })} ${hours} h`);
}
