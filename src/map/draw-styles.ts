/**
 * Layer styles of the draw control (mapbox-gl-draw). Each zone is drawn in its own colour
 * (feature property `color`, exposed by draw as `user_color`; see palette.ts); the selected one
 * with a stronger fill and a thicker outline; the polygon being drawn dashed in orange. Zones
 * with problems keep their colour: the marker layer outlines them in red. Expression syntax only.
 */
export const ZONE_COLORS = {
  zone: '#1b6fb0',
  selected: '#1f5fd1',
  vertex: '#ffffff',
  drawing: '#e07a00',
} as const;

const isActive = ['==', ['get', 'active'], 'true'];
/** The polygon being drawn (draw marks it active while in draw_polygon mode). */
const isDrawing = ['all', ['==', ['get', 'mode'], 'draw_polygon'], ['==', ['get', 'active'], 'true']];
const zoneColor = ['coalesce', ['get', 'user_color'], ZONE_COLORS.zone];

export const drawStyles: object[] = [
  {
    id: 'gl-draw-polygon-fill',
    type: 'fill',
    filter: ['all', ['==', ['geometry-type'], 'Polygon'], ['==', ['get', 'meta'], 'feature']],
    paint: {
      'fill-color': ['case', isDrawing, ZONE_COLORS.drawing, zoneColor],
      'fill-opacity': ['case', isActive, 0.32, 0.16],
    },
  },
  {
    id: 'gl-draw-polygon-stroke',
    type: 'line',
    filter: [
      'all',
      ['any', ['==', ['geometry-type'], 'Polygon'], ['==', ['geometry-type'], 'LineString']],
      ['==', ['get', 'meta'], 'feature'],
    ],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': ['case', isDrawing, ZONE_COLORS.drawing, zoneColor],
      'line-width': ['case', isActive, 3.5, 2],
      'line-dasharray': ['case', isDrawing, ['literal', [2, 1.5]], ['literal', [1, 0]]],
    },
  },
  {
    id: 'gl-draw-midpoint',
    type: 'circle',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['==', ['get', 'meta'], 'midpoint']],
    paint: {
      'circle-radius': 4,
      'circle-color': ZONE_COLORS.vertex,
      'circle-stroke-color': ZONE_COLORS.selected,
      'circle-stroke-width': 1.5,
      'circle-opacity': 0.9,
    },
  },
  {
    id: 'gl-draw-vertex',
    type: 'circle',
    filter: [
      'all',
      ['==', ['geometry-type'], 'Point'],
      ['==', ['get', 'meta'], 'vertex'],
      ['!=', ['get', 'mode'], 'simple_select'],
    ],
    paint: {
      'circle-radius': ['case', isActive, 7, 5.5],
      'circle-color': ['case', isActive, ZONE_COLORS.selected, ZONE_COLORS.vertex],
      'circle-stroke-color': ['case', isDrawing, ZONE_COLORS.drawing, ZONE_COLORS.selected],
      'circle-stroke-width': 2,
    },
  },
];
