/**
 * The zone editor's lifecycle under React StrictMode, which mounts, unmounts and mounts again:
 * the map, its draw control, its marker, its layers and every listener the editor adds must
 * exist once while it is shown and be gone when it is not. maplibre and mapbox-gl-draw need
 * WebGL, which jsdom lacks: both are replaced by fakes that keep count of what is added to them
 * (map-fakes.ts).
 */
import { LocaleProvider } from '../../src/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZONE_LIMITS } from '../../src/config/schema';
import type { ZoneCollection } from '../../src/map';
import * as fake from './map-fakes';

vi.mock('maplibre-gl', () => import('./map-fakes').then((m) => m.maplibre));
vi.mock('@mapbox/mapbox-gl-draw', () => import('./map-fakes').then((m) => m.mapboxDraw));

const { default: ZoneEditor } = await import('../../src/map/ZoneEditor');

const zones: ZoneCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'north',
      properties: { name: 'North' },
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
  ],
};

/** Listener types the editor (not the map view) adds to the map. */
const editorOwned = (type: string) => type.startsWith('draw.') || type === 'click' || type === 'mousemove';

afterEach(() => {
  fake.resetFakes();
});

describe('the zone editor under StrictMode', () => {
  it('keeps one map with one draw control, one marker and its layers while shown, and leaves nothing behind', async () => {
    const added = vi.spyOn(HTMLCanvasElement.prototype, 'addEventListener');
    const removed = vi.spyOn(HTMLCanvasElement.prototype, 'removeEventListener');
    const { unmount } = render(
      <StrictMode>
        <ZoneEditor
          value={zones}
          onChange={() => {}}
          pin={{ latitude: 52.53, longitude: 13.4 }}
          onPinChange={() => {}}
          limits={ZONE_LIMITS}
          styleUrl="offline"
        />
      </StrictMode>,
      { wrapper: LocaleProvider },
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Draw zone' })).toBeEnabled(), {
      timeout: 15_000,
    });

    const live = fake.FakeMap.all.filter((m) => !m.removed);
    expect(live).toHaveLength(1);
    const map = live[0]!;
    expect(fake.FakeDraw.live).toBe(1);
    expect(fake.FakeMarker.live).toBe(2); // the pin, and the zone's number and name
    // Each layer once, other branches' zones under the drawn ones, the markers over them.
    expect(map.layers).toEqual([
      'zone-editor-context-fill',
      'zone-editor-context-line',
      'gl-draw-polygon-fill',
      'zone-editor-markers-overlaps',
      'zone-editor-markers-overlap-lines',
      'zone-editor-markers-outlines',
      'zone-editor-points-circles',
      'zone-editor-snap-target',
      'zone-editor-markers-points',
    ]);
    expect(map.count((t) => t === 'click')).toBe(1);
    expect(map.count((t) => t === 'draw.create')).toBe(1);
    // A map made and removed by the double mount, if any, had everything of the editor taken off first.
    for (const gone of fake.FakeMap.all.filter((m) => m.removed)) {
      expect(gone.atRemove!.listeners.filter(editorOwned)).toEqual([]);
    }

    act(() => unmount());
    expect(map.removed).toBe(true);
    expect(map.atRemove!.listeners.filter(editorOwned)).toEqual([]);
    expect(map.atRemove!.controls).toBe(2); // maplibre's zoom buttons and scale, added by the map view
    expect(map.atRemove!.layers.filter((l) => l.startsWith('gl-draw-'))).toEqual([]);
    expect(fake.FakeDraw.live).toBe(0);
    expect(fake.FakeMarker.live).toBe(0);
    const mousedowns = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'mousedown').length;
    expect(mousedowns(removed)).toBe(mousedowns(added));
  });
});
