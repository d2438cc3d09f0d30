import { describe, expect, it, vi } from 'vitest';
import { ViewMode } from '../../src/map/draw';

/** Draw's side of a mode (`this`), as much as the view mode uses, with one selection. */
function modeThis(selected: string[] = []) {
  const ids = new Set(selected);
  return {
    isSelected: (id: string) => ids.has(id),
    getSelectedIds: () => [...ids],
    setSelected: vi.fn((id: string) => {
      ids.clear();
      ids.add(id);
    }),
    doRender: vi.fn(),
    changeMode: vi.fn(),
    map: { dragPan: { disable: vi.fn(), enable: vi.fn(), isEnabled: () => true } },
    ids,
  };
}

type Handler = (this: unknown, ...args: unknown[]) => unknown;
const handler = (name: string) => (ViewMode as unknown as Record<string, Handler>)[name]!;
const onFeature = (id: string) => ({ featureTarget: { properties: { id } } });

describe('draw’s view mode (the read-only zone editor)', () => {
  it('selects the zone clicked, one at a time, and a second click does not start editing its corners', () => {
    const self = modeThis(['a']);
    handler('clickOnFeature').call(self, {}, onFeature('b'));
    expect([...self.ids]).toEqual(['b']);
    handler('clickOnFeature').call(self, {}, onFeature('b'));
    expect([...self.ids]).toEqual(['b']);
    handler('clickOnVertex').call(self, {}, onFeature('b'));
    expect(self.changeMode).not.toHaveBeenCalled();
  });

  it('drags nothing (the map pans), deletes nothing, and shows a selected zone without its corners', () => {
    const self = modeThis(['a']);
    const state = {};
    handler('onMouseDown').call(self, state, onFeature('a'));
    handler('onTouchStart').call(self, state, onFeature('a'));
    handler('onDrag').call(self, state, { lngLat: { lng: 1, lat: 1 } });
    handler('onTrash').call(self);
    expect(self.map.dragPan.disable).not.toHaveBeenCalled();
    expect(state).toEqual({});
    expect([...self.ids]).toEqual(['a']);

    const shown: { properties: { id: string; active?: string } }[] = [];
    const display = (f: unknown) => shown.push(f as (typeof shown)[number]);
    handler('toDisplayFeatures').call(self, {}, { properties: { id: 'a' } }, display);
    handler('toDisplayFeatures').call(self, {}, { properties: { id: 'b' } }, display);
    expect(shown.map((f) => f.properties)).toEqual([
      { id: 'a', active: 'true' },
      { id: 'b', active: 'false' },
    ]);
  });
});
