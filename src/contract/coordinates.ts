/**
 * The coordinate range (docs/design.md, decision 9), the one place it is written: latitude in
 * [-90, 90], longitude in [-180, 180], both finite decimal degrees. The contract's schemas check
 * with these bounds; src/geo re-exports the checks for the app (src/map imports geo, not the
 * contract), so every reader of a position checks it the same way.
 */
export const MAX_LATITUDE = 90;
export const MAX_LONGITUDE = 180;

/** A finite latitude in [-90, 90]. */
export function isLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_LATITUDE;
}

/** A finite longitude in [-180, 180]. */
export function isLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_LONGITUDE;
}

/** A `[longitude, latitude]` position in range (GeoJSON's order). */
export function isLonLat(position: readonly unknown[]): boolean {
  return isLongitude(position[0]) && isLatitude(position[1]);
}
