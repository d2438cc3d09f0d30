/**
 * The delivery-zone map editor. Default export, meant for `React.lazy(() => import(...))`:
 * this module pulls in maplibre and mapbox-gl-draw and must only ever be reached through a
 * dynamic import (see index.ts).
 *
 * The `value` prop is the truth and the map mirrors it: every value change is diffed against
 * draw's features (by id and geometry) and only the differences are applied through draw's
 * API, which fires no events, so there is no feedback loop. Draw's own events (create,
 * update, delete) are collected for one tick, turned into the next collection by the pure
 * `applyDrawChanges`, and committed once (one undo step) through `onChange`.
 */
import type { AddLayerObject, GeoJSONSource, LngLatBoundsLike, Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';
import { Marker } from 'maplibre-gl';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { defaultZoneId, roundCoordinate } from '../geo';
import { Banner, Button } from '../ui';
import { MapView, type InitialView } from './MapView';
import { ZonePanel } from './ZonePanel';
import s from './ZoneEditor.module.css';
import { addDraw, DRAW_MODES, removeDraw, type Draw } from './draw';
import {
  appendZones,
  applyDrawChanges,
  diffDrawFeatures,
  featuresBounds,
  isDrawDiffEmpty,
  removeZones,
  renameZone,
  toDrawFeatures,
  zoneKeys,
  type DrawChange,
} from './sync';
import type { ContextArea, MapPin, ZoneCollection, ZoneEditorProps } from './types';
import { useUndoableValue } from './useUndoableValue';
import { checkZones, type WarnFn, type ZoneChecks } from './zoneChecks';

export type { ZoneEditorProps } from './types';

const CONTEXT_SOURCE = 'zone-editor-context';
const MARKER_SOURCE = 'zone-editor-markers';
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const NOTICE_MS = 10_000;
const NO_CONTEXT: readonly ContextArea[] = [];
const MARKER_COLORS = { issue: '#d92d20', warning: '#c27803', context: '#6b7280' } as const;

/** What the user is doing, as shown in the status line. */
type EditorMode = 'select' | 'edit' | 'draw' | 'pin';

const MODE_LABELS: Record<EditorMode, string> = {
  select: 'Selecting',
  edit: 'Editing corners',
  draw: 'Drawing a zone',
  pin: 'Placing the location',
};

type Notice = { tone: 'info' | 'danger'; title: string; message?: string; notes?: string[] };

type Bounds = [number, number, number, number];

function roundPin(lng: number, lat: number): MapPin {
  return { latitude: roundCoordinate(lat), longitude: roundCoordinate(lng) };
}

/** The file's text (`Blob.text()`, or FileReader where a DOM lacks it, as jsdom does). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function isTextInput(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Listens to a draw event on the map (maplibre's typings only know its own event names). */
function listen<E>(map: MaplibreMap, type: string, listener: (event: E) => void): () => void {
  const on = map.on as unknown as (this: MaplibreMap, t: string, l: (event: E) => void) => { unsubscribe(): void };
  const subscription = on.call(map, type, listener);
  return () => subscription.unsubscribe();
}

function contextCollection(context: readonly ContextArea[]): FeatureCollection<Geometry> {
  return {
    type: 'FeatureCollection',
    features: context.flatMap((area) =>
      area.fc.features.flatMap((f): Feature<Geometry>[] =>
        f.geometry && (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon')
          ? [{ type: 'Feature', properties: { area: area.id, label: area.label }, geometry: f.geometry }]
          : [],
      ),
    ),
  };
}

/** Context areas under the zones; problem markers and invalid outlines over them. */
const OVERLAY_LAYERS: AddLayerObject[] = [
  {
    id: `${CONTEXT_SOURCE}-fill`,
    type: 'fill',
    source: CONTEXT_SOURCE,
    paint: { 'fill-color': MARKER_COLORS.context, 'fill-opacity': 0.08 },
  },
  {
    id: `${CONTEXT_SOURCE}-line`,
    type: 'line',
    source: CONTEXT_SOURCE,
    paint: { 'line-color': MARKER_COLORS.context, 'line-width': 1.5, 'line-dasharray': [2, 2], 'line-opacity': 0.7 },
  },
  {
    id: `${MARKER_SOURCE}-outlines`,
    type: 'line',
    source: MARKER_SOURCE,
    filter: ['==', ['geometry-type'], 'LineString'],
    layout: { 'line-join': 'round' },
    paint: { 'line-color': MARKER_COLORS.issue, 'line-width': 2, 'line-dasharray': [3, 1.5] },
  },
  {
    id: `${MARKER_SOURCE}-points`,
    type: 'circle',
    source: MARKER_SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 6,
      'circle-color': ['match', ['get', 'kind'], 'issue', MARKER_COLORS.issue, MARKER_COLORS.warning],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];

/** Keeps the context layers under draw's layers and the markers over them. */
function keepOverlayOrder(m: MaplibreMap): void {
  const order = m.getLayersOrder();
  const firstDraw = order.find((id) => id.startsWith('gl-draw-'));
  if (!firstDraw) return;
  const drawIndex = order.indexOf(firstDraw);
  for (const id of [`${CONTEXT_SOURCE}-fill`, `${CONTEXT_SOURCE}-line`]) {
    const index = order.indexOf(id);
    if (index > drawIndex) m.moveLayer(id, firstDraw);
  }
  const top = [`${MARKER_SOURCE}-outlines`, `${MARKER_SOURCE}-points`];
  if (order.slice(-top.length).join() !== top.join()) for (const id of top) if (m.getLayer(id)) m.moveLayer(id);
}

function initialViewFor(value: ZoneCollection, pin: MapPin | null | undefined): InitialView {
  const bounds = featuresBounds(value.features);
  if (bounds) return { bounds };
  if (pin && Number.isFinite(pin.longitude) && Number.isFinite(pin.latitude)) return { center: [pin.longitude, pin.latitude], zoom: 12 };
  return { center: [0, 20], zoom: 1.2 };
}

function modeOf(draw: Draw | null, placingPin: boolean): EditorMode {
  if (placingPin) return 'pin';
  switch (draw?.getMode()) {
    case DRAW_MODES.edit:
      return 'edit';
    case DRAW_MODES.draw:
      return 'draw';
    default:
      return 'select';
  }
}

export default function ZoneEditor(props: ZoneEditorProps) {
  const {
    value,
    onChange,
    pin = null,
    onPinChange,
    context = NO_CONTEXT,
    styleUrl,
    height = 480,
    label = 'Delivery zones map',
    exportName = 'delivery-zones',
    farKm,
    zoneErrors,
  } = props;
  const hintId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const history = useUndoableValue<ZoneCollection>(value, onChange);
  // Overlap and distance warnings load after first paint (they never block a save).
  const [warn, setWarn] = useState<WarnFn | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void import('../geo/warnings').then((m) => live && setWarn(() => m.zoneWarnings));
    return () => {
      live = false;
    };
  }, []);
  const checks = useMemo(() => checkZones(value, { context, pin, farKm }, warn), [value, context, pin, farKm, warn]);
  const keys = useMemo(() => zoneKeys(value), [value]);

  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [mode, setMode] = useState<EditorMode>('select');
  const [selected, setSelected] = useState<string | null>(null);
  const [selectedCorners, setSelectedCorners] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Good news floats over the map for a while; problems stay until dismissed.
  useEffect(() => {
    if (notice?.tone !== 'info') return;
    const timer = setTimeout(() => setNotice((current) => (current === notice ? null : current)), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const [dragging, setDragging] = useState(false);
  const selectedKey = selected !== null && keys.includes(selected) ? selected : null;

  const [initialView] = useState(() => initialViewFor(value, pin));

  // Everything the map's listeners need, always current (listeners are registered once).
  const drawRef = useRef<Draw | null>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const placingRef = useRef(false);
  const drawingIdRef = useRef<string | null>(null);
  const pendingRef = useRef<DrawChange[]>([]);
  const latest = useRef({ value, checks, pin, onPinChange, history, context, selectedKey });
  useLayoutEffect(() => {
    latest.current = { value, checks, pin, onPinChange, history, context, selectedKey };
  });

  const refreshMode = useCallback(() => {
    setMode(modeOf(drawRef.current, placingRef.current));
  }, []);

  // ---- value -> draw ---------------------------------------------------------------------
  const syncDraw = useCallback((next: ZoneCollection, nextChecks: ZoneChecks) => {
    const draw = drawRef.current;
    const m = mapRef.current;
    if (!draw || !m) return;
    const invalid = new Set(nextChecks.rows.filter((r) => r.issues.length > 0).map((r) => r.index));
    const desired = toDrawFeatures(next, (index) => invalid.has(index));
    const keep = new Set<string>();
    if (draw.getMode() === DRAW_MODES.draw && drawingIdRef.current) keep.add(drawingIdRef.current);
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
    (m.getSource(MARKER_SOURCE) as GeoJSONSource | undefined)?.setData(nextChecks.markers);
  }, []);

  useEffect(() => {
    if (map) syncDraw(value, checks);
  }, [map, value, checks, syncDraw]);

  useEffect(() => {
    (map?.getSource(CONTEXT_SOURCE) as GeoJSONSource | undefined)?.setData(contextCollection(context));
  }, [map, context]);

  // ---- draw -> value ---------------------------------------------------------------------
  const queueChange = useCallback((change: DrawChange) => {
    const pending = pendingRef.current;
    pending.push(change);
    if (pending.length > 1) return;
    // Draw may report several changes for one gesture (a vertex removed, then the too small
    // zone deleted): they become one commit, one undo step.
    queueMicrotask(() => {
      const changes = pendingRef.current.splice(0);
      const { value: current, history: h } = latest.current;
      const next = applyDrawChanges(current, changes);
      if (next !== current) h.commit(next);
    });
  }, []);

  // ---- camera --------------------------------------------------------------------------
  const fitTo = useCallback((bounds: Bounds | null, maxZoom = 15) => {
    const m = mapRef.current;
    if (!m || !bounds) return;
    m.fitBounds(bounds as LngLatBoundsLike, { padding: 48, maxZoom });
  }, []);

  const fitZone = useCallback(
    (key: string) => {
      const { value: current } = latest.current;
      const index = zoneKeys(current).indexOf(key);
      const feature = current.features[index];
      if (feature) fitTo(featuresBounds([feature]), 16);
    },
    [fitTo],
  );

  // ---- actions ---------------------------------------------------------------------------
  const stopPlacingPin = useCallback(() => {
    if (!placingRef.current) return;
    placingRef.current = false;
    mapRef.current?.getContainer().classList.remove(s.placing!);
    drawRef.current?.changeMode(DRAW_MODES.select);
  }, []);

  /** Leaves drawing without keeping the unfinished zone. */
  const cancelDrawing = useCallback(() => {
    const draw = drawRef.current;
    if (draw?.getMode() === DRAW_MODES.draw) draw.trash();
    drawingIdRef.current = null;
  }, []);

  const leaveSpecialModes = useCallback(() => {
    stopPlacingPin();
    cancelDrawing();
  }, [stopPlacingPin, cancelDrawing]);

  const startDrawing = useCallback(() => {
    const draw = drawRef.current;
    if (!draw) return;
    stopPlacingPin();
    if (draw.getMode() === DRAW_MODES.draw) return;
    const before = new Set(draw.getAll().features.map((f) => String(f.id)));
    draw.changeMode(DRAW_MODES.draw);
    drawingIdRef.current = draw.getAll().features.map((f) => String(f.id)).find((id) => !before.has(id)) ?? null;
    setSelected(null);
    setSelectedCorners(0);
    refreshMode();
    mapRef.current?.getCanvas().focus({ preventScroll: true });
  }, [stopPlacingPin, refreshMode]);

  /** Enter: the corners placed so far become the zone (at least 3), like a click on the first corner. */
  const finishDrawing = useCallback(() => {
    const draw = drawRef.current;
    if (!draw || draw.getMode() !== DRAW_MODES.draw) return;
    const id = drawingIdRef.current;
    draw.changeMode(DRAW_MODES.select);
    drawingIdRef.current = null;
    if (id && draw.get(id)) {
      draw.changeMode(DRAW_MODES.select, { featureIds: [id] });
      setSelected(id);
    }
    refreshMode();
  }, [refreshMode]);

  const selectZone = useCallback(
    (key: string | null, zoom = true) => {
      const draw = drawRef.current;
      leaveSpecialModes();
      setSelected(key);
      setSelectedCorners(0);
      if (draw) {
        const known = key !== null && draw.get(key) !== undefined;
        draw.changeMode(DRAW_MODES.select, { featureIds: known ? [key] : [] });
      }
      refreshMode();
      if (key !== null && zoom) fitZone(key);
    },
    [leaveSpecialModes, refreshMode, fitZone],
  );

  const deleteSelection = useCallback(() => {
    const draw = drawRef.current;
    if (placingRef.current) return;
    if (draw?.getMode() === DRAW_MODES.draw) {
      cancelDrawing();
      refreshMode();
      return;
    }
    if (draw?.getMode() === DRAW_MODES.edit && draw.getSelectedPoints().features.length > 0) {
      draw.trash(); // fires draw.update (and draw.delete when too few corners remain)
      setSelectedCorners(0);
      refreshMode();
      return;
    }
    const { selectedKey: key, value: current, history: h } = latest.current;
    if (key === null) return;
    h.commit(removeZones(current, [key]));
    setSelected(null);
    setSelectedCorners(0);
    refreshMode();
  }, [cancelDrawing, refreshMode]);

  const deleteZone = useCallback(
    (key: string) => {
      const { value: current, history: h } = latest.current;
      leaveSpecialModes();
      h.commit(removeZones(current, [key]));
      refreshMode();
    },
    [leaveSpecialModes, refreshMode],
  );

  const escape = useCallback(() => {
    const draw = drawRef.current;
    if (placingRef.current) {
      stopPlacingPin();
    } else if (draw?.getMode() === DRAW_MODES.draw) {
      cancelDrawing();
    } else if (draw?.getMode() === DRAW_MODES.edit) {
      const id = draw.getSelectedIds()[0];
      draw.changeMode(DRAW_MODES.select, { featureIds: id ? [id] : [] });
      setSelectedCorners(0);
    } else {
      draw?.changeMode(DRAW_MODES.select, { featureIds: [] });
      setSelected(null);
    }
    refreshMode();
  }, [stopPlacingPin, cancelDrawing, refreshMode]);

  const undo = useCallback(() => {
    leaveSpecialModes();
    latest.current.history.undo();
    refreshMode();
  }, [leaveSpecialModes, refreshMode]);

  const redo = useCallback(() => {
    leaveSpecialModes();
    latest.current.history.redo();
    refreshMode();
  }, [leaveSpecialModes, refreshMode]);

  const startPlacingPin = useCallback(() => {
    const draw = drawRef.current;
    const m = mapRef.current;
    if (!draw || !m) return;
    cancelDrawing();
    placingRef.current = true;
    draw.changeMode(DRAW_MODES.static);
    m.getContainer().classList.add(s.placing!);
    setSelected(null);
    refreshMode();
    m.getCanvas().focus({ preventScroll: true });
  }, [cancelDrawing, refreshMode]);

  const showPoint = useCallback(
    (key: string, position: [number, number] | undefined) => {
      const m = mapRef.current;
      selectZone(key, position === undefined);
      if (m && position) m.flyTo({ center: position, zoom: Math.max(m.getZoom(), 15) });
    },
    [selectZone],
  );

  const fitAll = useCallback(() => {
    const { value: current, pin: p } = latest.current;
    const bounds = featuresBounds(current.features);
    if (bounds) fitTo(bounds);
    else if (p && mapRef.current) mapRef.current.flyTo({ center: [p.longitude, p.latitude], zoom: 12 });
  }, [fitTo]);

  const importFile = useCallback(
    async (file: File) => {
      if (file.size > MAX_IMPORT_BYTES) {
        setNotice({ tone: 'danger', title: `Could not import ${file.name}`, message: 'The file is larger than 10 MB.' });
        return;
      }
      let text: string;
      try {
        text = await readText(file);
      } catch (error) {
        setNotice({ tone: 'danger', title: `Could not read ${file.name}`, message: error instanceof Error ? error.message : String(error) });
        return;
      }
      // The GeoJSON reader loads with the first import: most sessions never import a file.
      const { parseGeoJsonImport } = await import('../geo/import');
      const result = parseGeoJsonImport(text);
      if (!result.ok) {
        setNotice({ tone: 'danger', title: `Could not import ${file.name}`, message: result.message });
        return;
      }
      if (result.features.length === 0) {
        setNotice({ tone: 'danger', title: `Nothing to import from ${file.name}`, message: 'The file has no polygons.', notes: result.notes });
        return;
      }
      leaveSpecialModes();
      const { value: current, history: h } = latest.current;
      const appended = appendZones(current, result.features, defaultZoneId);
      h.commit(appended.value);
      const count = result.features.length;
      setNotice({ tone: 'info', title: `Imported ${count} ${count === 1 ? 'zone' : 'zones'} from ${file.name}.`, notes: result.notes });
      fitTo(featuresBounds(result.features));
      refreshMode();
    },
    [leaveSpecialModes, fitTo, refreshMode],
  );

  const exportZones = useCallback(() => {
    const blob = new Blob([`${JSON.stringify(latest.current.value, null, 2)}\n`], { type: 'application/geo+json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${exportName}.geojson`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, [exportName]);

  // ---- the map -------------------------------------------------------------------------
  const actions = useRef({ queueChange, refreshMode, stopPlacingPin });
  useLayoutEffect(() => {
    actions.current = { queueChange, refreshMode, stopPlacingPin };
  });

  const onReady = useCallback((m: MaplibreMap) => {
    mapRef.current = m;
    // Draw first, while the map is still "loaded": draw then adds its layers at once instead
    // of polling for the map to settle (which adding our sources first would cause).
    const draw = addDraw(m);
    drawRef.current = draw;

    m.addSource(CONTEXT_SOURCE, { type: 'geojson', data: contextCollection(latest.current.context) });
    m.addSource(MARKER_SOURCE, { type: 'geojson', data: latest.current.checks.markers });
    for (const layer of OVERLAY_LAYERS) m.addLayer(layer);
    keepOverlayOrder(m);

    const offs = [
      listen<{ features: Feature[] }>(m, 'draw.create', (e) => {
        drawingIdRef.current = null;
        actions.current.queueChange({ type: 'create', features: e.features });
        const id = e.features[0]?.id;
        if (id !== undefined) setSelected(String(id));
      }),
      listen<{ features: Feature[] }>(m, 'draw.update', (e) => actions.current.queueChange({ type: 'update', features: e.features })),
      listen<{ features: Feature[] }>(m, 'draw.delete', (e) => actions.current.queueChange({ type: 'delete', features: e.features })),
      listen<{ features: Feature[]; points?: Feature[] }>(m, 'draw.selectionchange', (e) => {
        const id = e.features[0]?.id;
        setSelected(id === undefined ? null : String(id));
        setSelectedCorners(e.points?.length ?? 0);
        actions.current.refreshMode();
      }),
      listen(m, 'draw.modechange', () => actions.current.refreshMode()),
      listen(m, 'draw.render', () => keepOverlayOrder(m)),
    ];
    const onClick = (e: MapMouseEvent) => {
      if (!placingRef.current) return;
      const { onPinChange: setPin } = latest.current;
      setPin?.(roundPin(e.lngLat.lng, e.lngLat.lat));
      actions.current.stopPlacingPin();
      actions.current.refreshMode();
    };
    m.on('click', onClick);
    // Focus follows the pointer into the map, so Delete, Esc and Enter reach it.
    const canvas = m.getCanvas();
    const focusCanvas = () => {
      if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    };
    canvas.addEventListener('mousedown', focusCanvas);

    setMap(m);
    return () => {
      for (const off of offs) off();
      m.off('click', onClick);
      canvas.removeEventListener('mousedown', focusCanvas);
      markerRef.current?.remove();
      markerRef.current = null;
      removeDraw(m, draw);
      drawRef.current = null;
      mapRef.current = null;
      placingRef.current = false;
      setMap(null);
    };
  }, []);

  // ---- the location marker -------------------------------------------------------------
  const pinLat = pin?.latitude;
  const pinLng = pin?.longitude;
  const pinEditable = onPinChange !== undefined;
  useEffect(() => {
    if (!map) return;
    const valid = pinLat !== undefined && pinLng !== undefined && Number.isFinite(pinLat) && Number.isFinite(pinLng) && Math.abs(pinLat) <= 90 && Math.abs(pinLng) <= 180;
    if (!valid) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    let marker = markerRef.current;
    if (!marker) {
      marker = new Marker({ color: '#c2410c', draggable: pinEditable }).setLngLat([pinLng, pinLat]).addTo(map);
      const element = marker.getElement();
      element.setAttribute('aria-label', 'Location');
      element.title = pinEditable ? 'Location (drag to move)' : 'Location';
      marker.on('dragend', () => {
        const at = markerRef.current?.getLngLat();
        if (at) latest.current.onPinChange?.(roundPin(at.lng, at.lat));
      });
      markerRef.current = marker;
    } else {
      marker.setLngLat([pinLng, pinLat]);
      marker.setDraggable(pinEditable);
    }
  }, [map, pinLat, pinLng, pinEditable]);

  // ---- keyboard, files -------------------------------------------------------------------
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (mod && !event.altKey && (key === 'z' || key === 'y')) {
      if (isTextInput(event.target)) return; // the field's own undo
      event.preventDefault();
      if (key === 'y' || event.shiftKey) redo();
      else undo();
      return;
    }
    const inMap = event.target instanceof Node && mapRef.current?.getContainer().contains(event.target);
    if (!inMap || isTextInput(event.target) || (event.target instanceof HTMLButtonElement && event.key === 'Enter')) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      deleteSelection();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      escape();
    } else if (event.key === 'Enter' && mode === 'draw') {
      event.preventDefault();
      finishDrawing();
    }
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void importFile(file);
  };

  // ---- render --------------------------------------------------------------------------
  const ready = map !== null;
  const selectedRow = checks.rows.find((r) => r.key === selectedKey);
  const selectedName = selectedRow ? selectedRow.name || `zone ${selectedRow.index + 1}` : null;
  const hint = {
    select: selectedKey
      ? `Click the selected zone again to move its corners. Delete removes it; Esc deselects.`
      : 'Click a zone to select it, or use “Draw zone” to add one.',
    edit:
      selectedCorners > 0
        ? 'Drag the corner to move it; Delete removes it. Esc when done.'
        : 'Drag a corner to move it, drag a middle point to add a corner, click a corner then press Delete to remove it. Esc when done.',
    draw: 'Click to add corners, click the first corner or press Enter to finish. Esc cancels.',
    pin: 'Click the map to place the location. Esc cancels.',
  }[mode];
  const deleteLabel = mode === 'draw' ? 'Cancel zone' : mode === 'edit' && selectedCorners > 0 ? 'Delete corner' : 'Delete zone';

  return (
    <div className={s.editor} onKeyDown={onKeyDown} onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      <div className={s.toolbar} role="group" aria-label="Zone tools">
        <div className={s.toolGroup}>
          <Button
            variant={mode === 'draw' ? 'primary' : 'default'}
            size="sm"
            onClick={startDrawing}
            disabled={!ready}
            aria-pressed={mode === 'draw'}
            title="Draw a new zone: click to add corners"
          >
            Draw zone
          </Button>
          <Button
            size="sm"
            className={s.deleteButton}
            onClick={deleteSelection}
            disabled={!ready || (mode !== 'draw' && selectedKey === null)}
            title={`${deleteLabel} (Delete)`}
          >
            {deleteLabel}
          </Button>
        </div>
        <div className={s.toolGroup}>
          <Button size="sm" onClick={undo} disabled={!history.canUndo} aria-label="Undo" title="Undo (Ctrl+Z)">
            ↶ Undo
          </Button>
          <Button size="sm" onClick={redo} disabled={!history.canRedo} aria-label="Redo" title="Redo (Shift+Ctrl+Z)">
            ↷ Redo
          </Button>
        </div>
        <div className={s.toolGroup}>
          {pinEditable && (
            <Button
              size="sm"
              onClick={mode === 'pin' ? stopPlacingPin : startPlacingPin}
              disabled={!ready}
              aria-pressed={mode === 'pin'}
              variant={mode === 'pin' ? 'primary' : 'default'}
              title="Set the location: then click the map (or drag the marker)"
            >
              Set location
            </Button>
          )}
          <Button size="sm" onClick={fitAll} disabled={!ready || (value.features.length === 0 && !pin)} title="Zoom to all zones">
            Zoom to zones
          </Button>
        </div>
        <div className={s.toolGroup}>
          <Button size="sm" onClick={() => fileInputRef.current?.click()} title="Import zones from a GeoJSON file (or drop it on the editor)">
            Import…
          </Button>
          <input
            ref={fileInputRef}
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            aria-label="GeoJSON file to import"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <Button size="sm" onClick={exportZones} disabled={value.features.length === 0} title={`Download the zones as ${exportName}.geojson`}>
            Export
          </Button>
        </div>
      </div>

      <div className={s.statusLine}>
        <span className={s.mode} aria-live="polite">
          <span className="visually-hidden">Mode: </span>
          {MODE_LABELS[mode]}
          {mode !== 'draw' && mode !== 'pin' && selectedName ? ` · ${selectedName}` : ''}
        </span>
        <span id={hintId} className={s.hint}>
          {hint}
        </span>
      </div>

      <div className={s.body}>
        {/* Notices float over the map: the map and the list keep their places. */}
        <div className={s.mapCell}>
          <MapView key={styleUrl} styleUrl={styleUrl} label={label} describedBy={hintId} initialView={initialView} height={height} onReady={onReady} />
          {notice && (
            <div className={s.notice}>
              <Banner
                tone={notice.tone}
                role={notice.tone === 'danger' ? 'alert' : 'status'}
                actions={
                  <Button size="sm" variant="ghost" onClick={() => setNotice(null)} aria-label="Dismiss">
                    ✕
                  </Button>
                }
              >
                <strong>{notice.title}</strong>
                {notice.message && <div>{notice.message}</div>}
                {notice.notes && notice.notes.length > 0 && (
                  <ul className={s.notes}>
                    {notice.notes.map((note) => (
                      <li key={note}>{note}</li>
                    ))}
                  </ul>
                )}
              </Banner>
            </div>
          )}
        </div>
        <ZonePanel
          rows={checks.rows}
          invalidCount={checks.invalidCount}
          warningCount={checks.warningCount}
          selectedKey={selectedKey}
          zoneErrors={zoneErrors}
          maxHeight={height}
          onSelect={(key) => selectZone(key)}
          onRename={(key, name) => history.commit(renameZone(value, key, name), `name:${key}`)}
          onDelete={deleteZone}
          onShow={showPoint}
        />
      </div>

      {dragging && (
        <div className={s.dropOverlay} aria-hidden="true">
          Drop a GeoJSON file to add its zones
        </div>
      )}
    </div>
  );
}
