import { afterEach, describe, expect, it } from 'vitest';
import { browserLocale, chooseLocale, currentLocale, directionOf, intlTag } from '../../src/i18n';
import { formatCount } from '../../src/lib/count';
import { formatDuration } from '../../src/lib/duration';
import { formatDateTime, formatRelative } from '../../src/ui/time-format';

afterEach(() => chooseLocale('en', 'latn', false));

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

describe('the locale from the browser', () => {
  it('takes the first of the browser languages the dashboard speaks, else English', () => {
    expect(browserLocale(['de-DE', 'fr-CA', 'en-GB'])).toBe('fr');
    expect(browserLocale(['AR-ae'])).toBe('ar');
    expect(browserLocale(['de', 'nl'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });

  it("keeps the browser's region for Intl, and Arabic's digits", () => {
    expect(intlTag('ar', 'arab', 'ar-AE')).toBe('ar-AE-u-nu-arab');
    expect(intlTag('ar', 'latn', undefined)).toBe('ar-u-nu-latn');
    expect(intlTag('en', 'arab', 'en-GB')).toBe('en-GB');
    expect(intlTag('fr', 'latn', 'en-GB')).toBe('fr');
  });
});

describe('Arabic plurals: six forms', () => {
  it.each([
    // [seconds, Latin digits, Arabic-Indic digits, the form]
    [0, '0 ثانية', '٠ ثانية'], // zero
    [1, 'ثانية واحدة', 'ثانية واحدة'], // one
    [2, 'ثانيتان', 'ثانيتان'], // two
    [3, '3 ثوانٍ', '٣ ثوانٍ'], // few
    [11, '11 ثانية', '١١ ثانية'], // many
  ])('%i seconds', async (seconds, latin, indic) => {
    await chooseLocale('ar', 'latn', false);
    expect(formatDuration(seconds)).toBe(latin);
    await chooseLocale('ar', 'arab', false);
    expect(formatDuration(seconds)).toBe(indic);
  });

  it('100 days take the other form; 3 and 11 minutes few and many', async () => {
    await chooseLocale('ar', 'latn', false);
    expect(formatDuration(100 * DAY)).toBe('100 يوم 0 س');
    expect(formatDuration(3 * MINUTE)).toBe('3 دقائق');
    expect(formatDuration(11 * MINUTE)).toBe('11 دقيقة');
    expect(formatDuration(2 * DAY + 5 * HOUR)).toBe('يومان 5 س');
  });
});

describe('digits in both systems', () => {
  it('writes counts with Latin or Arabic-Indic digits in Arabic, Latin elsewhere', async () => {
    await chooseLocale('ar', 'latn', false);
    expect(formatCount(1_234_567)).toBe('1,234,567');
    await chooseLocale('ar', 'arab', false);
    expect(formatCount(1_234_567)).toBe('١٬٢٣٤٬٥٦٧');
    await chooseLocale('fr', 'arab', false);
    expect(formatCount(1_234_567)).toBe('1\u202f234\u202f567');
  });

  it("writes a time in the branch's zone, named, in the chosen digits", async () => {
    const at = Date.UTC(2026, 10, 21, 9, 14, 5) / 1000;
    await chooseLocale('ar', 'arab', false);
    const indic = formatDateTime(at, 'Asia/Dubai');
    expect(indic).toContain('٢١ نوفمبر ٢٠٢٦، ٠١:١٤:٠٥ م'); // 13:14 in Dubai
    expect(indic).toMatch(/غرينتش\+٤/);
    await chooseLocale('ar', 'latn', false);
    expect(formatDateTime(at, 'Asia/Dubai')).toContain('21 نوفمبر 2026، 01:14:05 م');
  });
});

describe('durations in each locale', () => {
  it.each([
    ['en', ['45 s', '42 min', '3 h 05 min', '1 d 6 h'], '42 min ago'],
    ['fr', ['45 s', '42 min', '3 h 05 min', '1 j 6 h'], 'il y a 42 min'],
    ['es', ['45 s', '42 min', '3 h 05 min', '1 d 6 h'], 'hace 42 min'],
    ['ar', ['45 ثانية', '42 دقيقة', '3 س 05 د', 'يوم واحد 6 س'], 'قبل 42 دقيقة'],
  ] as const)('%s', async (locale, [seconds, minutes, hours, days], ago) => {
    await chooseLocale(locale, 'latn', false);
    expect(formatDuration(45)).toBe(seconds);
    expect(formatDuration(42 * MINUTE)).toBe(minutes);
    expect(formatDuration(3 * HOUR + 5 * MINUTE)).toBe(hours);
    expect(formatDuration(DAY + 6 * HOUR)).toBe(days);
    expect(formatRelative(1_000_000 - 42 * MINUTE, 1_000_000)).toBe(ago);
  });
});

describe('the pseudo-locales', () => {
  it('are chosen by the browser language that names them, never by a plain language', () => {
    expect(browserLocale(['en-XA', 'en'])).toBe('en-XA');
    expect(browserLocale(['ar-XB'])).toBe('ar-XB');
    expect(browserLocale(['en-US'])).toBe('en');
  });

  it('write every message accented, longer and in brackets; the values and the plural kept', async () => {
    await chooseLocale('en-XA', 'latn', false);
    const pseudo = formatDuration(3 * MINUTE);
    expect(pseudo).toMatch(/^\[.*3.*\]$/);
    expect(pseudo).not.toMatch(/[A-Za-z]{2}/);
    expect(pseudo.length).toBeGreaterThan('3 min'.length + 2);
    expect(directionOf(currentLocale().locale)).toBe('ltr');
  });

  it('ar-XB: the same, overridden right to left on a right-to-left page', async () => {
    await chooseLocale('ar-XB', 'latn', false);
    const pseudo = formatDuration(3 * MINUTE);
    expect(pseudo).toContain('\u202e');
    expect(pseudo).toContain('3');
    expect(directionOf(currentLocale().locale)).toBe('rtl');
  });
});
