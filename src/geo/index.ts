/**
 * Pure geometry for delivery zones: no DOM, no React, no maplibre. Positions are
 * `[longitude, latitude]`; rings are closed lists of positions (docs/design.md, decision 10).
 */
export { ringArea, polygonAreaKm2 } from './area';
export type { GeometryLike, ZoneCollectionLike, ZoneFeatureLike } from './collection';
/** The zones' one type (src/contract), for src/map, which imports geo but not the contract. */
export type { ZoneCollection, ZoneFeature } from '../contract';
export { featureId, zoneName } from './collection';
export { isZoneDiffEmpty, zoneDiff, type ZoneDiff, type ZoneSummary } from './diff';
export { formatAreaKm2, formatKm, formatPoint, formatShare } from './format';
export { zonesToKml } from './kml-write';
export {
  importFeatures,
  parseGeoJsonImport,
  type GeoJsonImport,
  type ImportFeatureRef,
  type ImportNote,
  type ImportProblem,
  type JsonFound,
  type SkippedShapes,
} from './import';
export { createPointLocator, interiorPoint, type PointLocation, type PointLocator } from './locate';
export { positionOf } from './position';
export { distanceKm } from './distance';
// The coordinate range is the contract's (decision 9); geo hands it to the layers above.
export { isLatitude, isLongitude, isLonLat, MAX_LATITUDE, MAX_LONGITUDE } from '../contract/coordinates';
export {
  defaultZoneId,
  normalizePolygon,
  normalizeRing,
  normalizeZones,
  roundCoordinate,
  type NormalizeZonesOptions,
  type RingRole,
} from './normalize';
export {
  bbox,
  bboxesIntersect,
  bboxUnion,
  isClosed,
  isCounterClockwise,
  samePosition,
  signedArea,
  vertexCount,
  type BBox,
  type PolygonLike,
  type PositionLike,
  type RingLike,
} from './ring';
export {
  validatePolygon,
  validateZones,
  shapeResults,
  adoptShapeResults,
  type ShapeResult,
  type GeoIssue,
  type GeoIssueCode,
  type ZoneReport,
} from './validate';
export { DEFAULT_FAR_KM, zoneWarnings, type ZoneWarning, type ZoneWarningOptions } from './warnings';
