import { describe, expect, it } from 'vitest';
import { formatDateTime, formatWindow, knownTimeZone, zoneName } from '../../src/ui/time-format';

// 2025-12-10T09:00:00Z and 11:00Z.
const NINE = Date.UTC(2025, 11, 10, 9, 0) / 1000;
const ELEVEN = NINE + 2 * 3600;

describe('times in a named zone', () => {
  it('names the zone of every exact time and window', () => {
    expect(formatDateTime(NINE, 'Asia/Dubai')).toMatch(/01:00:00 PM GMT\+4$/);
    expect(formatWindow(NINE, ELEVEN, 'Europe/London')).toBe('Dec 10, 09:00 AM–11:00 AM GMT');
    expect(formatWindow(NINE, null, 'Asia/Kolkata')).toBe('from Dec 10, 02:30 PM GMT+5:30');
    expect(formatWindow(null, ELEVEN, 'America/New_York')).toBe('until Dec 10, 06:00 AM EST');
    expect(formatWindow(null, null, 'Europe/London')).toBe('—');
  });

  it('writes a window over midnight in that zone with both dates', () => {
    // 21:00-01:00 UTC is one day in Kolkata (02:30-06:30) and two in London.
    const from = Date.UTC(2025, 11, 10, 21, 0) / 1000;
    expect(formatWindow(from, from + 4 * 3600, 'Europe/London')).toBe('Dec 10, 09:00 PM – Dec 11, 01:00 AM GMT');
    expect(formatWindow(from, from + 4 * 3600, 'Asia/Kolkata')).toBe('Dec 11, 02:30 AM–06:30 AM GMT+5:30');
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
