/**
 * The branch editor's search params (`/branches/:id?zone=…&focus=…`), as the coverage map
 * links to an overlap: `zone`, the id of the branch's zone to select, and `focus`, the area to
 * show instead of all the zones (`west,south,east,north` in degrees in the URL, an array once
 * read). The route's parser (`validateBranchEditorSearch`) reads them; one that does not read
 * is taken as absent. The editor reads them from the route (`useBranchEditorSearch`).
 */
import { getRouteApi } from '@tanstack/react-router';
import { isLatitude, isLongitude, type BBox } from '../../../geo';

export type BranchEditorSearch = { zone?: string; focus?: BBox };

/**
 * The `focus` param of an area: its bounds to 6 decimals (about 10 cm). The router writes an
 * array as its items joined by commas (src/app/router.tsx, `stringifySearch`).
 */
export function focusParam(bounds: BBox): BBox {
  return bounds.map((v) => Number(v.toFixed(6))) as BBox;
}

/**
 * The area of a `focus` param: four finite numbers, west ≤ east within [-180, 180] and
 * south ≤ north within [-90, 90]; null otherwise.
 */
export function readFocus(text: unknown): BBox | null {
  // An array: the search as a link built it, before it went through the URL.
  const parts: unknown[] | null = Array.isArray(text)
    ? text
    : typeof text === 'string'
      ? text.split(',')
      : null;
  if (parts === null || parts.length !== 4) return null;
  if (parts.some((p) => (typeof p === 'string' ? p.trim() === '' : typeof p !== 'number'))) return null;
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
  const focus = readFocus(s.focus) ?? undefined;
  return { zone, focus };
}

// The editor route's id (under the pathless, signed-in 'app' route); its path is /branches/$id.
const route = getRouteApi('/app/branches/$id');

/** The editor's search params, as the route's parser read them. */
export function useBranchEditorSearch(): BranchEditorSearch {
  return route.useSearch();
}
