import { describe, expect, it } from 'vitest';
import {
  bbox,
  bboxesIntersect,
  bboxUnion,
  createPointLocator,
  interiorPoint,
  isClosed,
  isCounterClockwise,
  polygonAreaKm2,
  ringArea,
  signedArea,
  vertexCount,
} from '../../../src/geo';
import { hole, outer, reversed, square } from './fixtures';

describe('rings', () => {
  it('measures winding with the planar shoelace', () => {
    expect(signedArea(square(0, 0, 2))).toBe(4);
    expect(signedArea(reversed(square(0, 0, 2)))).toBe(-4);
    expect(signedArea(square(0, 0, 2).slice(0, 4))).toBe(4);
    expect(isCounterClockwise(square(170, 50))).toBe(true);
    expect(isCounterClockwise(reversed(square(170, 50)))).toBe(false);
  });

  it('counts vertices without closing positions', () => {
    expect(vertexCount([outer, hole])).toBe(8);
    expect(vertexCount([square(0, 0).slice(0, 4)])).toBe(4);
    expect(isClosed(outer)).toBe(true);
  });

  it('computes bounding boxes of finite positions', () => {
    expect(bbox([outer, hole])).toEqual([0, 0, 10, 10]);
    expect(
      bbox([
        [
          [NaN, 1],
          [2, 3],
        ],
      ]),
    ).toEqual([2, 3, 2, 3]);
    expect(bbox([])).toBeNull();
    expect(bboxesIntersect([0, 0, 1, 1], [1, 1, 2, 2])).toBe(true);
    expect(bboxesIntersect([0, 0, 1, 1], [1.1, 0, 2, 2])).toBe(false);
    expect(bboxUnion([0, 5, 1, 6], [-2, 7, 0.5, 9])).toEqual([-2, 5, 1, 9]);
    expect(bboxUnion(null, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });
});

describe('area', () => {
  it('is geodesic, independent of winding, and subtracts holes', () => {
    const ring = square(-0.2, 51.4, 0.2);
    expect(ringArea(ring)).toBeCloseTo(ringArea(reversed(ring)), 6);
    // 0.2° of longitude at 51.5°N is about 13.9 km, 0.2° of latitude about 22.2 km.
    expect(polygonAreaKm2([ring])).toBeGreaterThan(300);
    expect(polygonAreaKm2([ring])).toBeLessThan(315);
    const withHole = polygonAreaKm2([outer, hole]);
    expect(withHole).toBeCloseTo((ringArea(outer) - ringArea(hole)) / 1e6, 6);
    expect(ringArea(square(0, 0).slice(0, 4))).toBeCloseTo(ringArea(square(0, 0)), 6);
  });
});

describe('point location', () => {
  it('tells inside, outside and boundary, honouring holes', () => {
    const locate = createPointLocator([outer, hole]);
    expect(locate([1, 1])).toBe('inside');
    expect(locate([5, 5])).toBe('outside');
    expect(locate([11, 5])).toBe('outside');
    expect(locate([10, 5])).toBe('boundary');
    expect(locate([4, 5])).toBe('boundary');
  });

  it('finds a point strictly inside', () => {
    const point = interiorPoint([outer, hole])!;
    expect(createPointLocator([outer, hole])(point)).toBe('inside');
    expect(
      interiorPoint([
        [
          [0, 0],
          [1, 0],
          [0, 0],
        ],
      ]),
    ).toBeNull();
  });
});
