/**
 * The zone editor in Arabic, on a right-to-left page (jsdom has no WebGL: the map says it
 * cannot be shown, the toolbar and the zone list work): its words from the map's catalog,
 * counts in Arabic's plural forms, geo's problems worded in Arabic, names isolated.
 */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale, LocaleProvider } from '../../src/i18n';
import type { ZoneCollection } from '../../src/map';
import ZoneEditor from '../../src/map/ZoneEditor';
import { ZONE_LIMITS } from '../../src/config/schema';

afterEach(() => chooseLocale('en', 'latn', false));

/** Arabic: its catalogs, the map's among them, are loaded when chosen (src/i18n/catalogs.ts). */
const arabic = () => chooseLocale('ar', 'latn', false);

const zone = (id: string, name: string, ring: number[][]) => ({
  type: 'Feature' as const,
  id,
  properties: { name },
  geometry: { type: 'Polygon' as const, coordinates: [ring] },
});
const zones: ZoneCollection = {
  type: 'FeatureCollection',
  features: [
    zone('north', 'North', [
      [13.38, 52.52],
      [13.42, 52.52],
      [13.42, 52.545],
      [13.38, 52.545],
      [13.38, 52.52],
    ]),
    zone('bowtie', 'Bow tie', [
      [13.43, 52.5],
      [13.46, 52.52],
      [13.46, 52.5],
      [13.43, 52.52],
      [13.43, 52.5],
    ]),
  ],
};

describe('the zone editor in Arabic', () => {
  it('speaks Arabic on a right-to-left page: tools, counts (two zones), problems, names as sent', async () => {
    await arabic();
    render(<ZoneEditor value={zones} onChange={() => {}} styleUrl="offline" limits={ZONE_LIMITS} />, {
      wrapper: LocaleProvider,
    });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const tools = screen.getByRole('group', { name: 'أدوات المناطق' });
    expect(within(tools).getByRole('button', { name: 'رسم منطقة' })).toBeInTheDocument();
    expect(within(tools).getByRole('button', { name: 'تراجع' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'المناطق' });
    // Arabic's dual: "two zones" is one word.
    expect(within(list).getByRole('heading', { name: 'منطقتان' })).toBeInTheDocument();
    const problems = within(list).getByRole('list', { name: 'مشكلات Bow tie' });
    expect(problems).toHaveTextContent(/^تتقاطع حواف المنطقة قرب 52\.510000, 13\.445000 \(lat, lon\)\./);
    expect(within(list).getByRole('textbox', { name: 'اسم المنطقة 1' })).toHaveValue('North');
  });
});
