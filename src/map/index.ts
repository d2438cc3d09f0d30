/**
 * src/map: the map module (maplibre + mapbox-gl-draw). It knows nothing of branches or jobs:
 * it takes GeoJSON and emits ids and GeoJSON.
 *
 * BUNDLE RULE: maplibre, mapbox-gl-draw and the modules here that import them stay in a lazily
 * loaded chunk (its size: docs/performance.md). `npm run lint` enforces it (eslint.config.js,
 * MAP_LIBRARIES and MAP_MODULES): outside this folder they are loaded with `import()` only,
 *
 *   const ZoneEditor = lazy(() => import('../../map/ZoneEditor'));
 *   const PointsMap = lazy(() => import('../../map/PointsMap'));
 *
 * and a new module here that imports maplibre or draw joins MAP_MODULES. This file is safe to
 * import statically: it exports types (erased at build time) and modules with no map library
 * in them.
 *
 * The words of src/geo's zone issues and warnings (`issueText`, `warningText`) are in
 * `./geo-messages`, imported by path: it brings the map's catalog, which the importers of
 * `MarkerSymbol` (the control room, the jobs' map) do not need.
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
  ZoneLimits,
} from './types';
export { MarkerSymbol } from './MarkerSymbol';
