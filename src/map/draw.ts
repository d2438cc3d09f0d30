/**
 * mapbox-gl-draw on maplibre: the class-name patch (docs/design.md, Map), our styles, a `static` mode
 * (no editing) used while the user places the location marker, and a `view` mode (selecting
 * only) for the read-only editor. Only imported by modules of
 * the lazily loaded map chunk.
 */
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import type { IControl, Map as MaplibreMap } from 'maplibre-gl';
import { drawStyles } from './draw-styles';

export type Draw = MapboxDraw;

export const DRAW_MODES = {
  select: 'simple_select',
  edit: 'direct_select',
  draw: 'draw_polygon',
  static: 'static',
  view: 'view',
} as const;

let patched = false;

/** Draw looks for mapbox's class names; maplibre's elements carry `maplibregl-*` ones. */
export function patchDrawForMaplibre(): void {
  if (patched) return;
  const classes = MapboxDraw.constants.classes as unknown as Record<string, string>;
  classes.CANVAS = 'maplibregl-canvas';
  classes.CONTROL_BASE = 'maplibregl-ctrl';
  classes.CONTROL_PREFIX = 'maplibregl-ctrl-';
  classes.CONTROL_GROUP = 'maplibregl-ctrl-group';
  classes.ATTRIBUTION = 'maplibregl-ctrl-attrib';
  patched = true;
}

/** Shows the features, reacts to nothing. */
const StaticMode: MapboxDraw.DrawCustomMode = {
  onSetup() {
    this.setActionableState({ trash: false, combineFeatures: false, uncombineFeatures: false });
    return {};
  },
  toDisplayFeatures(_state, geojson, display) {
    display(geojson);
  },
};

type ViewThis = {
  isSelected(id: string): boolean;
  getSelectedIds(): string[];
  setSelected(id: string): void;
  doRender(id: string): void;
};
type ViewEvent = { featureTarget?: { properties: { id: string } } };

/**
 * The read-only editor's mode: a click selects a zone (one at a time) and clicking elsewhere
 * deselects it, as in draw's `simple_select`, but nothing can be dragged (the map pans instead),
 * a selected zone shows no corners, and a second click does not start editing them.
 */
export const ViewMode = {
  ...MapboxDraw.modes.simple_select,
  onMouseDown() {},
  onTouchStart() {},
  onDrag() {},
  clickOnVertex() {},
  clickOnFeature(this: ViewThis, _state: unknown, event: ViewEvent) {
    const id = event.featureTarget?.properties.id;
    if (id === undefined || this.isSelected(id)) return;
    for (const other of this.getSelectedIds()) this.doRender(other);
    this.setSelected(id);
    this.doRender(id);
  },
  toDisplayFeatures(
    this: ViewThis,
    _state: unknown,
    geojson: { properties: { id: string; active?: string } },
    display: (feature: unknown) => void,
  ) {
    geojson.properties.active = this.isSelected(geojson.properties.id) ? 'true' : 'false';
    display(geojson);
  },
  onTrash() {},
  onCombineFeatures() {},
  onUncombineFeatures() {},
} as unknown as MapboxDraw.DrawCustomMode;

/**
 * A draw control (with `modes` replacing draw's own of the same name) with no buttons of its own (the editor has a toolbar), no key bindings (the
 * editor handles Delete, Esc and Enter itself, wherever the focus is inside the map), and
 * user properties exposed to the styles.
 */
export function addDraw(
  map: MaplibreMap,
  modes: Record<string, MapboxDraw.DrawCustomMode> = {},
  defaultMode: string = DRAW_MODES.select,
): Draw {
  patchDrawForMaplibre();
  const draw = new MapboxDraw({
    displayControlsDefault: false,
    controls: {},
    keybindings: false,
    boxSelect: false,
    userProperties: true,
    styles: drawStyles,
    modes: { ...MapboxDraw.modes, ...modes, static: StaticMode, view: ViewMode },
    defaultMode,
  });
  map.addControl(draw as unknown as IControl, 'top-left');
  return draw;
}

/** Listens to one of draw's events on the map (maplibre's typings only know its own event names); returns the stop. */
export function onDrawEvent<E>(
  map: MaplibreMap,
  type: `draw.${string}`,
  listener: (event: E) => void,
): () => void {
  const on = map.on as unknown as (
    this: MaplibreMap,
    t: string,
    l: (event: E) => void,
  ) => { unsubscribe(): void };
  const subscription = on.call(map, type, listener);
  return () => subscription.unsubscribe();
}

export function removeDraw(map: MaplibreMap, draw: Draw): void {
  try {
    map.removeControl(draw as unknown as IControl);
  } catch {
    // The map is already gone; nothing to clean.
  }
}
