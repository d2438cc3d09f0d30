import { describe, expect, it } from 'vitest';
import {
  formatRelative,
  formatDateTime,
  formatDuration,
  formatWindow,
  knownTimeZone,
  zoneName,
} from '../../src/ui/time-format';

/** Intl writes thin and narrow no-break spaces in ranges and before AM/PM: compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

// 2025-12-10T09:00:00Z and 11:00Z.
const NINE = Date.UTC(2025, 11, 10, 9, 0) / 1000;
const ELEVEN = NINE + 2 * 3600;

describe('times in a named zone', () => {
  it('names the zone of every exact time and window', () => {
    expect(formatDateTime(NINE, 'Asia/Dubai')).toMatch(/01:00:00 PM GMT\+4$/);
    expect(plain(formatWindow(NINE, ELEVEN, 'Europe/London'))).toBe('Dec 10, 9:00 – 11:00 AM GMT');
    expect(plain(formatWindow(NINE, null, 'Asia/Kolkata'))).toBe('from Dec 10, 02:30 PM GMT+5:30');
    expect(plain(formatWindow(null, ELEVEN, 'America/New_York'))).toBe('until Dec 10, 06:00 AM EST');
    expect(formatWindow(null, null, 'Europe/London')).toBe('—');
  });

  it('leaves the date out of a window within today, in that zone', () => {
    expect(plain(formatWindow(NINE, ELEVEN, 'Europe/London', NINE + 3600))).toBe('9:00 – 11:00 AM GMT');
    // 09:00-11:00 UTC is 20:00-22:00 in Sydney, on 10 Dec there; at 01:00 UTC on 11 Dec it is 11 Dec there.
    expect(plain(formatWindow(NINE, ELEVEN, 'Australia/Sydney', NINE + 16 * 3600))).toBe(
      'Dec 10, 8:00 – 10:00 PM GMT+11',
    );
    expect(plain(formatWindow(NINE, null, 'Europe/London', NINE))).toBe('from 09:00 AM GMT');
  });

  it('writes a window over midnight in that zone with both dates', () => {
    // 21:00-01:00 UTC is one day in Kolkata (02:30-06:30) and two in London.
    const from = Date.UTC(2025, 11, 10, 21, 0) / 1000;
    expect(plain(formatWindow(from, from + 4 * 3600, 'Europe/London'))).toBe(
      'Dec 10, 9:00 PM GMT – Dec 11, 1:00 AM GMT',
    );
    expect(plain(formatWindow(from, from + 4 * 3600, 'Asia/Kolkata'))).toBe(
      'Dec 11, 2:30 – 6:30 AM GMT+5:30',
    );
  });

  it('knows which zone names the platform reads (a branch’s time_zone has no documented format)', () => {
    expect(knownTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(knownTimeZone(' Europe/Paris ')).toBe('Europe/Paris');
    expect(knownTimeZone('Mars/Olympus')).toBeNull();
    expect(knownTimeZone('')).toBeNull();
    expect(knownTimeZone(undefined)).toBeNull();
    expect(zoneName(NINE, 'Europe/Paris')).toBe('GMT+1');
  });
});

describe('durations in words', () => {
  it('says seconds, then minutes, then hours and minutes, then days and hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(59.4)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(42 * 60 + 59)).toBe('42 min');
    expect(formatDuration(3600)).toBe('1 h 00 min');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3 h 05 min');
    expect(formatDuration(23 * 3600 + 59 * 60 + 59)).toBe('23 h 59 min');
    expect(formatDuration(24 * 3600)).toBe('1 d 0 h');
    expect(formatDuration(30 * 3600)).toBe('1 d 6 h');
    expect(formatDuration(21 * 86_400 + 4 * 3600 + 59 * 60)).toBe('21 d 4 h');
  });

  it('reads a span measured backwards (a clock behind the service) as none', () => {
    expect(formatDuration(-90)).toBe('0 s');
  });
});

describe('formatRelative', () => {
  it('says a span before or after now in the one wording of durations', () => {
    const now = 1_767_225_600;
    expect(formatRelative(now - 30, now)).toBe('now');
    expect(formatRelative(now - 42 * 60, now)).toBe('42 min ago');
    expect(formatRelative(now + (3 * 60 + 5) * 60, now)).toBe('in 3 h 05 min');
    expect(formatRelative(now - 30 * 3600, now)).toBe('1 d 6 h ago');
  });
});
