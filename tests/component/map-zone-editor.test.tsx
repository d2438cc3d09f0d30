/**
 * The zone editor without a map: jsdom has no WebGL, so the map shows its error state and
 * everything that does not need the map (the zone list, names, delete, undo/redo, import,
 * export) is tested here against a controlled parent. Drawing is proven in real Chromium.
 */
import { LocaleProvider } from '../../src/i18n';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatAreaKm2, polygonAreaKm2 } from '../../src/geo';
import type { ZoneCollection, ZoneEditorProps } from '../../src/map';
import ZoneEditor from '../../src/map/ZoneEditor';
import { ZONE_LIMITS } from '../../src/config/schema';

/** The innermost element whose whole text matches (names in a sentence are isolated in <bdi>). */
const sentence =
  (text: string | RegExp) =>
  (_: string, element: Element | null): boolean => {
    const matches = (el: Element) =>
      typeof text === 'string' ? el.textContent === text : text.test(el.textContent ?? '');
    return element !== null && matches(element) && !Array.from(element.children).some(matches);
  };

const start: ZoneCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'north',
      properties: { name: 'North', colour: 'blue' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [13.38, 52.52],
            [13.42, 52.52],
            [13.42, 52.545],
            [13.38, 52.545],
            [13.38, 52.52],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      id: 'bowtie',
      properties: { name: 'Bow tie' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [13.43, 52.5],
            [13.46, 52.52],
            [13.46, 52.5],
            [13.43, 52.52],
            [13.43, 52.5],
          ],
        ],
      },
    },
  ],
};

function Harness({
  onValue,
  initial = start,
  ...rest
}: {
  onValue: (v: ZoneCollection) => void;
  initial?: ZoneCollection;
} & Partial<Pick<ZoneEditorProps, 'context' | 'selectedZone' | 'focus'>>) {
  const [value, setValue] = useState(initial);
  return (
    <ZoneEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      styleUrl="offline"
      exportName="branch-zones"
      limits={ZONE_LIMITS}
      {...rest}
    />
  );
}

function setup(
  initial = start,
  props: Partial<Pick<ZoneEditorProps, 'context' | 'selectedZone' | 'focus'>> = {},
) {
  const values: ZoneCollection[] = [];
  const user = userEvent.setup();
  render(<Harness onValue={(v) => values.push(v)} initial={initial} {...props} />, {
    wrapper: LocaleProvider,
  });
  const last = () => values[values.length - 1]!;
  return { user, values, last };
}

const zoneNames = () =>
  screen.getAllByRole('textbox', { name: /Name of zone/ }).map((el) => (el as HTMLInputElement).value);

// jsdom's Blob has no text() (browsers all do): read through its FileReader.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ZoneEditor without WebGL', () => {
  it('says the map cannot be shown and still lists the zones with area, corners and problems', async () => {
    setup();
    expect(
      await screen.findByText('The map could not be shown', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Zones can still be edited in the list/)).toBeInTheDocument();
    expect(zoneNames()).toEqual(['North', 'Bow tie']);
    const zones = screen.getByRole('region', { name: 'Zones' });
    expect(within(zones).getByRole('heading', { name: '2 zones' })).toBeInTheDocument();
    expect(within(zones).getByText('1 invalid')).toBeInTheDocument();
    expect(within(zones).getByText('7.52 km²')).toBeInTheDocument();
    const problems = within(zones).getByRole('list', { name: 'Problems of Bow tie' });
    expect(problems).toHaveTextContent(/The zone's edges cross near 52\.510000, 13\.445000/);
    expect(within(problems).getByRole('button', { name: /Show on the map/ })).toBeInTheDocument();
  });

  it('renames a zone in properties.name (other properties kept); the whole typing is one undo step', async () => {
    const { user, values, last } = setup();
    const name = screen.getByRole('textbox', { name: 'Name of zone 1' });
    await user.click(name);
    await user.type(name, ' side');
    expect(last().features[0]!.properties).toEqual({ name: 'North side', colour: 'blue' });
    expect(values).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(last().features[0]!.properties).toEqual({ name: 'North', colour: 'blue' });
    expect(zoneNames()).toEqual(['North', 'Bow tie']);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(zoneNames()).toEqual(['North side', 'Bow tie']);
  });

  it('deletes a zone; undo and redo with the buttons and with Ctrl+Z / Shift+Ctrl+Z', async () => {
    const { user, last } = setup();
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    // Off, but focusable (aria-disabled): the keys keep working from a button that switched itself off.
    expect(undo).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Delete North' }));
    expect(last().features.map((f) => f.id)).toEqual(['bowtie']);
    expect(undo).not.toHaveAttribute('aria-disabled');
    // The focus moves to the row that took the deleted one's place, so the keys still reach the editor.
    expect(screen.getByRole('button', { name: /^Zone 1: select Bow tie/ })).toHaveFocus();
    await user.keyboard('{Control>}z{/Control}');
    expect(last().features.map((f) => f.id)).toEqual(['north', 'bowtie']);
    await user.keyboard('{Control>}y{/Control}');
    expect(last().features.map((f) => f.id)).toEqual(['bowtie']);
    await user.click(undo);
    expect(last().features.map((f) => f.id)).toEqual(['north', 'bowtie']);
    expect(last()).toEqual(start);
    expect(redo).not.toHaveAttribute('aria-disabled');
    await user.click(redo);
    expect(last().features.map((f) => f.id)).toEqual(['bowtie']);

    // The shortcuts work wherever the focus is inside the editor (here: the zone list).
    screen.getByRole('button', { name: /select Bow tie on the map/ }).focus();
    await user.keyboard('{Control>}z{/Control}');
    expect(last().features.map((f) => f.id)).toEqual(['north', 'bowtie']);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(last().features.map((f) => f.id)).toEqual(['bowtie']);
  });

  it('imports a GeoJSON file and appends its zones, renaming a taken id', async () => {
    const { user, last, values } = setup();
    const file = new File(
      [
        JSON.stringify({
          type: 'Feature',
          id: 'north',
          properties: { name: 'Imported' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [13.36, 52.49],
                [13.37, 52.49],
                [13.37, 52.5],
                [13.36, 52.49],
              ],
            ],
          },
        }),
      ],
      'more.geojson',
      { type: 'application/geo+json' },
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, file);
    const offer = await screen.findByRole('dialog', { name: 'Add zones from more.geojson?' });
    expect(offer).toHaveTextContent('1 zone with 3 corners.');
    expect(values).toHaveLength(0);
    await user.click(within(offer).getByRole('button', { name: 'Add 1 zone' }));
    expect(await screen.findByText('Imported 1 zone from more.geojson.')).toBeInTheDocument();
    expect(last().features.map((f) => f.id)).toEqual(['north', 'bowtie', 'north-2']);
    expect(zoneNames()).toEqual(['North', 'Bow tie', 'Imported']);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(zoneNames()).toEqual(['North', 'Bow tie']);
  });

  it('shows why a file cannot be imported and changes nothing', async () => {
    const { user, values } = setup();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(
      input,
      new File(['{"type":"Point","coordinates":[0,0]}'], 'point.json', { type: 'application/json' }),
    );
    const alert = (await screen.findByText('Could not import point.json')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent(/Point, which is not a polygon/);
    expect(values).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Could not import point.json')).not.toBeInTheDocument();
  });

  // Two squares of 0.01°, the second reaching half into the first: they share a quarter.
  const square = (lon: number, lat: number) => [
    [lon, lat],
    [lon + 0.01, lat],
    [lon + 0.01, lat + 0.01],
    [lon, lat + 0.01],
    [lon, lat],
  ];
  const pair: ZoneCollection = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'west',
        properties: { name: 'West' },
        geometry: { type: 'Polygon', coordinates: [square(13.4, 52.5)] },
      },
      {
        type: 'Feature',
        id: 'east',
        properties: { name: 'East' },
        geometry: { type: 'Polygon', coordinates: [square(13.405, 52.505)] },
      },
    ],
  };

  it('shows an overlap once, with its area and share, and clips the zone named on its button in one undoable step', async () => {
    const { user, last } = setup(pair);
    const zones = screen.getByRole('region', { name: 'Zones' });
    const westWarnings = await within(zones).findByRole('list', { name: 'Warnings of West' });
    expect(westWarnings).toHaveTextContent(/^Zones "West" and "East" overlap: 0\.1\d km², 25 % of "East"\./);
    expect(within(zones).queryByRole('list', { name: 'Warnings of East' })).toBeNull();
    expect(within(zones).getByText('1 warning')).toBeInTheDocument();
    // Either zone can give the overlap up: each button names the zone it changes.
    const clips = within(westWarnings)
      .getAllByRole('button')
      .filter((b) => /^Clip/.test(b.textContent ?? ''));
    expect(clips.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Clip West', 'Clip West: remove the overlap with East from West'],
      ['Clip East', 'Clip East: remove the overlap with West from East'],
    ]);

    await user.click(within(westWarnings).getByRole('button', { name: /^Clip West:/ }));
    expect(await screen.findByText(/^Clipped West: 0\.1\d km² removed\.$/)).toBeInTheDocument();
    expect(last().features[0]!.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [13.4, 52.5],
          [13.41, 52.5],
          [13.41, 52.505],
          [13.405, 52.505],
          [13.405, 52.51],
          [13.4, 52.51],
          [13.4, 52.5],
        ],
      ],
    });
    expect(last().features[1]).toEqual(pair.features[1]);
    await waitFor(() => expect(within(zones).queryByRole('list', { name: 'Warnings of West' })).toBeNull());
    expect(within(zones).getByText('All valid')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(last()).toEqual(pair);
    expect(await within(zones).findByRole('list', { name: 'Warnings of West' })).toBeInTheDocument();
  });

  it('clips the other zone of the pair from the same warning, leaving the first as it was', async () => {
    const { user, last } = setup(pair);
    const zones = screen.getByRole('region', { name: 'Zones' });
    const westWarnings = await within(zones).findByRole('list', { name: 'Warnings of West' });
    await user.click(within(westWarnings).getByRole('button', { name: /^Clip East:/ }));
    expect(await screen.findByText(/^Clipped East: 0\.1\d km² removed\.$/)).toBeInTheDocument();
    expect(last().features[0]).toEqual(pair.features[0]);
    // East without West's corner: an L of three quarters of it, from wherever the ring starts.
    const ring = (last().features[1]!.geometry as { coordinates: number[][][] }).coordinates[0]!;
    expect(
      ring
        .slice(1)
        .map((p) => p.join(' '))
        .sort(),
    ).toEqual(
      [
        [13.41, 52.505],
        [13.415, 52.505],
        [13.415, 52.515],
        [13.405, 52.515],
        [13.405, 52.51],
        [13.41, 52.51],
      ]
        .map((p) => p.join(' '))
        .sort(),
    );
    await waitFor(() => expect(within(zones).queryByRole('list', { name: 'Warnings of West' })).toBeNull());
  });

  it('clips only this branch’s zone of an overlap with another branch, by that zone alone, and says the other is fixed in its own editor', async () => {
    const paris: ZoneCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'central',
          properties: { name: 'Central' },
          geometry: { type: 'Polygon', coordinates: [square(13.405, 52.505)] },
        },
        {
          type: 'Feature',
          id: 'south',
          properties: { name: 'South' },
          geometry: { type: 'Polygon', coordinates: [square(13.4, 52.495)] },
        },
      ],
    };
    const west = { ...pair, features: [pair.features[0]!] };
    const { user, last } = setup(west, {
      context: [{ id: 'PAR-01', label: 'Paris', fc: paris }],
      selectedZone: 'west',
    });
    const zones = screen.getByRole('region', { name: 'Zones' });
    const warnings = await within(zones).findByRole('list', { name: 'Warnings of West' });
    const central = within(warnings)
      .getAllByRole('listitem')
      .find((li) => /zone "Central" of branch "PAR-01"/.test(li.textContent ?? ''))!;
    expect(central).toHaveTextContent(/Paris’s zone is changed in its own editor\./);
    const clips = within(central)
      .getAllByRole('button')
      .filter((b) => /^Clip/.test(b.textContent ?? ''));
    expect(clips.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Clip West', 'Clip West: remove the overlap with Paris · Central from West'],
    ]);
    // Selected from the start: the status names what overlaps it.
    expect(
      within(zones)
        .getAllByRole('listitem')
        .find((li) => li.dataset.zoneKey === 'west'),
    ).toHaveAttribute('aria-current', 'true');
    expect(
      screen.getByText(
        sentence('West overlaps Paris (Central, South): “Clip to neighbours” removes those areas from West.'),
      ),
    ).toBeInTheDocument();

    await user.click(clips[0]!);
    expect(await screen.findByText(/^Clipped West: 0\.1\d km² removed\.$/)).toBeInTheDocument();
    // Central's quarter is gone; South's overlap (the lower half) is still there.
    expect(
      polygonAreaKm2(
        last().features[0]!.geometry!.type === 'Polygon'
          ? (last().features[0]!.geometry as { coordinates: number[][][] }).coordinates
          : [],
      ),
    ).toBeCloseTo(polygonAreaKm2([square(13.4, 52.5)]) * 0.75, 4);
    await waitFor(() =>
      expect(within(zones).getByRole('list', { name: 'Warnings of West' })).not.toHaveTextContent(
        /"Central"/,
      ),
    );
    expect(within(zones).getByRole('list', { name: 'Warnings of West' })).toHaveTextContent(/"South"/);
  });

  /** Catches the file the editor hands to the browser's download. */
  function catchDownload() {
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | null = null;
    Object.assign(URL, {
      createObjectURL: vi.fn((b: Blob) => {
        blob = b;
        return 'blob:zones';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blob! });
    });
    return saved;
  }

  it('exports the zones as a .geojson download', async () => {
    const { user } = setup();
    const saved = catchDownload();
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    await user.click(await screen.findByRole('button', { name: 'GeoJSON (branch-zones.geojson)' }));
    expect(saved.map((s) => s.name)).toEqual(['branch-zones.geojson']);
    const text = await act(() => saved[0]!.blob.text());
    expect(JSON.parse(text)).toEqual(start);
    expect(saved[0]!.blob.type).toBe('application/geo+json');
  });

  it('exports the zones as KML, which imports back as the same zones (a KML file is no longer read as JSON)', async () => {
    const { user, last } = setup();
    const saved = catchDownload();
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    await user.click(
      await screen.findByRole('button', { name: 'KML (Google Earth, My Maps) (branch-zones.kml)' }),
    );
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['branch-zones.kml']));
    expect(saved[0]!.blob.type).toBe('application/vnd.google-earth.kml+xml');
    const kml = await act(() => saved[0]!.blob.text());
    expect(kml).toContain('<Placemark id="north"><name>North</name>');

    // Deleted, then imported from the exported file: the same zones come back.
    await user.click(screen.getByRole('button', { name: 'Delete North' }));
    await user.click(screen.getByRole('button', { name: 'Delete Bow tie' }));
    expect(last().features).toEqual([]);
    await user.upload(
      screen.getByLabelText('Zones file to import'),
      new File([kml], 'branch-zones.kml', { type: 'application/vnd.google-earth.kml+xml' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add 2 zones' }));
    expect(await screen.findByText('Imported 2 zones from branch-zones.kml.')).toBeInTheDocument();
    expect(last().features.map((f) => [f.id, f.properties])).toEqual([
      ['north', { name: 'North' }],
      ['bowtie', { name: 'Bow tie' }],
    ]);
    expect(last().features.map((f) => f.geometry)).toEqual(start.features.map((f) => f.geometry));
  });

  it('lists a zone’s holes with their areas; a hole deleted from the list is one undo step', async () => {
    const square = (lon: number, lat: number, size: number) => [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ];
    const holed: ZoneCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'park',
          properties: { name: 'Around the park' },
          geometry: {
            type: 'Polygon',
            coordinates: [square(13.4, 52.5, 0.02), square(13.405, 52.505, 0.005).reverse()],
          },
        },
      ],
    };
    const { user, last } = setup(holed);
    const zones = screen.getByRole('region', { name: 'Zones' });
    const holes = within(zones).getByRole('list', { name: 'Holes of Around the park' });
    expect(holes).toHaveTextContent(/^Hole 1 0\.\d\d km²/);
    expect(within(zones).getByText('1 hole')).toBeInTheDocument();
    // The zone's area has the hole taken out.
    const rings = (holed.features[0]!.geometry as { coordinates: number[][][] }).coordinates;
    const withHole = formatAreaKm2(polygonAreaKm2(rings));
    const withoutHole = formatAreaKm2(polygonAreaKm2(rings.slice(0, 1)));
    expect(withHole).not.toBe(withoutHole);
    expect(within(zones).getByText(withHole)).toBeInTheDocument();
    await user.click(within(holes).getByRole('button', { name: 'Delete hole 1 of Around the park' }));
    expect(last().features[0]!.geometry).toEqual({
      type: 'Polygon',
      coordinates: [square(13.4, 52.5, 0.02)],
    });
    expect(within(zones).queryByRole('list', { name: 'Holes of Around the park' })).toBeNull();
    expect(within(zones).getByText(withoutHole)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(last()).toEqual(holed);
  });

  it('remembers the Snap toggle in this browser', async () => {
    const { user } = setup();
    const snap = screen.getByRole('button', { name: 'Snap' });
    expect(snap).toHaveAttribute('aria-pressed', 'true');
    await user.click(snap);
    expect(snap).toHaveAttribute('aria-pressed', 'false');
    cleanup();
    setup();
    expect(screen.getByRole('button', { name: 'Snap' })).toHaveAttribute('aria-pressed', 'false');
  });

  describe('on a touch screen', () => {
    /** A coarse pointer, as a tablet's or a phone's browser says (jsdom has no matchMedia). */
    const stubTouchScreen = () =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query.includes('(pointer: coarse)'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
    afterEach(() => vi.unstubAllGlobals());

    it('speaks of taps, shows Finish (off until a zone is being drawn) and a Snap button that names no key', async () => {
      stubTouchScreen();
      setup();
      const finish = screen.getByRole('button', { name: 'Finish' });
      expect(finish).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByText('Tap a zone to select it, or use “Draw zone” to add one.')).toBeInTheDocument();
      expect(screen.queryByText(/press Enter|hold Alt|Click/)).toBeNull();
      const snap = screen.getByRole('button', { name: 'Snap' });
      expect(snap).toHaveAttribute('aria-pressed', 'true');
      expect(snap.title).not.toMatch(/Alt/);
      expect(snap.title).toMatch(/where you tap/);
      // A finger's targets: the touch layout is on (its sizes are CSS, checked in Chromium).
      expect(snap.closest('[data-touch]')).not.toBeNull();
      // The toggle is the way to place a corner freely (a tap: no mouse pointer seen).
      fireEvent.click(snap);
      expect(snap).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    });

    it('keeps the mouse and keyboard wording, and no Finish, with a fine pointer; a touch seen switches to taps', async () => {
      setup();
      expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
      expect(
        screen.getByText('Click a zone to select it, or use “Draw zone” to add one.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Snap' }).title).toMatch(/hold Alt/);
      // A laptop with a touch screen: the last pointer used decides.
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Snap' }), { pointerType: 'touch' });
      expect(await screen.findByRole('button', { name: 'Finish' })).toBeInTheDocument();
      expect(screen.getByText('Tap a zone to select it, or use “Draw zone” to add one.')).toBeInTheDocument();
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Snap' }), { pointerType: 'mouse' });
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull());
    });
  });
});
