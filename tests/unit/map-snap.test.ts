/**
 * The editor's snapper (src/map/snapping.ts): targets are the branch's zones by key and other
 * branches' zones; the zone being edited never snaps to itself; the modifier held for a move,
 * or the toggle, turns snapping off; the toggle is remembered in this browser.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnapIndex } from '../../src/geo/snap';
import {
  isSnapOffKey,
  readSnapSetting,
  Snapper,
  SNAP_TOLERANCE_PX,
  writeSnapSetting,
} from '../../src/map/snapping';
import type { ContextArea, ZoneCollection } from '../../src/map/types';
import { square } from '../support/geo';

const zone = (id: string, lon: number): ZoneCollection['features'][number] => ({
  type: 'Feature',
  id,
  properties: {},
  geometry: { type: 'Polygon', coordinates: [square(lon, 51.5, 0.01)] },
});
const zones: ZoneCollection = {
  type: 'FeatureCollection',
  features: [zone('west', -0.11), zone('east', -0.1)],
};
const context: ContextArea[] = [
  { id: 'CAM-01', label: 'Camden', fc: { type: 'FeatureCollection', features: [zone('camden', -0.12)] } },
];
// The corner West and East share, and a pointer a few pixels from it at zoom 14.
const shared: [number, number] = [-0.1, 51.5];
const pointer: [number, number] = [-0.1 + 0.00005, 51.5 + 0.00003];

function snapper(): Snapper {
  const s = new Snapper();
  s.useIndex(SnapIndex);
  s.enabled = true;
  s.setTargets(zones, ['west', 'east'], context);
  return s;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Snapper', () => {
  it('snaps to the nearest zone of the branch, within a few pixels', () => {
    expect(SNAP_TOLERANCE_PX).toBeLessThanOrEqual(12);
    expect(snapper().target(pointer, 14, false, null)).toMatchObject({ kind: 'corner', position: shared });
  });

  it('never snaps the zone being edited to itself, but to its neighbour at the same place', () => {
    const s = snapper();
    expect(s.target(pointer, 14, false, 'west')).toMatchObject({ position: shared, owner: 1 });
    expect(s.target([-0.11 + 0.00005, 51.5], 14, false, 'west')).toMatchObject({ owner: 2 }); // Camden's corner, not West's
  });

  it('snaps to other branches’ zones', () => {
    expect(snapper().target([-0.12 + 0.00004, 51.51], 14, false, null)).toMatchObject({
      kind: 'corner',
      position: [-0.12, 51.51],
    });
  });

  it('is off while the modifier (Alt) is held, and while the toggle is off', () => {
    const s = snapper();
    expect(isSnapOffKey({ altKey: true })).toBe(true);
    expect(isSnapOffKey({ altKey: false })).toBe(false);
    expect(s.target(pointer, 14, true, null)).toBeNull();
    s.enabled = false;
    expect(s.target(pointer, 14, false, null)).toBeNull();
  });

  it('snaps to nothing until the index has loaded', () => {
    const s = new Snapper();
    s.enabled = true;
    s.setTargets(zones, ['west', 'east'], context);
    expect(s.target(pointer, 14, false, null)).toBeNull();
    s.useIndex(SnapIndex);
    expect(s.target(pointer, 14, false, null)).not.toBeNull();
  });

  it('follows the zones it is given', () => {
    const s = snapper();
    s.setTargets({ type: 'FeatureCollection', features: [zone('far', 10)] }, ['far'], []);
    expect(s.target(pointer, 14, false, null)).toBeNull();
  });
});

describe('the snapping setting', () => {
  it('is on by default and remembers the last choice in local storage', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    });
    expect(readSnapSetting()).toBe(true);
    writeSnapSetting(false);
    expect(readSnapSetting()).toBe(false);
    expect(new Snapper().enabled).toBe(false);
    writeSnapSetting(true);
    expect(readSnapSetting()).toBe(true);
  });
});
