/**
 * Snapping while drawing or moving a corner: which zones are targets, whether snapping is on
 * (remembered in this browser), and the modifier that turns it off for one move. The geometry
 * is `SnapIndex` (src/geo/snap.ts); the draw modes that ask for targets are in snap-modes.ts.
 */
import type { Position } from 'geojson';
import { readStored, writeStored } from '../lib/storage';
import type { SnapIndex, SnapTarget } from '../geo/snap';
import type { ContextArea, ZoneCollection } from './types';

/** How close, in screen pixels, the pointer must come to a corner or an edge to snap to it. */
export const SNAP_TOLERANCE_PX = 10;

const STORAGE_KEY = 'dispatch.zoneEditor.snapping';

/** Whether snapping is on, as the manager last left it in this browser (on by default). */
export function readSnapSetting(): boolean {
  return readStored('local', STORAGE_KEY) !== 'off';
}

/** Remembers the choice in this browser (where storage is refused, it lasts for this page). */
export function writeSnapSetting(on: boolean): void {
  writeStored('local', STORAGE_KEY, on ? 'on' : 'off');
}

/** The modifier that turns snapping off while it is held (Alt, ⌥ on a Mac). */
export function isSnapOffKey(event: { altKey: boolean }): boolean {
  return event.altKey;
}

/**
 * What the pointer snaps to: the branch's zones (by key) and the other branches' zones. The
 * index is built when first needed after the zones change, and skips the zone being drawn on or
 * edited. The index's code (src/geo/snap.ts and flatbush) is handed in by `useIndex` once it has
 * loaded, after the map: until then nothing snaps.
 */
export class Snapper {
  enabled = readSnapSetting();
  private Index: typeof SnapIndex | null = null;
  private index: SnapIndex | null = null;
  private keys: string[] = [];
  private built: { zones: ZoneCollection; context: readonly ContextArea[] } | null = null;
  private zones: { zones: ZoneCollection; keys: string[]; context: readonly ContextArea[] } | null = null;

  useIndex(Index: typeof SnapIndex): void {
    this.Index = Index;
    this.built = null;
  }

  /** The targets: the zones under their keys, and other branches' areas. */
  setTargets(zones: ZoneCollection, keys: string[], context: readonly ContextArea[]): void {
    this.zones = { zones, keys, context };
  }

  private currentIndex(): SnapIndex | null {
    const source = this.zones;
    const Index = this.Index;
    if (!source || !Index) return null;
    if (this.built?.zones !== source.zones || this.built.context !== source.context) {
      const polygons: (Position[][] | null)[] = source.zones.features.map((f) =>
        f.geometry?.type === 'Polygon' ? f.geometry.coordinates : null,
      );
      for (const area of source.context) {
        for (const f of area.fc.features) {
          if (f.geometry?.type === 'Polygon') polygons.push(f.geometry.coordinates);
          else if (f.geometry?.type === 'MultiPolygon') polygons.push(...f.geometry.coordinates);
        }
      }
      this.index = new Index(polygons);
      this.keys = source.keys;
      this.built = { zones: source.zones, context: source.context };
    }
    return this.index;
  }

  /**
   * The target for a pointer at `[lon, lat]` on a map at `zoom`, or null: snapping off, the
   * modifier held for this move, or nothing within reach. `exclude`: the key of the zone being
   * drawn on or edited.
   */
  target(
    pointer: [number, number],
    zoom: number,
    modifierHeld: boolean,
    exclude: string | null,
  ): SnapTarget | null {
    if (!this.enabled || modifierHeld) return null;
    const index = this.currentIndex();
    const own = exclude === null ? -1 : this.keys.indexOf(exclude);
    return index?.nearest(pointer, zoom, SNAP_TOLERANCE_PX, own) ?? null;
  }

  /**
   * The ring drawn with each edge between two corners on the same border of another zone
   * following that border's corners (`SnapIndex.followBorders`); as drawn when snapping is off
   * or not loaded yet. `exclude`: the key of the zone drawn on (a hole's), if any.
   */
  followBorders(ring: [number, number][], exclude: string | null): [number, number][] {
    if (!this.enabled) return ring;
    const index = this.currentIndex();
    const own = exclude === null ? -1 : this.keys.indexOf(exclude);
    return index ? index.followBorders(ring, own) : ring;
  }
}
