/**
 * Which markers' names the points map writes beside them (pure: boxes in, ids out). A name is
 * shown when its box lies inside the map, clear of what it must not cover (the other markers,
 * the map's controls and notices) and of the names already placed, in the order the candidates
 * are given (the first wins), until the names cover a quarter of the map: more would hide the
 * work they are written over. A name left out is shown once zooming in gives it room;
 * the marker's tooltip and the caller's text alternative always have it.
 */

/** A box in the map's pixels: its left, top, width and height. */
export type Box = { left: number; top: number; width: number; height: number };
/** A name's box, and its marker's id. */
export type NameBox = Box & { id: string };

/** The share of the map that names may cover at most. */
export const NAMES_SHARE = 0.25;
/** The least room between two names, in pixels. */
export const NAMES_GAP = 4;

const apart = (a: Box, b: Box) =>
  a.left >= b.left + b.width + NAMES_GAP ||
  b.left >= a.left + a.width + NAMES_GAP ||
  a.top >= b.top + b.height + NAMES_GAP ||
  b.top >= a.top + a.height + NAMES_GAP;

/**
 * The ids of the names shown in a map of `width` × `height` pixels, in the candidates' order,
 * none over an `obstacle` or another name.
 */
export function placeNames(
  candidates: Iterable<NameBox>,
  width: number,
  height: number,
  obstacles: readonly Box[] = [],
  share = NAMES_SHARE,
): string[] {
  const budget = width * height * share;
  const placed: NameBox[] = [];
  let covered = 0;
  for (const box of candidates) {
    if (box.left < 0 || box.top < 0 || box.left + box.width > width || box.top + box.height > height)
      continue;
    const area = box.width * box.height;
    if (covered + area > budget) continue;
    if (!placed.every((p) => apart(box, p)) || !obstacles.every((o) => apart(box, o))) continue;
    placed.push(box);
    covered += area;
  }
  return placed.map((p) => p.id);
}
