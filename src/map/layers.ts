/**
 * The editor's own map layers beside draw's: other branches' zones (faint, under the zones)
 * and problem markers (over them). Only imported by modules of the lazily loaded map chunk.
 */
import type { AddLayerObject, GeoJSONSource, Map as MaplibreMap } from 'maplibre-gl';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { SnapTarget } from '../geo/snap';
import type { ContextArea } from './types';

export const CONTEXT_SOURCE = 'zone-editor-context';
export const MARKER_SOURCE = 'zone-editor-markers';
export const SNAP_SOURCE = 'zone-editor-snap';
/** Points the caller shows over the zones (the impact preview's deliveries). */
export const POINTS_SOURCE = 'zone-editor-points';

export const MARKER_COLORS = {
  issue: '#d92d20',
  warning: '#c27803',
  context: '#6b7280',
  snap: '#e11d74',
} as const;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Other branches' polygons as one collection, each feature tagged with its branch. */
export function contextCollection(context: readonly ContextArea[]): FeatureCollection<Geometry> {
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

/** Context areas under the zones; overlaps (shaded), invalid outlines and problem markers over them. */
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
    paint: {
      'line-color': MARKER_COLORS.context,
      'line-width': 1.5,
      'line-dasharray': [2, 2],
      'line-opacity': 0.7,
    },
  },
  {
    id: `${MARKER_SOURCE}-overlaps`,
    type: 'fill',
    source: MARKER_SOURCE,
    filter: ['==', ['get', 'kind'], 'overlap'],
    paint: { 'fill-color': MARKER_COLORS.warning, 'fill-opacity': 0.45 },
  },
  {
    id: `${MARKER_SOURCE}-overlap-lines`,
    type: 'line',
    source: MARKER_SOURCE,
    filter: ['==', ['get', 'kind'], 'overlap'],
    paint: { 'line-color': MARKER_COLORS.warning, 'line-width': 1.5, 'line-dasharray': [2, 1] },
  },
  {
    id: `${MARKER_SOURCE}-outlines`,
    type: 'line',
    source: MARKER_SOURCE,
    filter: ['==', ['get', 'kind'], 'invalid-outline'],
    layout: { 'line-join': 'round' },
    paint: { 'line-color': MARKER_COLORS.issue, 'line-width': 2, 'line-dasharray': [3, 1.5] },
  },
  {
    id: `${POINTS_SOURCE}-circles`,
    type: 'circle',
    source: POINTS_SOURCE,
    paint: {
      'circle-radius': 4.5,
      'circle-color': ['get', 'color'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  },
  {
    id: `${SNAP_SOURCE}-target`,
    type: 'circle',
    source: SNAP_SOURCE,
    paint: {
      'circle-radius': ['match', ['get', 'kind'], 'corner', 8, 6],
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a colour
      'circle-color': 'rgba(255, 255, 255, 0.35)',
      'circle-stroke-color': MARKER_COLORS.snap,
      'circle-stroke-width': ['match', ['get', 'kind'], 'corner', 3, 2],
    },
  },
  {
    id: `${MARKER_SOURCE}-points`,
    type: 'circle',
    source: MARKER_SOURCE,
    filter: ['==', ['get', 'kind'], 'issue'],
    paint: {
      'circle-radius': 6,
      'circle-color': MARKER_COLORS.issue,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];

const UNDER_DRAW = [`${CONTEXT_SOURCE}-fill`, `${CONTEXT_SOURCE}-line`];
const OVER_DRAW = [
  `${MARKER_SOURCE}-overlaps`,
  `${MARKER_SOURCE}-overlap-lines`,
  `${MARKER_SOURCE}-outlines`,
  `${POINTS_SOURCE}-circles`,
  `${SNAP_SOURCE}-target`,
  `${MARKER_SOURCE}-points`,
];

/** Adds the sources (empty) and layers; `setLayerData` fills them. */
export function addOverlayLayers(map: MaplibreMap): void {
  for (const id of [CONTEXT_SOURCE, MARKER_SOURCE, POINTS_SOURCE, SNAP_SOURCE])
    map.addSource(id, { type: 'geojson', data: EMPTY });
  for (const layer of OVERLAY_LAYERS) map.addLayer(layer);
  keepOverlayOrder(map);
}

/** The snap target under the pointer (a ring drawn where the corner will go), or nothing. */
export function snapTargetCollection(target: SnapTarget | null): FeatureCollection {
  return target
    ? {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { kind: target.kind },
            geometry: { type: 'Point', coordinates: target.position },
          },
        ],
      }
    : EMPTY;
}

export function setLayerData(map: MaplibreMap, source: string, data: FeatureCollection): void {
  (map.getSource(source) as GeoJSONSource | undefined)?.setData(data);
}

/** Keeps the context layers under draw's layers and the markers over them. */
export function keepOverlayOrder(map: MaplibreMap): void {
  const order = map.getLayersOrder();
  const firstDraw = order.find((id) => id.startsWith('gl-draw-'));
  if (!firstDraw) return;
  const drawIndex = order.indexOf(firstDraw);
  for (const id of UNDER_DRAW) {
    const index = order.indexOf(id);
    if (index > drawIndex) map.moveLayer(id, firstDraw);
  }
  if (order.slice(-OVER_DRAW.length).join() !== OVER_DRAW.join()) {
    for (const id of OVER_DRAW) if (map.getLayer(id)) map.moveLayer(id);
  }
}
