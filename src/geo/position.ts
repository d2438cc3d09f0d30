/**
 * Where an address (or any object the interface leaves undefined) is on the map. The
 * interface does not define the address object of a pickup or delivery, so the common shapes
 * are read, and nothing is guessed beyond them:
 * - `latitude`/`longitude`, or `lat` with `lng`, `lon` or `long`;
 * - the same one level down, under `coordinates`, `location`, `geo`, `position` or `geometry`;
 * - a GeoJSON Point (`{ "type": "Point", "coordinates": [lon, lat] }`), at the top or under
 *   one of those keys.
 * Numbers may come as numeric text. A position out of range, or exactly 0, 0 (the usual
 * placeholder of a system that has no coordinates), is no position: `null`.
 */
import { isLonLat } from '../contract/coordinates';
const NESTED = ['coordinates', 'location', 'geo', 'position', 'geometry'] as const;
const LATITUDE = ['latitude', 'lat'] as const;
const LONGITUDE = ['longitude', 'lng', 'lon', 'long'] as const;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function degrees(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : null;
}

function first(o: Obj, keys: readonly string[]): number | null {
  for (const key of keys) {
    const n = degrees(o[key]);
    if (n !== null) return n;
  }
  return null;
}

function checked(lon: number | null, lat: number | null): [number, number] | null {
  if (lon === null || lat === null) return null;
  if (!isLonLat([lon, lat])) return null;
  if (lon === 0 && lat === 0) return null;
  return [lon, lat];
}

/** The position of one object, without looking into nested keys. */
function here(o: Obj): [number, number] | null {
  if (o.type === 'Point' && Array.isArray(o.coordinates)) {
    return checked(degrees(o.coordinates[0]), degrees(o.coordinates[1]));
  }
  return checked(first(o, LONGITUDE), first(o, LATITUDE));
}

/** `[longitude, latitude]` of an address-like value, or `null` when it states none. */
export function positionOf(value: unknown): [number, number] | null {
  if (!isObject(value)) return null;
  const top = here(value);
  if (top) return top;
  for (const key of NESTED) {
    const inner = value[key];
    if (isObject(inner)) {
      const found = here(inner);
      if (found) return found;
    }
  }
  return null;
}
