/**
 * What the editor's status line says: the mode, what to do next (with a mouse and keys, or
 * with a finger, or only looking when read-only), and the zones the selected one overlaps.
 */
import type { EditorMode } from './editor-map';
import type { OverlapWith } from './zone-checks';

export const MODE_LABELS: Record<EditorMode, string> = {
  select: 'Selecting',
  edit: 'Editing corners',
  draw: 'Drawing a zone',
  hole: 'Cutting a hole',
  pin: 'Placing the location',
};

type HintOf = (mode: EditorMode, selected: boolean, corners: boolean, snapHint: string) => string;

/** What the status line says to do, with a mouse and a keyboard. */
export const mouseHints: HintOf = (mode, selected, corners, snapHint) =>
  ({
    select: selected
      ? `Click the selected zone again to move its corners. Delete removes it; Esc deselects.`
      : 'Click a zone to select it, or use “Draw zone” to add one.',
    edit: corners
      ? `Drag the corner or move it with the arrow keys (Shift: farther); Delete removes it. Esc when done.${snapHint}`
      : `Drag a corner to move it or a middle point to add one; click a corner, then the arrow keys move it and Delete removes it. Esc when done.${snapHint}`,
    draw: `Click to add corners, click the first corner or press Enter to finish. Esc cancels.${snapHint}`,
    hole: 'Click to add the hole’s corners inside the zone, click the first corner or press Enter to finish. Esc cancels.',
    pin: 'Click the map to place the location. Esc cancels.',
  })[mode];

/** The same with a finger: taps and the toolbar's buttons, no keys. */
export const touchHints: HintOf = (mode, selected, corners, snapHint) =>
  ({
    select: selected
      ? 'Tap the selected zone again to move its corners; tap elsewhere to deselect.'
      : 'Tap a zone to select it, or use “Draw zone” to add one.',
    edit: corners
      ? `Drag the corner to move it; “Delete corner” removes it. Tap outside the zone when done.${snapHint}`
      : `Drag a corner to move it or a middle point to add one; tap a corner to select it. Tap outside the zone when done.${snapHint}`,
    draw: `Tap to add corners; tap the first corner or “Finish” to end. “Cancel zone” stops.${snapHint}`,
    hole: 'Tap to add the hole’s corners inside the zone; tap the first corner or “Finish” to end. “Cancel hole” stops.',
    pin: 'Tap the map to place the location. “Set location” again stops.',
  })[mode];

/** What the status line says in the read-only editor: look, select, move the map. */
export function viewHint(selected: boolean, touch: boolean): string {
  if (touch)
    return selected
      ? 'Tap elsewhere to deselect. Drag to move the map, pinch to zoom.'
      : 'Tap a zone to select it. Drag to move the map, pinch to zoom.';
  return selected
    ? 'Esc deselects. Drag to move the map, scroll to zoom.'
    : 'Click a zone to select it. Drag to move the map, scroll to zoom.';
}

/** The zones overlapping one, in words, another branch's by branch: "East and Paris (Central, South)". */
export function overlapList(neighbours: readonly OverlapWith[]): string {
  const byBranch = new Map<string | undefined, string[]>();
  for (const n of neighbours) byBranch.set(n.branch, [...(byBranch.get(n.branch) ?? []), n.name]);
  const items = [...byBranch].flatMap(([branch, names]) =>
    branch === undefined ? names : [`${branch} (${names.join(', ')})`],
  );
  const shown = items.length > 4 ? [...items.slice(0, 3), `${items.length - 3} more`] : items;
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(shown);
}
