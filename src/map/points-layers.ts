/**
 * The points map's sources and layers (PointsMap.tsx): faint areas and their overlaps, lines,
 * landmarks, clustered markers, unclustered markers and the highlight, bottom to top; `dim`
 * markers faded. Markers are images drawn on
 * demand (marker-look.ts). Only imported by modules of the lazily loaded map chunk.
 */
import type { Feature, FeatureCollection, Point } from 'geojson';
import type {
  ExpressionSpecification,
  FilterSpecification,
  Map as MaplibreMap,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { DIM_OPACITY, markerImageName } from './marker-look';
import type { MarkerCollection } from './types';

export const SOURCE = {
  areas: 'pm-areas',
  overlaps: 'pm-overlaps',
  lines: 'pm-lines',
  landmarks: 'pm-landmarks',
  points: 'pm-points',
  unclustered: 'pm-unclustered',
  highlight: 'pm-highlight',
} as const;
export const LAYER = {
  areaFill: 'pm-area-fill',
  areaLine: 'pm-area-line',
  overlapFill: 'pm-overlap-fill',
  overlapLine: 'pm-overlap-line',
  areaHighlight: 'pm-area-highlight',
  overlapHighlight: 'pm-overlap-highlight',
  line: 'pm-line',
  dashed: 'pm-line-dashed',
  landmarks: 'pm-landmarks',
  points: 'pm-points',
  clusters: 'pm-clusters',
  unclustered: 'pm-unclustered',
  halo: 'pm-highlight-halo',
  highlight: 'pm-highlight',
} as const;
/** The layers whose features select: markers, clusters, landmarks. */
export const PICKABLE = [LAYER.highlight, LAYER.unclustered, LAYER.clusters, LAYER.points, LAYER.landmarks];
const AREA_COLOR = '#1f5fd1';
// Mid-grey: readable on the light and the dark base map.
const LINE_COLOR = '#64748b';
const HALO_COLOR = '#1f5fd1';
// Where areas overlap: the zone editor's overlap colour.
const OVERLAP_COLOR = '#c27803';
const NONE: FeatureCollection = { type: 'FeatureCollection', features: [] };

type SourceProperties = { id: string; image: string; alert: boolean; dim: boolean };

/** What goes to maplibre: the id, the image name, the alert and dim flags (the rest stays here). */
export function toSource(collection: MarkerCollection) {
  return {
    type: 'FeatureCollection' as const,
    features: collection.features.map((f): Feature<Point, SourceProperties> => ({
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id: f.properties.id,
        image: markerImageName(f.properties),
        alert: f.properties.alert,
        dim: f.properties.dim === true,
      },
    })),
  };
}

/** The filter of the highlighted area: the one whose `id` is `highlight` (none for null). */
export function areaMatch(highlight: string | null): FilterSpecification {
  return ['==', ['get', 'id'], highlight ?? '\u0000'];
}

/** Adds the sources (empty: PointsMap hands them their data) and the layers; `highlight`: the area outlined at first. */
export function addPointsLayers(
  map: MaplibreMap,
  { cluster, highlight }: { cluster: boolean; highlight: string | null },
): void {
  map.addSource(SOURCE.areas, { type: 'geojson', data: NONE });
  map.addSource(SOURCE.overlaps, { type: 'geojson', data: NONE });
  map.addSource(SOURCE.lines, { type: 'geojson', data: NONE });
  map.addSource(SOURCE.landmarks, { type: 'geojson', data: NONE });
  map.addSource(SOURCE.points, {
    type: 'geojson',
    data: NONE,
    cluster,
    clusterRadius: 44,
    clusterMaxZoom: 15,
    clusterProperties: { alerts: ['+', ['case', ['get', 'alert'], 1, 0]] },
  });
  map.addSource(SOURCE.unclustered, { type: 'geojson', data: NONE });
  map.addSource(SOURCE.highlight, { type: 'geojson', data: NONE });

  const icon: SymbolLayerSpecification['layout'] = {
    'icon-image': ['get', 'image'],
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
  };
  const dim: ExpressionSpecification = ['==', ['get', 'dim'], true];
  const faded: SymbolLayerSpecification['paint'] = { 'icon-opacity': ['case', dim, DIM_OPACITY, 1] };
  const litArea = areaMatch(highlight);
  map.addLayer({
    id: LAYER.areaFill,
    type: 'fill',
    source: SOURCE.areas,
    paint: { 'fill-color': AREA_COLOR, 'fill-opacity': ['case', dim, 0.025, 0.07] },
  });
  map.addLayer({
    id: LAYER.areaLine,
    type: 'line',
    source: SOURCE.areas,
    paint: { 'line-color': AREA_COLOR, 'line-opacity': ['case', dim, 0.2, 0.45], 'line-width': 1.2 },
  });
  map.addLayer({
    id: LAYER.overlapFill,
    type: 'fill',
    source: SOURCE.overlaps,
    paint: { 'fill-color': OVERLAP_COLOR, 'fill-opacity': 0.45 },
  });
  map.addLayer({
    id: LAYER.overlapLine,
    type: 'line',
    source: SOURCE.overlaps,
    paint: { 'line-color': OVERLAP_COLOR, 'line-width': 1.5 },
  });
  map.addLayer({
    id: LAYER.areaHighlight,
    type: 'line',
    source: SOURCE.areas,
    filter: litArea,
    paint: { 'line-color': HALO_COLOR, 'line-width': 3.5 },
  });
  map.addLayer({
    id: LAYER.overlapHighlight,
    type: 'line',
    source: SOURCE.overlaps,
    filter: litArea,
    paint: { 'line-color': HALO_COLOR, 'line-width': 3.5 },
  });
  map.addLayer({
    id: LAYER.line,
    type: 'line',
    source: SOURCE.lines,
    filter: ['!=', ['get', 'dashed'], true],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': LINE_COLOR, 'line-width': 3, 'line-opacity': 0.9 },
  });
  map.addLayer({
    id: LAYER.dashed,
    type: 'line',
    source: SOURCE.lines,
    filter: ['==', ['get', 'dashed'], true],
    paint: { 'line-color': LINE_COLOR, 'line-width': 2.5, 'line-opacity': 0.9, 'line-dasharray': [2, 1.5] },
  });
  map.addLayer({
    id: LAYER.landmarks,
    type: 'symbol',
    source: SOURCE.landmarks,
    layout: { ...icon, 'icon-size': 1.15 },
    paint: faded,
  });
  map.addLayer({
    id: LAYER.points,
    type: 'symbol',
    source: SOURCE.points,
    filter: ['!', ['has', 'point_count']],
    layout: icon,
    paint: faded,
  });
  map.addLayer({
    id: LAYER.clusters,
    type: 'symbol',
    source: SOURCE.points,
    filter: ['has', 'point_count'],
    layout: {
      ...icon,
      'icon-image': [
        'concat',
        'c|',
        ['get', 'point_count_abbreviated'],
        '|',
        ['case', ['>', ['get', 'alerts'], 0], '1', '0'],
      ],
    },
  });
  map.addLayer({
    id: LAYER.unclustered,
    type: 'symbol',
    source: SOURCE.unclustered,
    layout: icon,
    paint: faded,
  });
  map.addLayer({
    id: LAYER.halo,
    type: 'circle',
    source: SOURCE.highlight,
    paint: {
      'circle-radius': 19,
      'circle-color': HALO_COLOR,
      'circle-opacity': 0.2,
      'circle-stroke-color': HALO_COLOR,
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: LAYER.highlight,
    type: 'symbol',
    source: SOURCE.highlight,
    layout: { ...icon, 'icon-size': 1.3 },
    paint: faded,
  });
}
