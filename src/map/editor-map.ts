/**
 * The zone editor's parts on one maplibre map: the draw control (with the snapping modes), the
 * location marker, the overlay layers and the zones' labels. It shows what the controller hands
 * it (`show`), holds draw's modes (placing the pin, drawing a zone or a hole, editing corners)
 * and reports the user's gestures through `EditorMapEvents`; the zones themselves are the
 * controller's. Made by the controller's `attach(map)`, removed (`remove()`) before the map is.
 * Read-only, draw selects in its `view` mode (nothing to drag, no corners) and the marker is fixed.
 *
 * The zones are mirrored into draw by difference (sync.ts): only the features that changed
 * are replaced, through draw's API, which fires no events, so there is no feedback loop.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';
import type { LngLatBoundsLike, Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';
import { Marker } from 'maplibre-gl';
import type { Feature, Polygon, Position } from 'geojson';
import { samePosition, type BBox } from '../geo';
import type { SnapTarget } from '../geo/snap';
import { cornerStep } from './corner-keys';
import { addDraw, DRAW_MODES, onDrawEvent, removeDraw, type Draw } from './draw';
import { MapLabels } from './labels';
import {
  addOverlayLayers,
  contextCollection,
  CONTEXT_SOURCE,
  keepOverlayOrder,
  MARKER_SOURCE,
  POINTS_SOURCE,
  setLayerData,
  SNAP_SOURCE,
  snapTargetCollection,
} from './layers';
import { zoneColor } from './palette';
import { snapEvent, snappingModes, type SnapHooks } from './snap-modes';
import { isSnapOffKey, type Snapper } from './snapping';
import { diffDrawFeatures, isDrawDiffEmpty, toDrawFeatures, zoneKeys, type DrawChange } from './sync';
import type { ContextArea, MapPin, MapPoints, ZoneCollection } from './types';
import type { ZoneChecks } from './zone-checks';
import { pinAt, zonesBounds } from './zone-ops';
import s from './ZoneEditor.module.css';

const NO_POINTS: MapPoints = { type: 'FeatureCollection', features: [] };

/** What the user is doing, as shown in the status line. */
export type EditorMode = 'select' | 'edit' | 'draw' | 'hole' | 'pin';

/** What the map shows: the editor's state, one object per change of it. */
export type EditorMapState = {
  zones: ZoneCollection;
  checks: ZoneChecks;
  context: readonly ContextArea[];
  points: MapPoints | null;
  pin: MapPin | null;
  /** The marker can be dragged. */
  pinEditable: boolean;
  /** The marker is dimmed: it is not where the caller's fields say. */
  pinStale: boolean;
};

/** The user's gestures on the map, for the controller. */
export type EditorMapEvents = {
  /**
   * Draw changed its features (a zone drawn, reshaped or deleted); `select`: the zone to select
   * then. Draw may report several changes for one gesture (a vertex removed, then the too small
   * zone deleted): those of one tick come together, to make one commit (one undo step).
   */
  changes(changes: DrawChange[], select?: string): void;
  /** A ring drawn in "Cut hole", to become a hole of the zone with this key. */
  hole(key: string, ring: Position[]): void;
  /** Draw's selection changed: the zone selected (or none) and how many of its corners. */
  selection(key: string | null, corners: number): void;
  /** Draw changed its mode on its own (a polygon finished, a corner edit entered). */
  modeChange(): void;
  /** The zone or hole being drawn has this many corners now (0 when drawing starts). */
  corners(count: number): void;
  /** The pin placed by a click or dragged, rounded to 6 decimals. */
  pin(pin: MapPin): void;
  /** Arrow keys on selected corners: move those of the zone `key` at `corners` by `step` (degrees). */
  moveCorners(key: string, corners: Position[], step: [number, number]): void;
};

export class EditorMap {
  private readonly draw: Draw;
  private readonly labels: MapLabels;
  private marker: Marker | null = null;
  private placingPin = false;
  /** Draw's id of the polygon being drawn (not in the zones until it is finished). */
  private drawingId: string | null = null;
  /** The zone a hole is being cut in ("Cut hole"): what is drawn becomes its inner ring. */
  private holeFor: string | null = null;
  private snapShown: SnapTarget | null = null;
  /** What the map shows now (so an unchanged part is not set again). */
  private shown: Partial<EditorMapState> = {};
  private readonly offs: (() => void)[];
  /** Draw's mode for selecting: `view` when the zones cannot be changed (nothing to drag, no corners). */
  private readonly selectMode: string;
  /** Draw's changes of this tick (null once removed), and the zone to select after them. */
  private pending: DrawChange[] | null = [];
  private pendingSelect: string | undefined;

  constructor(
    private readonly map: MaplibreMap,
    private readonly snapper: Snapper,
    private readonly events: EditorMapEvents,
    readOnly = false,
  ) {
    this.selectMode = readOnly ? DRAW_MODES.view : DRAW_MODES.select;
    // Draw first, while the map is still "loaded": draw then adds its layers at once instead
    // of polling for the map to settle (which adding our sources first would cause).
    this.draw = addDraw(
      map,
      snappingModes(this.snapHooks, () => this.holeFor),
      this.selectMode,
    );
    addOverlayLayers(map);
    this.labels = new MapLabels(map);

    const onClick = (e: MapMouseEvent) => {
      if (!this.placingPin) return;
      this.stopPlacingPin();
      events.pin(pinAt(e.lngLat.lng, e.lngLat.lat));
    };
    map.on('click', onClick);
    // Focus follows the pointer into the map, so Delete, Esc and Enter reach it.
    const canvas = map.getCanvas();
    const focusCanvas = () => {
      if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    };
    canvas.addEventListener('mousedown', focusCanvas);
    // A finger dragging a corner or a zone (draw turned maplibre's pan off for it) is the drag's
    // alone: the browser is told so from the first move, not left to start a scroll of its own.
    const ownTouchMove = (e: TouchEvent) => {
      if (e.cancelable && e.touches.length === 1 && !map.dragPan.isEnabled()) e.preventDefault();
    };
    canvas.addEventListener('touchmove', ownTouchMove, { passive: false });
    // Arrow keys move the selected corners (not the map), before maplibre's own keys see them.
    const container = map.getContainer();
    container.addEventListener('keydown', this.arrowKey, { capture: true });
    this.offs = [
      onDrawEvent<{ features: Feature[] }>(map, 'draw.create', (e) => this.created(e.features)),
      onDrawEvent<{ features: Feature[] }>(map, 'draw.update', (e) =>
        this.report({ type: 'update', features: e.features }),
      ),
      onDrawEvent<{ features: Feature[] }>(map, 'draw.delete', (e) =>
        this.report({ type: 'delete', features: e.features }),
      ),
      onDrawEvent<{ features: Feature[]; points?: Feature[] }>(map, 'draw.selectionchange', (e) => {
        if (this.holeFor !== null) return; // the zone being cut stays selected
        const id = e.features[0]?.id;
        events.selection(id === undefined ? null : String(id), e.points?.length ?? 0);
      }),
      onDrawEvent(map, 'draw.modechange', () => events.modeChange()),
      onDrawEvent(map, 'draw.render', () => keepOverlayOrder(map)),
      () => map.off('click', onClick),
      () => canvas.removeEventListener('mousedown', focusCanvas),
      () => canvas.removeEventListener('touchmove', ownTouchMove),
      () => container.removeEventListener('keydown', this.arrowKey, { capture: true }),
    ];
  }

  /** An arrow key (Shift: farther) while corners are selected moves them, one step per press. */
  private readonly arrowKey = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || this.draw.getMode() !== DRAW_MODES.edit) return;
    const step = cornerStep(e.key, e.shiftKey, this.map.getZoom(), this.map.getCenter().lat);
    const key = this.draw.getSelectedIds()[0];
    const corners = this.draw
      .getSelectedPoints()
      .features.flatMap((f) => (f.geometry.type === 'Point' ? [f.geometry.coordinates] : []));
    if (!step || key === undefined || corners.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    this.events.moveCorners(String(key), corners, step);
  };

  remove(): void {
    this.pending = null;
    for (const off of this.offs) off();
    this.marker?.remove();
    this.labels.remove();
    removeDraw(this.map, this.draw);
  }

  /** Collects draw's changes for one tick, then hands them over together (`EditorMapEvents.changes`). */
  private report(change: DrawChange, select?: string): void {
    if (!this.pending) return;
    this.pending.push(change);
    if (select !== undefined) this.pendingSelect = select;
    if (this.pending.length > 1) return;
    queueMicrotask(() => {
      const changes = this.pending?.splice(0) ?? [];
      const selected = this.pendingSelect;
      this.pendingSelect = undefined;
      if (changes.length > 0) this.events.changes(changes, selected);
    });
  }

  private created(drawn: Feature[]): void {
    this.drawingId = null;
    // Edges between two corners on the same neighbouring border follow that border.
    const features = drawn.map((f) => {
      if (f.geometry.type !== 'Polygon') return f;
      const [outline, ...holes] = f.geometry.coordinates as [number, number][][];
      if (!outline) return f;
      const followed = this.snapper.followBorders(outline, this.holeFor);
      return { ...f, geometry: { type: 'Polygon' as const, coordinates: [followed, ...holes] } };
    });
    const [created] = features;
    if (this.holeFor !== null && created?.geometry.type === 'Polygon') {
      const key = this.holeFor;
      const [ring] = (created.geometry as Polygon).coordinates;
      this.holeFor = null;
      // After draw has finished its own change of mode.
      if (ring) queueMicrotask(() => this.events.hole(key, ring));
      return;
    }
    this.report({ type: 'create', features }, created?.id === undefined ? undefined : String(created.id));
  }

  mode(): EditorMode {
    if (this.placingPin) return 'pin';
    switch (this.draw.getMode()) {
      case DRAW_MODES.edit:
        return 'edit';
      case DRAW_MODES.draw:
        return this.holeFor === null ? 'draw' : 'hole';
      default:
        return 'select';
    }
  }

  // ---- the state, mirrored -------------------------------------------------------------------

  /** Brings the map in line with the state: draw's features, the overlay layers, labels, the pin. */
  show(state: EditorMapState): void {
    const { draw, map, shown } = this;
    const { zones, checks, context, points } = state;
    if (shown.zones !== zones) {
      const keep = new Set<string>();
      if (draw.getMode() === DRAW_MODES.draw && this.drawingId) keep.add(this.drawingId);
      const diff = diffDrawFeatures(toDrawFeatures(zones, zoneColor), draw.getAll().features, keep);
      if (!isDrawDiffEmpty(diff)) {
        const editing = draw.getMode() === DRAW_MODES.edit ? draw.getSelectedIds()[0] : undefined;
        if (editing !== undefined && diff.reshaped.includes(editing)) {
          // The corners being edited changed in number: vertex paths no longer hold.
          draw.changeMode(this.selectMode, { featureIds: [editing] });
        }
        if (diff.remove.length) draw.delete(diff.remove);
        if (diff.add.length || diff.update.length)
          draw.add({ type: 'FeatureCollection', features: [...diff.add, ...diff.update] });
      }
    }
    if (shown.checks?.markers !== checks.markers) setLayerData(map, MARKER_SOURCE, checks.markers);
    if (shown.checks?.labels !== checks.labels) this.labels.set(checks.labels);
    if (shown.context !== context) setLayerData(map, CONTEXT_SOURCE, contextCollection(context));
    if (shown.zones !== zones || shown.context !== context)
      this.snapper.setTargets(zones, zoneKeys(zones), context);
    if (shown.points !== points) setLayerData(map, POINTS_SOURCE, points ?? NO_POINTS);
    this.shown = state;
    this.showPin(state);
  }

  private showPin({ pin, pinEditable, pinStale }: EditorMapState): void {
    if (!pin) {
      this.marker?.remove();
      this.marker = null;
      return;
    }
    if (!this.marker) {
      const marker = new Marker({ color: '#c2410c', draggable: pinEditable })
        .setLngLat([pin.longitude, pin.latitude])
        .addTo(this.map);
      const element = marker.getElement();
      element.setAttribute('aria-label', i18n._(msg`Location`));
      element.style.zIndex = '1'; // over the zones' labels
      element.title = pinEditable ? i18n._(msg`Location (drag to move)`) : i18n._(msg`Location`);
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        this.events.pin(pinAt(at.lng, at.lat));
      });
      this.marker = marker;
    } else {
      this.marker.setLngLat([pin.longitude, pin.latitude]);
      this.marker.setDraggable(pinEditable);
    }
    this.marker.getElement().classList.toggle(s.pinStale!, pinStale);
  }

  // ---- camera --------------------------------------------------------------------------------

  fit(bounds: BBox | null, maxZoom = 15): void {
    if (bounds) this.map.fitBounds(bounds as LngLatBoundsLike, { padding: 48, maxZoom });
  }

  /** Fits the map to every zone shown, else flies to the pin. */
  fitAll(): void {
    const { zones, pin } = this.shown;
    const bounds = zones ? zonesBounds(zones.features) : null;
    if (bounds) this.fit(bounds);
    else if (pin) this.map.flyTo({ center: [pin.longitude, pin.latitude], zoom: 12 });
  }

  /** Fits the map to the zone shown under this key. */
  fitZone(key: string): void {
    const { zones } = this.shown;
    const feature = zones?.features[zoneKeys(zones).indexOf(key)];
    if (feature) this.fit(zonesBounds([feature]), 16);
  }

  /** Flies to the position, zooming in to at least `zoom`. */
  flyTo(center: [number, number], zoom: number): void {
    this.map.flyTo({ center, zoom: Math.max(this.map.getZoom(), zoom) });
  }

  // ---- modes ---------------------------------------------------------------------------------

  /** Leaves placing the pin; false when the pin was not being placed. */
  stopPlacingPin(): boolean {
    if (!this.placingPin) return false;
    this.placingPin = false;
    this.map.getContainer().classList.remove(s.placing!);
    this.draw.changeMode(this.selectMode);
    return true;
  }

  /** The next click on the map places the pin. */
  placePin(): void {
    this.cancelDrawing();
    this.placingPin = true;
    this.draw.changeMode(DRAW_MODES.static);
    this.map.getContainer().classList.add(s.placing!);
    this.map.getCanvas().focus({ preventScroll: true });
  }

  /** Leaves drawing without keeping the unfinished zone (or hole). */
  cancelDrawing(): void {
    const cutting = this.holeFor;
    this.holeFor = null;
    this.drawingId = null;
    if (this.draw.getMode() !== DRAW_MODES.draw) return;
    this.draw.trash();
    // Back to the zone a hole was being cut in.
    if (cutting !== null && this.draw.get(cutting))
      this.draw.changeMode(this.selectMode, { featureIds: [cutting] });
  }

  /** Starts drawing a new zone (false when one is already being drawn), or a hole in the zone `holeIn`. */
  startPolygon(holeIn: string | null = null): boolean {
    if (holeIn === null && this.mode() === 'draw') return false;
    this.cancelDrawing();
    const before = new Set(this.draw.getAll().features.map((f) => String(f.id)));
    this.draw.changeMode(DRAW_MODES.draw);
    this.drawingId =
      this.draw
        .getAll()
        .features.map((f) => String(f.id))
        .find((id) => !before.has(id)) ?? null;
    this.holeFor = holeIn;
    this.map.getCanvas().focus({ preventScroll: true });
    return true;
  }

  /**
   * Enter: the corners placed so far become the zone (at least 3), like a click on the first
   * corner. Gives the new zone's key to select, null when too few corners made none, and
   * undefined when nothing was being drawn.
   */
  finishDrawing(): string | null | undefined {
    if (this.draw.getMode() !== DRAW_MODES.draw) return undefined;
    const id = this.drawingId;
    this.draw.changeMode(this.selectMode);
    this.drawingId = null;
    if (!id || !this.draw.get(id)) return null;
    this.draw.changeMode(this.selectMode, { featureIds: [id] });
    return id;
  }

  /** Selects the zone with this key in draw (or none). */
  select(key: string | null): void {
    const known = key !== null && this.draw.get(key) !== undefined;
    this.draw.changeMode(this.selectMode, { featureIds: known ? [key] : [] });
  }

  /** Esc: leaves the current mode, one level at a time; says which. */
  escape(): 'pin' | 'drawing' | 'corners' | 'selection' {
    const { draw } = this;
    if (this.stopPlacingPin()) return 'pin';
    if (draw.getMode() === DRAW_MODES.draw) {
      this.cancelDrawing();
      return 'drawing';
    }
    if (draw.getMode() === DRAW_MODES.edit) {
      const id = draw.getSelectedIds()[0];
      draw.changeMode(this.selectMode, { featureIds: id ? [id] : [] });
      return 'corners';
    }
    draw.changeMode(this.selectMode, { featureIds: [] });
    return 'selection';
  }

  /**
   * Delete, where the map handles it: nothing while the pin is being placed, the zone being
   * drawn, the corners selected. Null when it is the selected zone's to go (the controller's).
   */
  deleteInMap(): 'pin' | 'drawing' | 'corners' | null {
    if (this.placingPin) return 'pin';
    if (this.draw.getMode() === DRAW_MODES.draw) {
      this.cancelDrawing();
      return 'drawing';
    }
    if (this.draw.getMode() === DRAW_MODES.edit && this.draw.getSelectedPoints().features.length > 0) {
      this.draw.trash(); // fires draw.update (and draw.delete when too few corners remain)
      return 'corners';
    }
    return null;
  }

  // ---- snapping ------------------------------------------------------------------------------

  /** What the snapping draw modes call on each pointer move and at its end. */
  private readonly snapHooks: SnapHooks = {
    place: (event, exclude) => {
      const target = this.snapper.target(
        [event.lngLat.lng, event.lngLat.lat],
        this.map.getZoom(),
        isSnapOffKey(event.originalEvent),
        exclude,
      );
      snapEvent(event, target);
      this.showSnapTarget(target);
    },
    clear: () => this.showSnapTarget(null),
    corners: (count) => this.events.corners(count),
  };

  /** The snap target under the pointer, drawn before the click. */
  private showSnapTarget(target: SnapTarget | null): void {
    const shown = this.snapShown;
    if (
      shown === target ||
      (shown && target && shown.kind === target.kind && samePosition(shown.position, target.position))
    )
      return;
    this.snapShown = target;
    setLayerData(this.map, SNAP_SOURCE, snapTargetCollection(target));
  }
}
