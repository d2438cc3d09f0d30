/**
 * What the editor's status line says: the mode, what to do next (with a mouse and keys, or
 * with a finger, or only looking when read-only), and the zones the selected one overlaps.
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { currentLocale, i18n } from '../i18n';
import type { EditorMode } from './editor-map';
import type { OverlapWith } from './zone-checks';

export const MODE_LABELS: Record<EditorMode, MessageDescriptor> = {
  select: msg`Selecting`,
  edit: msg`Editing corners`,
  draw: msg`Drawing a zone`,
  hole: msg`Cutting a hole`,
  pin: msg`Placing the location`,
};

type HintOf = (mode: EditorMode, selected: boolean, corners: boolean, snapHint: string) => string;

/** What the status line says to do, with a mouse and a keyboard. */
export const mouseHints: HintOf = (mode, selected, corners, snapHint) => {
  switch (mode) {
    case 'select':
      return selected
        ? i18n._(msg`Click the selected zone again to move its corners. Delete removes it; Esc deselects.`)
        : i18n._(msg`Click a zone to select it, or use “Draw zone” to add one.`);
    case 'edit':
      return corners
        ? i18n._(
            msg`Drag the corner or move it with the arrow keys (Shift: farther); Delete removes it. Esc when done.`,
          ) + snapHint
        : i18n._(
            msg`Drag a corner to move it or a middle point to add one; click a corner, then the arrow keys move it and Delete removes it. Esc when done.`,
          ) + snapHint;
    case 'draw':
      return (
        i18n._(msg`Click to add corners, click the first corner or press Enter to finish. Esc cancels.`) +
        snapHint
      );
    case 'hole':
      return i18n._(
        msg`Click to add the hole’s corners inside the zone, click the first corner or press Enter to finish. Esc cancels.`,
      );
    case 'pin':
      return i18n._(msg`Click the map to place the location. Esc cancels.`);
  }
};

/** The same with a finger: taps and the toolbar's buttons, no keys. */
export const touchHints: HintOf = (mode, selected, corners, snapHint) => {
  switch (mode) {
    case 'select':
      return selected
        ? i18n._(msg`Tap the selected zone again to move its corners; tap elsewhere to deselect.`)
        : i18n._(msg`Tap a zone to select it, or use “Draw zone” to add one.`);
    case 'edit':
      return corners
        ? i18n._(
            msg`Drag the corner to move it; “Delete corner” removes it. Tap outside the zone when done.`,
          ) + snapHint
        : i18n._(
            msg`Drag a corner to move it or a middle point to add one; tap a corner to select it. Tap outside the zone when done.`,
          ) + snapHint;
    case 'draw':
      return (
        i18n._(msg`Tap to add corners; tap the first corner or “Finish” to end. “Cancel zone” stops.`) +
        snapHint
      );
    case 'hole':
      return i18n._(
        msg`Tap to add the hole’s corners inside the zone; tap the first corner or “Finish” to end. “Cancel hole” stops.`,
      );
    case 'pin':
      return i18n._(msg`Tap the map to place the location. “Set location” again stops.`);
  }
};

/** What the status line says in the read-only editor: look, select, move the map. */
export function viewHint(selected: boolean, touch: boolean): string {
  if (touch)
    return selected
      ? i18n._(msg`Tap elsewhere to deselect. Drag to move the map, pinch to zoom.`)
      : i18n._(msg`Tap a zone to select it. Drag to move the map, pinch to zoom.`);
  return selected
    ? i18n._(msg`Esc deselects. Drag to move the map, scroll to zoom.`)
    : i18n._(msg`Click a zone to select it. Drag to move the map, scroll to zoom.`);
}

/** The zones overlapping one, in words, another branch's by branch: "East and Paris (Central, South)". */
export function overlapList(neighbours: readonly OverlapWith[]): string {
  const byBranch = new Map<string | undefined, string[]>();
  for (const n of neighbours) byBranch.set(n.branch, [...(byBranch.get(n.branch) ?? []), n.name]);
  const tag = currentLocale().tag;
  const list = (items: string[]) => new Intl.ListFormat(tag, { type: 'conjunction' }).format(items);
  const items = [...byBranch].flatMap(([branch, names]) => {
    if (branch === undefined) return names;
    const zones = new Intl.ListFormat(tag, { type: 'unit', style: 'short' }).format(names);
    return [i18n._(msg`${branch} (${zones})`)];
  });
  const rest = items.length - 3;
  const shown =
    items.length > 4 ? [...items.slice(0, 3), i18n._(msg`${plural(rest, { other: '# more' })}`)] : items;
  return list(shown);
}
