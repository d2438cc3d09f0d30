/**
 * The zone editor's lifecycle under React StrictMode, which mounts, unmounts and mounts again:
 * the map, its draw control, its marker, its layers and every listener the editor adds must
 * exist once while it is shown and be gone when it is not. maplibre and mapbox-gl-draw need
 * WebGL, which jsdom lacks: both are replaced by fakes that keep count of what is added to them.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZONE_LIMITS } from '../../src/config/schema';
import type { ZoneCollection } from '../../src/map';

type Listener = (event?: unknown) => void;

const fake = vi.hoisted(() => {
  class FakeEvented {
    listeners = new Map<string, Set<Listener>>();
    on(type: string, listener: Listener) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type)!.add(listener);
      return { unsubscribe: () => this.off(type, listener) };
    }
    once(type: string, listener: Listener) {
      const wrapped: Listener = (e) => {
        this.off(type, wrapped);
        listener(e);
      };
      return this.on(type, wrapped);
    }
    off(type: string, listener: Listener) {
      this.listeners.get(type)?.delete(listener);
      return this;
    }
    fire(type: string, event?: unknown) {
      for (const l of [...(this.listeners.get(type) ?? [])]) l(event);
    }
    count(filter: (type: string) => boolean = () => true) {
      return [...this.listeners].filter(([t]) => filter(t)).reduce((n, [, set]) => n + set.size, 0);
    }
  }

  class FakeMap extends FakeEvented {
    static all: FakeMap[] = [];
    removed = false;
    controls = new Set<{ onAdd(m: FakeMap): void; onRemove(m: FakeMap): void }>();
    sources = new Set<string>();
    layers: string[] = [];
    container: HTMLElement;
    canvas = document.createElement('canvas');
    /** What was still on the map when it was removed. */
    atRemove: { listeners: string[]; controls: number; layers: string[] } | null = null;
    touchZoomRotate = { disableRotation() {} };
    keyboard = { disableRotation() {} };
    constructor(options: { container: HTMLElement }) {
      super();
      this.container = options.container;
      this.container.append(this.canvas);
      FakeMap.all.push(this);
      setTimeout(() => {
        if (this.removed) return;
        this.fire('style.load');
        this.fire('load');
      }, 0);
    }
    addControl(control: { onAdd(m: FakeMap): void; onRemove(m: FakeMap): void }) {
      this.controls.add(control);
      control.onAdd(this);
      return this;
    }
    removeControl(control: { onAdd(m: FakeMap): void; onRemove(m: FakeMap): void }) {
      if (!this.controls.delete(control)) throw new Error('control not on the map');
      control.onRemove(this);
      return this;
    }
    addSource(id: string) {
      if (this.sources.has(id)) throw new Error(`source ${id} already exists`);
      this.sources.add(id);
    }
    getSource(id: string) {
      return this.sources.has(id) ? { setData() {} } : undefined;
    }
    addLayer(layer: { id: string }) {
      if (this.layers.includes(layer.id)) throw new Error(`layer ${layer.id} already exists`);
      this.layers.push(layer.id);
    }
    removeLayer(id: string) {
      this.layers = this.layers.filter((l) => l !== id);
    }
    getLayer(id: string) {
      return this.layers.includes(id) ? { id } : undefined;
    }
    getLayersOrder() {
      return [...this.layers];
    }
    moveLayer(id: string, before?: string) {
      this.layers = this.layers.filter((l) => l !== id);
      const at = before ? this.layers.indexOf(before) : -1;
      if (at < 0) this.layers.push(id);
      else this.layers.splice(at, 0, id);
    }
    getCanvas() {
      return this.canvas;
    }
    getContainer() {
      return this.container;
    }
    getZoom() {
      return 12;
    }
    fitBounds() {}
    flyTo() {}
    remove() {
      this.atRemove = {
        listeners: [...this.listeners].filter(([, set]) => set.size > 0).map(([t]) => t),
        controls: this.controls.size,
        layers: [...this.layers],
      };
      this.removed = true;
      this.canvas.remove();
    }
  }

  class FakeMarker extends FakeEvented {
    static live = 0;
    element = document.createElement('div');
    at: [number, number] = [0, 0];
    setLngLat(at: [number, number]) {
      this.at = at;
      return this;
    }
    getLngLat() {
      return { lng: this.at[0], lat: this.at[1] };
    }
    addTo() {
      FakeMarker.live++;
      return this;
    }
    remove() {
      FakeMarker.live--;
      return this;
    }
    getElement() {
      return this.element;
    }
    setDraggable() {
      return this;
    }
  }

  class Control {
    onAdd() {
      return document.createElement('div');
    }
    onRemove() {}
  }

  class FakeDraw {
    static live = 0;
    features = new Map<string, unknown>();
    mode = 'simple_select';
    private onMove = () => {};
    static constants = { classes: {} };
    static modes = {};
    onAdd(map: FakeMap) {
      FakeDraw.live++;
      map.on('mousemove', this.onMove);
      map.addLayer({ id: 'gl-draw-polygon-fill' });
      return document.createElement('div');
    }
    onRemove(map: FakeMap) {
      FakeDraw.live--;
      map.off('mousemove', this.onMove);
      map.removeLayer('gl-draw-polygon-fill');
    }
    getMode() {
      return this.mode;
    }
    changeMode(mode: string) {
      this.mode = mode;
    }
    getAll() {
      return { type: 'FeatureCollection', features: [...this.features.values()] };
    }
    get(id: string) {
      return this.features.get(id);
    }
    add(fc: { features: { id: string }[] }) {
      for (const f of fc.features) this.features.set(f.id, f);
      return fc.features.map((f) => f.id);
    }
    delete(ids: string[]) {
      for (const id of ids) this.features.delete(id);
    }
    getSelectedIds() {
      return [];
    }
    getSelectedPoints() {
      return { features: [] };
    }
    trash() {}
  }

  return { FakeMap, FakeMarker, FakeDraw, Control };
});

vi.mock('maplibre-gl', () => ({
  Map: fake.FakeMap,
  Marker: fake.FakeMarker,
  NavigationControl: fake.Control,
  ScaleControl: fake.Control,
  setWorkerUrl: () => {},
}));
vi.mock('@mapbox/mapbox-gl-draw', () => ({ default: fake.FakeDraw }));

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
  fake.FakeMap.all = [];
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
