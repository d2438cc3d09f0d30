/**
 * Moving the selected corners without dragging (WCAG 2.2, 2.5.7): each arrow key moves them a
 * few pixels' worth of ground at the map's zoom, Shift five times as far. Pure: the step from the
 * key and the zoom, and the move of a zone's corners in the collection (tests/unit/map-corner-keys).
 */
import type { Position } from 'geojson';
import { roundCoordinate, samePosition } from '../geo';
import { indexOfKey } from './sync';
import type { ZoneCollection } from './types';

/** Pixels moved by one arrow key press, and with Shift. */
export const CORNER_STEP_PX = 4;
export const CORNER_SHIFT_STEP_PX = 20;

const DIRECTIONS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * The move in degrees (longitude, latitude) for an arrow key at this zoom (maplibre's 512 px
 * world at zoom 0) and latitude, so that it spans the same pixels on screen in every direction;
 * null for any other key.
 */
export function cornerStep(
  key: string,
  shift: boolean,
  zoom: number,
  latitude: number,
): [number, number] | null {
  const direction = DIRECTIONS[key];
  if (!direction) return null;
  const pixels = shift ? CORNER_SHIFT_STEP_PX : CORNER_STEP_PX;
  const degrees = (pixels * 360) / (512 * 2 ** zoom);
  const latitudeDegrees = degrees * Math.cos((latitude * Math.PI) / 180);
  return [direction[0] * degrees || 0, direction[1] * latitudeDegrees || 0];
}

/**
 * The collection with the corners at `corners` of the zone `key` moved by `step` (degrees),
 * rounded to 6 decimals; a ring's closing position moves with its first. The same collection
 * when nothing moved (no such zone, not a polygon, no corner there).
 */
export function moveCorners(
  zones: ZoneCollection,
  key: string,
  corners: readonly Position[],
  step: readonly [number, number],
): ZoneCollection {
  const index = indexOfKey(zones, key);
  const feature = zones.features[index];
  if (!feature || feature.geometry?.type !== 'Polygon' || corners.length === 0) return zones;
  let moved = false;
  const coordinates = feature.geometry.coordinates.map((ring) =>
    ring.map((p): Position => {
      if (!corners.some((c) => samePosition(c, p))) return p;
      moved = true;
      return [roundCoordinate((p[0] ?? NaN) + step[0]), roundCoordinate((p[1] ?? NaN) + step[1])];
    }),
  );
  if (!moved) return zones;
  const features = zones.features.slice();
  features[index] = { ...feature, geometry: { type: 'Polygon', coordinates } };
  return { ...zones, features };
}
