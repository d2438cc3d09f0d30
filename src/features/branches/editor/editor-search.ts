/**
 * The branch editor's search params (`/branches/:id?zone=…&focus=…`), as the coverage map
 * links to an overlap: `zone`, the id of the branch's zone to select, and `focus`, the area to
 * show instead of all the zones (`west,south,east,north` in degrees). The route checks them
 * (`validateBranchEditorSearch`); one that does not read is taken as absent.
 */
import { isLatitude, isLongitude, type BBox } from '../../../geo';

export type BranchEditorSearch = { zone?: string; focus?: string };

/** The `focus` param of an area: its bounds to 6 decimals (about 10 cm). */
export function focusParam(bounds: BBox): string {
  return bounds.map((v) => Number(v.toFixed(6))).join(',');
}

/**
 * The area of a `focus` param: four finite numbers, west ≤ east within [-180, 180] and
 * south ≤ north within [-90, 90]; null otherwise.
 */
export function readFocus(text: unknown): BBox | null {
  if (typeof text !== 'string') return null;
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return null;
  const [west, south, east, north] = parts.map(Number) as BBox;
  return isLongitude(west) &&
    isLongitude(east) &&
    isLatitude(south) &&
    isLatitude(north) &&
    west <= east &&
    south <= north
    ? [west, south, east, north]
    : null;
}

/** The zone id of a `zone` param (any text but an empty one), or undefined. */
export function readZone(text: unknown): string | undefined {
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** The editor route's parser (`validateSearch`): a param that does not read is dropped. */
export function validateBranchEditorSearch(s: Record<string, unknown>): BranchEditorSearch {
  const zone = readZone(s.zone);
  const focus = readFocus(s.focus) ? (s.focus as string) : undefined;
  return { zone, focus };
}
