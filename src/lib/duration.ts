/**
 * A span of time in words, the one wording of durations on every screen: "45 s", "42 min",
 * "3 h 05 min", "1 d 6 h" in English (seconds under a minute, minutes under an hour, hours and
 * minutes under a day, then days and hours). Each unit is counted whole, never rounded up. The
 * units come from the catalog of the chosen locale ("42 min", "٤٢ د", "1 j 6 h") and the
 * numbers are written by `Intl` in its digits.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/core';
import { numberFormat } from './count';

const n = (value: number) => numberFormat().format(value);
const twoDigits = (value: number) => numberFormat({ minimumIntegerDigits: 2 }).format(value);

export function formatDuration(span: number): string {
  const total = Math.max(0, Math.round(span));
  if (total < 60) {
    const seconds = n(total);
    return i18n._(msg`${seconds} s`);
  }
  const m = Math.floor(total / 60);
  if (m < 60) {
    const minutes = n(m);
    return i18n._(msg`${minutes} min`);
  }
  const h = Math.floor(m / 60);
  if (h < 24) {
    const hours = n(h);
    const minutes = twoDigits(m % 60);
    return i18n._(msg`${hours} h ${minutes} min`);
  }
  const days = n(Math.floor(h / 24));
  const hours = n(h % 24);
  return i18n._(msg`${days} d ${hours} h`);
}
