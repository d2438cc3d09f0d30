/**
 * maplibre and mapbox-gl-draw as fakes for jsdom (no WebGL): they keep count of what is added to
 * them, so the zone editor can run with a map that is "ready". A test file mocks both modules
 * with these (`vi.mock('maplibre-gl', () => import('./map-fakes').then((m) => m.maplibre))`).
 */
type Listener = (event?: unknown) => void;

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

export class FakeMap extends FakeEvented {
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
  /** The options the map was made with (its name: `locale['Map.Title']`). */
  options: { container: HTMLElement; locale?: Record<string, string> };
  constructor(options: { container: HTMLElement; locale?: Record<string, string> }) {
    super();
    this.options = options;
    this.container = options.container;
    this.container.classList.add('maplibregl-map'); // as maplibre does: the editor's keys look for it
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

export class FakeMarker extends FakeEvented {
  static live = 0;
  static all: FakeMarker[] = [];
  element = document.createElement('div');
  draggable: boolean;
  constructor(options: { draggable?: boolean } = {}) {
    super();
    this.draggable = options.draggable ?? false;
    FakeMarker.all.push(this);
  }
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
  setDraggable(draggable: boolean) {
    this.draggable = draggable;
    return this;
  }
}

export class Control {
  onAdd() {
    return document.createElement('div');
  }
  onRemove() {}
}

export class FakeDraw {
  static live = 0;
  static all: FakeDraw[] = [];
  features = new Map<string, unknown>();
  mode: string;
  /** The draw modes it was given, by name. */
  modes: Record<string, unknown>;
  constructor(options: { defaultMode?: string; modes?: Record<string, unknown> } = {}) {
    this.mode = options.defaultMode ?? 'simple_select';
    this.modes = options.modes ?? {};
    FakeDraw.all.push(this);
  }
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

/** The mocked `maplibre-gl` module. */
export const maplibre = {
  Map: FakeMap,
  Marker: FakeMarker,
  NavigationControl: Control,
  ScaleControl: Control,
  setWorkerUrl: () => {},
};

/** The mocked `@mapbox/mapbox-gl-draw` module. */
export const mapboxDraw = { default: FakeDraw };

/** Forgets the maps, markers and draw controls made so far. */
export function resetFakes(): void {
  FakeMap.all = [];
  FakeMarker.all = [];
  FakeDraw.all = [];
}
