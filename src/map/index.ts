/**
 * src/map: the map module (maplibre + mapbox-gl-draw). It knows nothing of branches: it takes
 * and emits GeoJSON.
 *
 * BUNDLE RULE: maplibre, mapbox-gl-draw and the editor are about 290 KiB gzipped and must stay
 * in a lazily loaded chunk. Never import `./ZoneEditor`, `./MapView`, `./draw` or
 * `maplibre-gl` statically from outside this folder; load the editor with
 *
 *   const ZoneEditor = lazy(() => import('../../map/ZoneEditor'));
 *
 * This file is safe to import statically: it exports types only (erased at build time) and
 * modules with no map library in them.
 */
export type { ContextArea, MapPin, ZoneCollection, ZoneEditorProps } from './types';
