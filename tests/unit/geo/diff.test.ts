import { describe, expect, it } from 'vitest';
import { isZoneDiffEmpty, normalizeZones, polygonAreaKm2, zoneDiff } from '../../../src/geo';
import { collection, feature, reversed, square } from './fixtures';

const before = collection(
  feature('keep', [square(0, 51)], { name: 'Kept' }),
  feature('grow', [square(2, 51)], { name: 'Grows' }),
  feature('rename', [square(4, 51)], { name: 'Old name' }),
  feature('drop', [square(6, 51)], { name: 'Dropped' }),
);

describe('zoneDiff', () => {
  it('lists added, removed, reshaped and renamed zones', () => {
    const after = collection(
      feature('keep', [square(0, 51)], { name: 'Kept' }),
      feature('grow', [square(2, 51, 2)], { name: 'Grows' }),
      feature('rename', [square(4, 51)], { name: 'New name' }),
      feature('new', [square(8, 51)], {}),
    );
    const diff = zoneDiff(before, after);
    const unit = polygonAreaKm2([square(2, 51)]);
    expect(diff.added).toEqual([{ id: 'new', name: null, areaKm2: polygonAreaKm2([square(8, 51)]) }]);
    expect(diff.removed).toEqual([{ id: 'drop', name: 'Dropped', areaKm2: polygonAreaKm2([square(6, 51)]) }]);
    expect(diff.reshaped).toEqual([
      { id: 'grow', name: 'Grows', areaBeforeKm2: unit, areaAfterKm2: polygonAreaKm2([square(2, 51, 2)]) },
    ]);
    expect(diff.renamed).toEqual([{ id: 'rename', from: 'Old name', to: 'New name' }]);
    expect(isZoneDiffEmpty(diff)).toBe(false);
  });

  it('ignores winding, start corner, rounding, numeric ids and repeated points', () => {
    const rotated = [
      [1, 51],
      [1, 52],
      [0, 52],
      [0, 51],
      [1, 51],
    ];
    const after = collection(
      feature('keep', [reversed(rotated)], { name: 'Kept' }),
      feature('grow', [square(2.0000001, 51)], { name: 'Grows' }),
      feature(
        'rename',
        [
          [
            [4, 51],
            [5, 51],
            [5, 51],
            [5, 52],
            [4, 52],
            [4, 51],
          ],
        ],
        { name: 'Old name' },
      ),
      feature('drop', [square(6, 51)], { name: 'Dropped' }),
    );
    expect(isZoneDiffEmpty(zoneDiff(before, after))).toBe(true);
    expect(
      isZoneDiffEmpty(
        zoneDiff(collection(feature(7, [square(0, 0)])), collection(feature('7', [square(0, 0)]))),
      ),
    ).toBe(true);
  });

  it('treats a missing collection as no zones', () => {
    const diff = zoneDiff(null, normalizeZones(before));
    expect(diff.added.map((z) => z.id)).toEqual(['keep', 'grow', 'rename', 'drop']);
    expect(zoneDiff(before, undefined).removed).toHaveLength(4);
    expect(isZoneDiffEmpty(zoneDiff(null, undefined))).toBe(true);
  });
});
