/**
 * src/map: the map module (maplibre + mapbox-gl-draw). It knows nothing of branches or jobs:
 * it takes GeoJSON and emits ids and GeoJSON.
 *
 * BUNDLE RULE: maplibre, mapbox-gl-draw and the editor are about 290 KiB gzipped and must stay
 * in a lazily loaded chunk. Never import `./ZoneEditor`, `./PointsMap`, `./MapView`, `./draw`
 * or `maplibre-gl` statically from outside this folder; load them with
 *
 *   const ZoneEditor = lazy(() => import('../../map/ZoneEditor'));
 *   const PointsMap = lazy(() => import('../../map/PointsMap'));
 *
 * This file is safe to import statically: it exports types (erased at build time) and
 * modules with no map library in them.
 */
export type {
  ContextArea,
  FitRequest,
  LineCollection,
  MapPin,
  MapPoints,
  MapTarget,
  MarkerCollection,
  MarkerProperties,
  MarkerShape,
  PointsMapProps,
  ZoneCollection,
  ZoneEditorProps,
} from './types';
export { MarkerSymbol } from './MarkerSymbol';
