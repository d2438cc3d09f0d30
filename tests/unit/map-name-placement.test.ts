import { describe, expect, it } from 'vitest';
import { placeNames, type NameBox } from '../../src/map/name-placement';

const box = (id: string, left: number, top: number, width = 80, height = 20): NameBox => ({
  id,
  left,
  top,
  width,
  height,
});

describe('placeNames: which markers’ names the points map writes', () => {
  it('shows names that fit, first come first served, none over another', () => {
    const shown = placeNames(
      [box('a', 10, 10), box('b', 50, 15), box('c', 10, 60), box('d', 95, 10)],
      400,
      300,
    );
    // b overlaps a; d is clear of a by more than the gap.
    expect(shown).toEqual(['a', 'c', 'd']);
  });

  it('leaves out a name that would cover a marker or a control', () => {
    const marker = { left: 100, top: 0, width: 24, height: 24 };
    const control = { left: 300, top: 250, width: 100, height: 50 };
    expect(
      placeNames([box('on-marker', 60, 5), box('clear', 10, 60), box('on-control', 280, 240)], 400, 300, [
        marker,
        control,
      ]),
    ).toEqual(['clear']);
  });

  it('leaves out a name that would reach past the map’s edge', () => {
    expect(
      placeNames([box('left', -5, 10), box('right', 350, 10), box('bottom', 10, 290)], 400, 300),
    ).toEqual([]);
  });

  it('stops when the names would cover more than a quarter of the map', () => {
    // 10 columns × 20 rows of 80 × 20 boxes; the map 1000 × 500: a quarter is 125,000 px², 78 names.
    const grid: NameBox[] = [];
    for (let row = 0; row < 20; row++)
      for (let col = 0; col < 10; col++) grid.push(box(`${row}-${col}`, col * 100, row * 25));
    const shown = placeNames(grid, 1000, 500);
    expect(shown).toHaveLength(Math.floor((1000 * 500) / 4 / (80 * 20)));
    expect(shown[0]).toBe('0-0');
  });
});
