import { describe, expect, it } from 'vitest';
import {
  calendarDaysBetween,
  epochToZoned,
  localDayStart,
  localSecondOfDay,
  zonedToEpoch,
} from '../../src/lib/zoned-time';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('zoned time', () => {
  it('reads a moment as a zone’s wall clock and back', () => {
    const at = utc('2026-07-01T12:34:56Z');
    expect(epochToZoned(at, 'Asia/Kolkata')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 18,
      minute: 4,
      second: 56,
    });
    expect(
      zonedToEpoch({ year: 2026, month: 7, day: 1, hour: 18, minute: 4, second: 56 }, 'Asia/Kolkata'),
    ).toBe(at);
  });

  it('starts a local day at its midnight, across a change of the clocks', () => {
    // London moves to summer time on 2026-03-29 at 01:00 UTC: that day starts at 00:00 GMT.
    const noon = utc('2026-03-29T11:00:00Z');
    expect(localDayStart(noon, 'Europe/London')).toBe(utc('2026-03-29T00:00:00Z'));
    // The next day starts at 00:00 BST, an hour earlier in UTC.
    expect(localDayStart(noon + 86_400, 'Europe/London')).toBe(utc('2026-03-29T23:00:00Z'));
    expect(localDayStart(noon, 'Asia/Dubai', 2)).toBe(utc('2026-03-26T20:00:00Z'));
    expect(localSecondOfDay(utc('2026-07-01T08:30:00Z'), 'Europe/London')).toBe(9.5 * 3600);
  });

  it('counts calendar days in the zone, not 24-hour spans', () => {
    const lateEvening = utc('2026-07-01T21:30:00Z'); // 01:30 on 2 July in Dubai
    expect(calendarDaysBetween(utc('2026-07-01T18:00:00Z'), lateEvening, 'Asia/Dubai')).toBe(1);
    expect(calendarDaysBetween(utc('2026-07-01T18:00:00Z'), lateEvening, 'UTC')).toBe(0);
  });

  it('reads an empty or unknown zone as UTC', () => {
    const at = utc('2026-07-01T23:30:00Z');
    expect(localDayStart(at, '')).toBe(utc('2026-07-01T00:00:00Z'));
    expect(epochToZoned(at, 'Mars/Olympus_Mons').hour).toBe(23);
  });
});
