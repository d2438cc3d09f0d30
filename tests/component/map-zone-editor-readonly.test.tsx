/**
 * The zone editor read-only (`readOnly`), on a map that is ready: maplibre and draw are the
 * fakes of map-fakes.ts (jsdom has no WebGL). The zones, the pin, selection, the camera and
 * Export stay; every tool, key and gesture that would change the zones or the pin is gone.
 */
import { LocaleProvider } from '../../src/i18n';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZONE_LIMITS } from '../../src/config/schema';
import type { ZoneCollection, ZoneEditorProps } from '../../src/map';
import { square } from '../support/geo';
import * as fake from './map-fakes';

/** The innermost element whose whole text matches (names in a sentence are isolated in <bdi>). */
const sentence =
  (text: string | RegExp) =>
  (_: string, element: Element | null): boolean => {
    const matches = (el: Element) =>
      typeof text === 'string' ? el.textContent === text : text.test(el.textContent ?? '');
    return element !== null && matches(element) && !Array.from(element.children).some(matches);
  };

vi.mock('maplibre-gl', () => import('./map-fakes').then((m) => m.maplibre));
vi.mock('@mapbox/mapbox-gl-draw', () => import('./map-fakes').then((m) => m.mapboxDraw));

const { default: ZoneEditor } = await import('../../src/map/ZoneEditor');

const withHole: number[][] = [
  [13.401, 52.501],
  [13.402, 52.501],
  [13.402, 52.502],
  [13.401, 52.501],
];

const zones: ZoneCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'north',
      properties: { name: 'North' },
      geometry: { type: 'Polygon', coordinates: [square(13.4, 52.5, 0.01), withHole] },
    },
    {
      type: 'Feature',
      id: 'east',
      properties: { name: '' },
      geometry: { type: 'Polygon', coordinates: [square(13.42, 52.5, 0.01)] },
    },
  ],
};

/** Another branch's zone over half of North. */
const neighbour: ZoneCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'central',
      properties: { name: 'Central' },
      geometry: { type: 'Polygon', coordinates: [square(13.405, 52.5, 0.01)] },
    },
  ],
};

function setup(props: Partial<ZoneEditorProps> = {}) {
  const onChange = vi.fn();
  const onPinChange = vi.fn();
  const all: ZoneEditorProps = {
    value: zones,
    onChange,
    pin: { latitude: 52.505, longitude: 13.405 },
    onPinChange,
    limits: ZONE_LIMITS,
    styleUrl: 'offline',
    label: 'Delivery zones map of branch MAN-01',
    readOnly: true,
    ...props,
  };
  const view = render(<ZoneEditor {...all} />, { wrapper: LocaleProvider });
  return { ...view, onChange, onPinChange, props: all };
}

/** The map is set up (draw added): "Zoom to zones" is on. */
async function mapReady() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Zoom to zones' })).toBeEnabled(), {
    timeout: 15_000,
  });
  return fake.FakeMap.all.filter((m) => !m.removed).at(-1)!;
}

const liveDraw = () => fake.FakeDraw.all.at(-1)!;
const pinMarker = () => fake.FakeMarker.all.find((m) => m.element.getAttribute('aria-label') === 'Location')!;

afterEach(() => {
  fake.resetFakes();
  vi.restoreAllMocks();
});

describe('the zone editor read-only', () => {
  it('names the map read-only and offers only the view and Export: no drawing, holes, deleting, clipping, snapping, undo, import or location', async () => {
    setup();
    const map = await mapReady();
    expect(map.options.locale?.['Map.Title']).toBe('Delivery zones map of branch MAN-01 (read-only)');

    const tools = screen.getByRole('group', { name: 'Zone tools' });
    expect(
      within(tools)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Zoom to zones', 'Export…']);
    expect(screen.queryByLabelText('Zones file to import')).not.toBeInTheDocument();
    expect(screen.getByText('Viewing (read-only)')).toBeInTheDocument();
    expect(
      screen.getByText(/^Click a zone to select it\. Drag to move the map, scroll to zoom\.$/),
    ).toBeInTheDocument();

    // Draw selects in its view mode (nothing dragged, no corners); the pin cannot be dragged.
    expect(liveDraw().mode).toBe('view');
    expect(liveDraw().modes).toHaveProperty('view');
    expect(pinMarker().draggable).toBe(false);
    expect(pinMarker().element.title).toBe('Location');

    // The list: names as text, areas, corners and holes, no delete or clip.
    const list = screen.getByRole('region', { name: 'Zones' });
    expect(within(list).queryAllByRole('textbox')).toEqual([]);
    expect(within(list).getByText('North')).toBeInTheDocument();
    expect(within(list).getByText('Zone 2 (no name)')).toBeInTheDocument();
    expect(within(list).getByText('1 hole')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Clip/ })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Show hole 1 of North on the map' })).toBeInTheDocument();
  });

  it('selects a zone from the list and deselects it with Esc, in draw’s view mode; Delete, Backspace, Enter, Ctrl+Z and a click on the map change nothing', async () => {
    const user = userEvent.setup();
    const { onChange, onPinChange } = setup();
    const map = await mapReady();
    const select = screen.getByRole('button', { name: 'Zone 1: select North on the map' });
    await user.click(select);
    expect(select).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(sentence(/· North$/))).toBeInTheDocument();
    expect(liveDraw().mode).toBe('view');

    map.canvas.tabIndex = 0;
    map.canvas.focus();
    await user.keyboard('{Delete}{Backspace}{Enter}');
    await user.keyboard('{Control>}z{/Control}{Control>}{Shift>}z{/Shift}{/Control}{Control>}y{/Control}');
    act(() => map.fire('click', { lngLat: { lng: 13.43, lat: 52.52 } }));
    expect(onChange).not.toHaveBeenCalled();
    expect(onPinChange).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: /^Zone \d: select/ })).toHaveLength(2);
    expect(select).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{Escape}');
    expect(select).toHaveAttribute('aria-pressed', 'false');
    expect(liveDraw().mode).toBe('view');

    // A file dropped on it is not read.
    const file = new File(['{}'], 'zones.geojson', { type: 'application/geo+json' });
    fireEvent.drop(screen.getByRole('group', { name: 'Zone tools' }), {
      dataTransfer: { files: [file], types: ['Files'] },
    });
    expect(screen.queryByText(/Reading zones\.geojson/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('names what overlaps the selected zone without offering to clip it', async () => {
    setup({ context: [{ id: 'LEE-01', label: 'Leeds', fc: neighbour }], selectedZone: 'north' });
    await mapReady();
    const list = screen.getByRole('region', { name: 'Zones' });
    const warnings = await within(list).findByRole('list', { name: 'Warnings of North' });
    expect(warnings).toHaveTextContent(/zone "Central" of branch "LEE-01"/);
    expect(within(warnings).queryByRole('button', { name: /^Clip/ })).not.toBeInTheDocument();
    expect(within(warnings).getByRole('button', { name: /^Show on the map/ })).toBeInTheDocument();
    expect(screen.getByText(sentence('North overlaps Leeds (Central).'))).toBeInTheDocument();
  });

  it('gives the tools back on a new map when it is no longer read-only', async () => {
    const { rerender, props } = setup();
    await mapReady();
    rerender(<ZoneEditor {...props} readOnly={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Draw zone' })).toBeEnabled(), {
      timeout: 15_000,
    });
    const map = fake.FakeMap.all.filter((m) => !m.removed);
    expect(map).toHaveLength(1);
    expect(map[0]!.options.locale?.['Map.Title']).toBe('Delivery zones map of branch MAN-01');
    expect(liveDraw().mode).toBe('simple_select');
    expect(pinMarker().draggable).toBe(true);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name of zone 1' })).toHaveValue('North');
  });
});
