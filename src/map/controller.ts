/**
 * The zone editor's controller: a plain class that owns the map's editing parts (the draw
 * control, the location marker, the overlay layers), the current mode and selection, the
 * undo history and the changes draw reports. React reads it through `subscribe` and
 * `getSnapshot` (`useSyncExternalStore`) and calls its methods; nothing here renders.
 *
 * The zones and the pin given by the caller are the truth and the map mirrors them: every
 * change is diffed against draw's features (by id and geometry) and only the differences are
 * applied through draw's API, which fires no events, so there is no feedback loop. Draw's own
 * events (create, update, delete) are collected for one tick, turned into the next collection
 * by the pure `applyDrawChanges`, and committed once (one undo step) through `onChange`.
 *
 * Lifecycle: the constructor has no side effects; `connect()` (from an effect, returning its
 * cleanup) starts what the controller does on its own; `attach(map)` (when the map is ready,
 * returning its cleanup) sets up the map. Both undo cleanly, so StrictMode's double mount
 * leaves exactly one of each.
 */
import type { LngLatBoundsLike, Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';
import { Marker } from 'maplibre-gl';
import type { Feature, Polygon, Position } from 'geojson';
import { bbox, bboxesIntersect, defaultZoneId, formatAreaKm2, roundCoordinate, samePosition, type GeoJsonImport } from '../geo';
import { downloadFile } from '../ui';
import { addDraw, DRAW_MODES, removeDraw, type Draw } from './draw';
import { historyReducer, initialHistory, sameJson, type History, type HistoryAction } from './history';
import {
  addOverlayLayers,
  contextCollection,
  CONTEXT_SOURCE,
  POINTS_SOURCE,
  keepOverlayOrder,
  MARKER_SOURCE,
  setLayerData,
  SNAP_SOURCE,
  snapTargetCollection,
} from './layers';
import { snapEvent, snappingModes, type SnapHooks } from './snap-modes';
import { isSnapOffKey, Snapper, writeSnapSetting } from './snapping';
import type { SnapTarget } from '../geo/snap';
import {
  appendZones,
  applyDrawChanges,
  diffDrawFeatures,
  featuresBounds,
  isDrawDiffEmpty,
  removeZones,
  renameZone,
  roundRings,
  toDrawFeatures,
  zoneKeys,
  type DrawChange,
} from './sync';
import type { ContextArea, MapPin, MapPoints, ZoneCollection, ZoneEditorProps } from './types';
import { MapLabels } from './labels';
import { zoneColor } from './palette';
import { checkZones, type WarnFn, type ZoneChecks } from './zone-checks';
import s from './ZoneEditor.module.css';

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const NOTICE_MS = 10_000;
const NO_POINTS: MapPoints = { type: 'FeatureCollection', features: [] };
const NO_CONTEXT: readonly ContextArea[] = [];

/** What the user is doing, as shown in the status line. */
export type EditorMode = 'select' | 'edit' | 'draw' | 'hole' | 'pin';

export type Notice = { tone: 'info' | 'danger'; title: string; message?: string; notes?: string[] };

/** What the editor shows, as one immutable object per change. */
export type EditorSnapshot = {
  /** The map and its draw control are set up. */
  ready: boolean;
  mode: EditorMode;
  zones: ZoneCollection;
  pin: MapPin | null;
  checks: ZoneChecks;
  /** The selected zone's key (only while that zone exists). */
  selectedKey: string | null;
  /** Corners selected in the selected zone (while editing its corners). */
  selectedCorners: number;
  canUndo: boolean;
  canRedo: boolean;
  notice: Notice | null;
  /** Corners snap to other zones' corners and edges. */
  snapping: boolean;
};

/** The props the controller reads (the rest only concern rendering). */
export type ControllerProps = Pick<
  ZoneEditorProps,
  'value' | 'onChange' | 'pin' | 'pinNote' | 'onPinChange' | 'context' | 'farKm' | 'exportName' | 'points'
>;

/** One undo step holds the zones and the location together (placing the pin is undoable). */
type Present = { zones: ZoneCollection; pin: MapPin | null };

type Bounds = [number, number, number, number];

function roundPin(lng: number, lat: number): MapPin {
  return { latitude: roundCoordinate(lat), longitude: roundCoordinate(lng) };
}

function samePin(a: MapPin | null, b: MapPin | null): boolean {
  return a === b || (a !== null && b !== null && a.latitude === b.latitude && a.longitude === b.longitude);
}

function validPin(pin: MapPin | null | undefined): pin is MapPin {
  return (
    !!pin &&
    Number.isFinite(pin.latitude) &&
    Number.isFinite(pin.longitude) &&
    Math.abs(pin.latitude) <= 90 &&
    Math.abs(pin.longitude) <= 180
  );
}

/** The file's bytes (`Blob.arrayBuffer()`, or FileReader where a DOM lacks it, as jsdom does). */
function readBytes(file: File): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Zones from a GeoJSON, KML or KMZ file, told apart by their content (a zip archive, XML, or
 * else JSON). Each reader loads with the first file of its kind: most sessions import nothing.
 */
async function readZonesFile(file: File): Promise<GeoJsonImport> {
  const bytes = await readBytes(file);
  const head = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 4));
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) {
    const { kmlFromKmz, readKml } = await import('./kml');
    return readKml(await kmlFromKmz(bytes));
  }
  const text = new TextDecoder().decode(bytes);
  if (/^\uFEFF?\s*</.test(text)) {
    const { readKml } = await import('./kml');
    return readKml(text);
  }
  const { parseGeoJsonImport } = await import('../geo/import');
  return parseGeoJsonImport(text);
}

/** Listens to a draw event on the map (maplibre's typings only know its own event names). */
function listen<E>(map: MaplibreMap, type: string, listener: (event: E) => void): () => void {
  const on = map.on as unknown as (this: MaplibreMap, t: string, l: (event: E) => void) => { unsubscribe(): void };
  const subscription = on.call(map, type, listener);
  return () => subscription.unsubscribe();
}

/** Where the map starts: the zones, else the pin, else the world. */
export function initialViewOf(value: ZoneCollection, pin: MapPin | null | undefined) {
  const bounds = featuresBounds(value.features);
  if (bounds) return { bounds };
  if (validPin(pin)) return { center: [pin.longitude, pin.latitude] as [number, number], zoom: 12 };
  return { center: [0, 20] as [number, number], zoom: 1.2 };
}

export class ZoneEditorController {
  private props: ControllerProps;
  private history: History<Present>;
  private warn: WarnFn | undefined;
  private checksFor: { zones: ZoneCollection; context: readonly ContextArea[]; pin: MapPin | null; farKm?: number; warn?: WarnFn } | null = null;
  private checks!: ZoneChecks;

  private mode: EditorMode = 'select';
  private selected: string | null = null;
  private selectedCorners = 0;
  private notice: Notice | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;

  private map: MaplibreMap | null = null;
  private draw: Draw | null = null;
  private marker: Marker | null = null;
  private labels: MapLabels | null = null;
  private placingPin = false;
  /** Draw's id of the polygon being drawn (not in the value until it is finished). */
  private drawingId: string | null = null;
  /** The zone a hole is being cut in ("Cut hole"): what is drawn becomes its inner ring. */
  private holeFor: string | null = null;
  private readonly snapper = new Snapper();
  private snapShown: SnapTarget | null = null;
  private pending: DrawChange[] = [];
  private connected = false;
  /** What the map shows now (so an unchanged part is not set again). */
  private shown: {
    zones?: ZoneCollection;
    checks?: ZoneChecks;
    context?: readonly ContextArea[];
    points?: MapPoints | null;
  } = {};

  private listeners = new Set<() => void>();
  private snapshot: EditorSnapshot;

  constructor(props: ControllerProps) {
    this.props = props;
    this.history = initialHistory<Present>({ zones: props.value, pin: validPin(props.pin) ? props.pin : null });
    this.snapshot = this.makeSnapshot();
  }

  // ---- the store ---------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EditorSnapshot => this.snapshot;

  private get present(): Present {
    return this.history.present;
  }

  private currentChecks(): ZoneChecks {
    const { zones, pin } = this.present;
    const context = this.props.context ?? NO_CONTEXT;
    const { farKm } = this.props;
    const last = this.checksFor;
    if (!last || last.zones !== zones || last.context !== context || !samePin(last.pin, pin) || last.farKm !== farKm || last.warn !== this.warn) {
      this.checks = checkZones(zones, { context, pin, ...(farKm !== undefined ? { farKm } : {}) }, this.warn);
      this.checksFor = { zones, context, pin, ...(farKm !== undefined ? { farKm } : {}), ...(this.warn ? { warn: this.warn } : {}) };
    }
    return this.checks;
  }

  private makeSnapshot(): EditorSnapshot {
    const { zones, pin } = this.present;
    const selectedKey = this.selected !== null && zoneKeys(zones).includes(this.selected) ? this.selected : null;
    return {
      ready: this.draw !== null,
      mode: this.mode,
      zones,
      pin,
      checks: this.currentChecks(),
      selectedKey,
      selectedCorners: selectedKey === null ? 0 : this.selectedCorners,
      canUndo: this.history.past.length > 0,
      canRedo: this.history.future.length > 0,
      notice: this.notice,
      snapping: this.snapper.enabled,
    };
  }

  /** Brings the map in line with the state, then tells React. */
  private refresh(): void {
    this.mode = this.modeNow();
    this.snapshot = this.makeSnapshot();
    this.syncMap();
    for (const listener of this.listeners) listener();
  }

  // ---- from the caller -------------------------------------------------------------------

  /** The caller's latest props (every render). A value or pin changed outside is adopted without an undo step. */
  setProps(props: ControllerProps): void {
    const before = this.props;
    this.props = props;
    const { zones, pin } = this.present;
    let next = this.history;
    // Only a prop that changed since the last render is news: a render with the props from
    // before an edit reached the caller must not take the edit back.
    if (props.value !== before.value && props.value !== zones) {
      // An equal copy (react-hook-form hands back copies) takes the present's place without
      // ending a burst of merged commits (typing a name stays one undo step).
      next = sameJson(props.value, zones)
        ? { ...next, present: { ...next.present, zones: props.value } }
        : historyReducer(next, { type: 'sync', value: { ...next.present, zones: props.value } });
    }
    const nextPin = validPin(props.pin) ? props.pin : null;
    const lastPin = validPin(before.pin) ? before.pin : null;
    if (!samePin(nextPin, lastPin) && !samePin(nextPin, pin)) {
      next = historyReducer(next, { type: 'sync', value: { ...next.present, pin: nextPin } });
    }
    const changed =
      next !== this.history ||
      props.context !== before.context ||
      props.points !== before.points ||
      props.farKm !== before.farKm ||
      props.onPinChange !== before.onPinChange ||
      props.pinNote !== before.pinNote;
    this.history = next;
    if (changed) this.refresh();
  }

  /** Starts what runs on its own (the overlap warnings and snapping's index, loaded after first paint); returns the stop. */
  connect(): () => void {
    this.connected = true;
    void import('../geo/snap').then((m) => this.snapper.useIndex(m.SnapIndex));
    if (!this.warn) {
      void import('../geo/warnings').then((m) => {
        if (!this.connected) return;
        this.warn = m.zoneWarnings;
        this.refresh();
      });
    }
    return () => {
      this.connected = false;
      clearTimeout(this.noticeTimer);
    };
  }

  // ---- history -----------------------------------------------------------------------------

  private dispatch(action: HistoryAction<Present>): void {
    const before = this.history;
    const after = historyReducer(before, action);
    if (after === before) return;
    this.history = after;
    const was = before.present;
    const now = after.present;
    if (now.zones !== was.zones) this.props.onChange(now.zones);
    if (!samePin(now.pin, was.pin)) this.props.onPinChange?.(now.pin);
    this.refresh();
  }

  private commitZones(zones: ZoneCollection, key?: string): void {
    if (zones === this.present.zones) return;
    this.dispatch({ type: 'commit', next: { ...this.present, zones }, ...(key ? { key } : {}) });
  }

  private commitPin(pin: MapPin): void {
    if (samePin(pin, this.present.pin)) return;
    this.dispatch({ type: 'commit', next: { ...this.present, pin } });
  }

  undo = (): void => {
    this.leaveSpecialModes();
    this.dispatch({ type: 'undo' });
    this.refresh();
  };

  redo = (): void => {
    this.leaveSpecialModes();
    this.dispatch({ type: 'redo' });
    this.refresh();
  };

  // ---- the map -----------------------------------------------------------------------------

  /** Sets up a ready map (MapView's `onReady`); returns the teardown, run before the map is removed. */
  attach = (map: MaplibreMap): (() => void) => {
    this.map = map;
    // Draw first, while the map is still "loaded": draw then adds its layers at once instead
    // of polling for the map to settle (which adding our sources first would cause).
    const draw = addDraw(map, snappingModes(this.snapHooks, () => this.holeFor));
    this.draw = draw;
    addOverlayLayers(map);
    this.labels = new MapLabels(map);
    this.shown = {};

    const offs = [
      listen<{ features: Feature[] }>(map, 'draw.create', (e) => {
        this.drawingId = null;
        const [created] = e.features;
        if (this.holeFor !== null && created?.geometry.type === 'Polygon') {
          const key = this.holeFor;
          const [ring] = (created.geometry as Polygon).coordinates;
          this.holeFor = null;
          // After draw has finished its own change of mode.
          if (ring) queueMicrotask(() => this.addHole(key, ring));
          return;
        }
        this.queueChange({ type: 'create', features: e.features });
        if (created?.id !== undefined) this.selected = String(created.id);
      }),
      listen<{ features: Feature[] }>(map, 'draw.update', (e) => this.queueChange({ type: 'update', features: e.features })),
      listen<{ features: Feature[] }>(map, 'draw.delete', (e) => this.queueChange({ type: 'delete', features: e.features })),
      listen<{ features: Feature[]; points?: Feature[] }>(map, 'draw.selectionchange', (e) => {
        if (this.holeFor !== null) return; // the zone being cut stays selected
        const id = e.features[0]?.id;
        this.selected = id === undefined ? null : String(id);
        this.selectedCorners = e.points?.length ?? 0;
        this.refresh();
      }),
      listen(map, 'draw.modechange', () => this.refresh()),
      listen(map, 'draw.render', () => keepOverlayOrder(map)),
    ];
    const onClick = (e: MapMouseEvent) => {
      if (!this.placingPin) return;
      this.stopPlacingPin();
      this.commitPin(roundPin(e.lngLat.lng, e.lngLat.lat));
    };
    map.on('click', onClick);
    // Focus follows the pointer into the map, so Delete, Esc and Enter reach it.
    const canvas = map.getCanvas();
    const focusCanvas = () => {
      if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    };
    canvas.addEventListener('mousedown', focusCanvas);
    this.refresh();

    return () => {
      for (const off of offs) off();
      map.off('click', onClick);
      canvas.removeEventListener('mousedown', focusCanvas);
      this.marker?.remove();
      this.marker = null;
      this.labels?.remove();
      this.labels = null;
      removeDraw(map, draw);
      this.draw = null;
      this.map = null;
      this.placingPin = false;
      this.drawingId = null;
      this.holeFor = null;
      this.snapShown = null;
      this.pending = [];
      this.shown = {};
      this.refresh();
    };
  };

  /** The map mirrors the state: draw's features, the markers' layer, the context, the pin. */
  private syncMap(): void {
    const { draw, map } = this;
    if (!draw || !map) return;
    const { zones } = this.present;
    const { checks } = this.snapshot;
    const context = this.props.context ?? NO_CONTEXT;
    const shown = this.shown;
    if (shown.zones !== zones) {
      const desired = toDrawFeatures(zones, zoneColor);
      const keep = new Set<string>();
      if (draw.getMode() === DRAW_MODES.draw && this.drawingId) keep.add(this.drawingId);
      const diff = diffDrawFeatures(desired, draw.getAll().features, keep);
      if (!isDrawDiffEmpty(diff)) {
        const editing = draw.getMode() === DRAW_MODES.edit ? draw.getSelectedIds()[0] : undefined;
        if (editing !== undefined && diff.reshaped.includes(editing)) {
          // The corners being edited changed in number: vertex paths no longer hold.
          draw.changeMode(DRAW_MODES.select, { featureIds: [editing] });
        }
        if (diff.remove.length) draw.delete(diff.remove);
        if (diff.add.length || diff.update.length) draw.add({ type: 'FeatureCollection', features: [...diff.add, ...diff.update] });
      }
    }
    if (shown.checks?.markers !== checks.markers) setLayerData(map, MARKER_SOURCE, checks.markers);
    if (shown.checks?.labels !== checks.labels) this.labels?.set(checks.labels);
    if (shown.context !== context) setLayerData(map, CONTEXT_SOURCE, contextCollection(context));
    if (shown.zones !== zones || shown.context !== context) this.snapper.setTargets(zones, zoneKeys(zones), context);
    const points = this.props.points ?? null;
    if (shown.points !== points) setLayerData(map, POINTS_SOURCE, points ?? NO_POINTS);
    this.shown = { zones, checks, context, points };
    this.syncMarker(map);
  }

  private syncMarker(map: MaplibreMap): void {
    const { pin } = this.present;
    if (!pin) {
      this.marker?.remove();
      this.marker = null;
      return;
    }
    const editable = this.props.onPinChange !== undefined;
    if (!this.marker) {
      const marker = new Marker({ color: '#c2410c', draggable: editable }).setLngLat([pin.longitude, pin.latitude]).addTo(map);
      const element = marker.getElement();
      element.setAttribute('aria-label', 'Location');
      element.style.zIndex = '1'; // over the zones' labels
      element.title = editable ? 'Location (drag to move)' : 'Location';
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        this.commitPin(roundPin(at.lng, at.lat));
      });
      this.marker = marker;
    } else {
      this.marker.setLngLat([pin.longitude, pin.latitude]);
      this.marker.setDraggable(editable);
    }
    this.marker.getElement().classList.toggle(s.pinStale!, this.props.pinNote !== undefined);
  }

  private modeNow(): EditorMode {
    if (this.placingPin) return 'pin';
    switch (this.draw?.getMode()) {
      case DRAW_MODES.edit:
        return 'edit';
      case DRAW_MODES.draw:
        return this.holeFor === null ? 'draw' : 'hole';
      default:
        return 'select';
    }
  }

  // ---- draw -> value -----------------------------------------------------------------------

  private queueChange(change: DrawChange): void {
    this.pending.push(change);
    if (this.pending.length > 1) return;
    // Draw may report several changes for one gesture (a vertex removed, then the too small
    // zone deleted): they become one commit, one undo step.
    queueMicrotask(() => {
      const changes = this.pending.splice(0);
      if (changes.length === 0) return;
      this.commitZones(applyDrawChanges(this.present.zones, changes));
      this.refresh();
    });
  }

  // ---- camera ----------------------------------------------------------------------------

  private fitTo(bounds: Bounds | null, maxZoom = 15): void {
    if (!this.map || !bounds) return;
    this.map.fitBounds(bounds as LngLatBoundsLike, { padding: 48, maxZoom });
  }

  private fitZone(key: string): void {
    const { zones } = this.present;
    const feature = zones.features[zoneKeys(zones).indexOf(key)];
    if (feature) this.fitTo(featuresBounds([feature]), 16);
  }

  fitAll = (): void => {
    const { zones, pin } = this.present;
    const bounds = featuresBounds(zones.features);
    if (bounds) this.fitTo(bounds);
    else if (pin && this.map) this.map.flyTo({ center: [pin.longitude, pin.latitude], zoom: 12 });
  };

  /** Flies to a place (the pin, when it lies outside every zone). */
  showPlace = (position: [number, number]): void => {
    this.map?.flyTo({ center: position, zoom: Math.max(this.map.getZoom(), 14) });
  };

  /** Selects the zone and flies to the position (or to the zone when there is none). */
  showPoint = (key: string, position: [number, number] | undefined): void => {
    this.selectZone(key, position === undefined);
    if (this.map && position) this.map.flyTo({ center: position, zoom: Math.max(this.map.getZoom(), 15) });
  };

  // ---- actions -----------------------------------------------------------------------------

  private leaveSpecialModes(): void {
    this.stopPlacingPin();
    this.cancelDrawing();
  }

  stopPlacingPin = (): void => {
    if (!this.placingPin) return;
    this.placingPin = false;
    this.map?.getContainer().classList.remove(s.placing!);
    this.draw?.changeMode(DRAW_MODES.select);
    this.refresh();
  };

  startPlacingPin = (): void => {
    const { draw, map } = this;
    if (!draw || !map) return;
    this.cancelDrawing();
    this.placingPin = true;
    draw.changeMode(DRAW_MODES.static);
    map.getContainer().classList.add(s.placing!);
    this.selected = null;
    this.refresh();
    map.getCanvas().focus({ preventScroll: true });
  };

  /** Leaves drawing without keeping the unfinished zone (or hole). */
  private cancelDrawing(): void {
    const { draw } = this;
    const cutting = this.holeFor;
    this.holeFor = null;
    this.drawingId = null;
    if (draw?.getMode() !== DRAW_MODES.draw) return;
    draw.trash();
    // Back to the zone a hole was being cut in.
    if (cutting !== null && draw.get(cutting)) draw.changeMode(DRAW_MODES.select, { featureIds: [cutting] });
  }

  startDrawing = (): void => {
    const { draw } = this;
    if (!draw) return;
    this.stopPlacingPin();
    if (draw.getMode() === DRAW_MODES.draw && this.holeFor === null) return;
    this.cancelDrawing();
    this.beginPolygon();
    this.selected = null;
    this.selectedCorners = 0;
    this.refresh();
  };

  /** "Cut hole": what is drawn next becomes an inner ring of the selected zone. */
  startHole = (): void => {
    const { draw } = this;
    const key = this.snapshot.selectedKey;
    if (!draw || key === null) return;
    this.stopPlacingPin();
    this.cancelDrawing();
    this.beginPolygon();
    this.holeFor = key;
    this.refresh();
  };

  private beginPolygon(): void {
    const draw = this.draw!;
    const before = new Set(draw.getAll().features.map((f) => String(f.id)));
    draw.changeMode(DRAW_MODES.draw);
    this.drawingId = draw.getAll().features.map((f) => String(f.id)).find((id) => !before.has(id)) ?? null;
    this.map?.getCanvas().focus({ preventScroll: true });
  }

  /** The ring drawn in "Cut hole" becomes the zone's next hole (validated like every ring). */
  private addHole(key: string, ring: Position[]): void {
    const { zones } = this.present;
    const index = zoneKeys(zones).indexOf(key);
    const feature = zones.features[index];
    if (feature?.geometry?.type !== 'Polygon') return;
    // Draw gives the ring closed; a ring it left open is closed here.
    const first = ring[0]!;
    const last = ring[ring.length - 1]!;
    const [hole] = roundRings([first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first]]);
    const geometry = { type: 'Polygon' as const, coordinates: [...feature.geometry.coordinates, hole!] };
    this.commitZones({ ...zones, features: zones.features.map((f, i) => (i === index ? { ...f, geometry } : f)) });
    this.selectZone(key, false);
  }

  /** Removes one inner ring (1 for the first hole) of a zone. */
  deleteHole = (key: string, ring: number): void => {
    const { zones } = this.present;
    const index = zoneKeys(zones).indexOf(key);
    const feature = zones.features[index];
    if (feature?.geometry?.type !== 'Polygon' || ring < 1 || ring >= feature.geometry.coordinates.length) return;
    this.leaveSpecialModes();
    const coordinates = feature.geometry.coordinates.filter((_, r) => r !== ring);
    this.commitZones({ ...zones, features: zones.features.map((f, i) => (i === index ? { ...f, geometry: { type: 'Polygon', coordinates } } : f)) });
  };

  /** Turns snapping on or off, remembered in this browser. */
  toggleSnapping = (): void => {
    this.snapper.enabled = !this.snapper.enabled;
    writeSnapSetting(this.snapper.enabled);
    this.refresh();
  };

  /** What the snapping draw modes call on each pointer move and at its end. */
  private readonly snapHooks: SnapHooks = {
    place: (event, exclude) => {
      const zoom = this.map?.getZoom();
      if (zoom === undefined) return;
      const target = this.snapper.target([event.lngLat.lng, event.lngLat.lat], zoom, isSnapOffKey(event.originalEvent), exclude);
      snapEvent(event, target);
      this.showSnapTarget(target);
    },
    clear: () => this.showSnapTarget(null),
  };

  /** The snap target under the pointer, drawn before the click. */
  private showSnapTarget(target: SnapTarget | null): void {
    const shown = this.snapShown;
    if (shown === target || (shown && target && shown.kind === target.kind && samePosition(shown.position, target.position))) return;
    this.snapShown = target;
    if (this.map) setLayerData(this.map, SNAP_SOURCE, snapTargetCollection(target));
  }

  /** Enter: the corners placed so far become the zone (at least 3), like a click on the first corner. */
  finishDrawing = (): void => {
    const { draw } = this;
    if (!draw || draw.getMode() !== DRAW_MODES.draw) return;
    const id = this.drawingId;
    draw.changeMode(DRAW_MODES.select);
    this.drawingId = null;
    if (id && draw.get(id)) {
      draw.changeMode(DRAW_MODES.select, { featureIds: [id] });
      this.selected = id;
    }
    this.refresh();
  };

  selectZone = (key: string | null, zoom = true): void => {
    this.leaveSpecialModes();
    this.selected = key;
    this.selectedCorners = 0;
    const { draw } = this;
    if (draw) {
      const known = key !== null && draw.get(key) !== undefined;
      draw.changeMode(DRAW_MODES.select, { featureIds: known ? [key] : [] });
    }
    this.refresh();
    if (key !== null && zoom) this.fitZone(key);
  };

  /** Delete: the corners selected, the zone being drawn, or the selected zone. */
  deleteSelection = (): void => {
    const { draw } = this;
    if (this.placingPin) return;
    if (draw?.getMode() === DRAW_MODES.draw) {
      this.cancelDrawing();
      this.refresh();
      return;
    }
    if (draw?.getMode() === DRAW_MODES.edit && draw.getSelectedPoints().features.length > 0) {
      draw.trash(); // fires draw.update (and draw.delete when too few corners remain)
      this.selectedCorners = 0;
      this.refresh();
      return;
    }
    const key = this.snapshot.selectedKey;
    if (key === null) return;
    this.selected = null;
    this.selectedCorners = 0;
    this.commitZones(removeZones(this.present.zones, [key]));
    this.refresh();
  };

  deleteZone = (key: string): void => {
    this.leaveSpecialModes();
    this.commitZones(removeZones(this.present.zones, [key]));
    this.refresh();
  };

  renameZone = (key: string, name: string): void => {
    this.commitZones(renameZone(this.present.zones, key, name), `name:${key}`);
  };

  /** Esc: leaves the current mode, one level at a time. */
  escape = (): void => {
    const { draw } = this;
    if (this.placingPin) {
      this.stopPlacingPin();
    } else if (draw?.getMode() === DRAW_MODES.draw) {
      this.cancelDrawing();
    } else if (draw?.getMode() === DRAW_MODES.edit) {
      const id = draw.getSelectedIds()[0];
      draw.changeMode(DRAW_MODES.select, { featureIds: id ? [id] : [] });
      this.selectedCorners = 0;
    } else {
      draw?.changeMode(DRAW_MODES.select, { featureIds: [] });
      this.selected = null;
    }
    this.refresh();
  };

  /**
   * Removes from the zone every area its neighbours overlap: the branch's other zones (those
   * without problems) and other branches' zones. What is left in several pieces keeps the zone
   * for the largest and adds the others as new zones; one undo step.
   */
  clipZone = async (key: string): Promise<void> => {
    const { zones } = this.present;
    const index = zoneKeys(zones).indexOf(key);
    const feature = zones.features[index];
    const row = this.snapshot.checks.rows[index];
    if (!feature || !row || feature.geometry?.type !== 'Polygon') return;
    const subject = feature.geometry.coordinates;
    const box = bbox(subject);
    if (!box) return;
    const cutters: Position[][][] = [];
    const consider = (rings: Position[][]) => {
      const other = bbox(rings);
      if (other && bboxesIntersect(box, other)) cutters.push(rings);
    };
    zones.features.forEach((f, i) => {
      if (i !== index && f.geometry?.type === 'Polygon' && this.snapshot.checks.rows[i]?.issues.length === 0) consider(f.geometry.coordinates);
    });
    for (const area of this.props.context ?? NO_CONTEXT) {
      for (const f of area.fc.features) {
        if (f.geometry?.type === 'Polygon') consider(f.geometry.coordinates);
        else if (f.geometry?.type === 'MultiPolygon') f.geometry.coordinates.forEach(consider);
      }
    }
    const { clipPolygon } = await import('../geo/overlap');
    if (!this.connected || this.present.zones !== zones) return;
    const name = row.name || `Zone ${index + 1}`;
    let clipped: ReturnType<typeof clipPolygon>;
    try {
      clipped = clipPolygon(subject, cutters);
    } catch (error) {
      this.setNotice({ tone: 'danger', title: `Could not clip ${name}`, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const [first, ...rest] = clipped.parts;
    if (!first) {
      this.setNotice({ tone: 'danger', title: `Nothing would be left of ${name}`, message: 'It lies entirely inside its neighbours. Delete it instead, or move its corners.' });
      return;
    }
    this.leaveSpecialModes();
    const features = zones.features.map((f, i) => (i === index ? { ...f, geometry: { type: 'Polygon' as const, coordinates: first } } : f));
    const pieces = rest.map((coordinates, k) => ({
      type: 'Feature' as const,
      id: defaultZoneId(),
      properties: { ...(feature.properties ?? {}), name: `${name} (${k + 2})` },
      geometry: { type: 'Polygon' as const, coordinates },
    }));
    this.commitZones({ ...zones, features: [...features, ...pieces] });
    this.setNotice({
      tone: 'info',
      title: `Clipped ${name}: ${formatAreaKm2(clipped.removedKm2)} removed.`,
      ...(pieces.length > 0 ? { message: `What is left is in ${pieces.length + 1} pieces: the smaller ${pieces.length === 1 ? 'one is a new zone' : 'ones are new zones'}.` } : {}),
    });
  };

  // ---- notices, files ------------------------------------------------------------------------

  setNotice = (notice: Notice | null): void => {
    clearTimeout(this.noticeTimer);
    this.notice = notice;
    // Good news floats over the map for a while; problems stay until dismissed.
    if (notice?.tone === 'info') this.noticeTimer = setTimeout(() => this.setNotice(null), NOTICE_MS);
    this.refresh();
  };

  importFile = async (file: File): Promise<void> => {
    if (file.size > MAX_IMPORT_BYTES) {
      this.setNotice({ tone: 'danger', title: `Could not import ${file.name}`, message: 'The file is larger than 10 MB.' });
      return;
    }
    let result: GeoJsonImport;
    try {
      result = await readZonesFile(file);
    } catch (error) {
      if (this.connected) this.setNotice({ tone: 'danger', title: `Could not read ${file.name}`, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (!this.connected) return;
    if (!result.ok) {
      this.setNotice({ tone: 'danger', title: `Could not import ${file.name}`, message: result.message });
      return;
    }
    if (result.features.length === 0) {
      this.setNotice({ tone: 'danger', title: `Nothing to import from ${file.name}`, message: 'The file has no polygons.', notes: result.notes });
      return;
    }
    this.leaveSpecialModes();
    this.commitZones(appendZones(this.present.zones, result.features, defaultZoneId).value);
    const count = result.features.length;
    this.setNotice({ tone: 'info', title: `Imported ${count} ${count === 1 ? 'zone' : 'zones'} from ${file.name}.`, notes: result.notes });
    this.fitTo(featuresBounds(result.features));
  };

  /** Downloads the zones as a GeoJSON or a KML file. */
  exportZones = async (format: 'geojson' | 'kml'): Promise<void> => {
    const name = this.props.exportName ?? 'delivery-zones';
    const { zones } = this.present;
    if (format === 'geojson') {
      downloadFile(`${name}.geojson`, [`${JSON.stringify(zones, null, 2)}\n`], 'application/geo+json');
      return;
    }
    const { zonesToKml } = await import('../geo/kml');
    downloadFile(`${name}.kml`, [zonesToKml(zones, name)], 'application/vnd.google-earth.kml+xml');
  };
}
