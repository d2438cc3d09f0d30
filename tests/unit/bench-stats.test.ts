import { describe, expect, it } from 'vitest';
import { median, medianInterval, medianIntervalReaches, percentile, signTestP } from '../../bench/lib/stats';

/** The statistics the bench's A/B comparisons are judged by (bench/ab.ts). */
describe('bench statistics', () => {
  it('median and nearest-rank percentile', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).toBe(10);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).toBe(5);
  });

  it('sign test: exact two-sided binomial probabilities', () => {
    expect(signTestP(14, 21)).toBeCloseTo(0.1892, 4); // 14 of 21 faster is not a result
    expect(signTestP(13, 15)).toBeCloseTo(0.00739, 5);
    expect(signTestP(15, 15)).toBeCloseTo(2 / 2 ** 15, 10);
    expect(signTestP(5, 10)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
  });

  it('median interval: the order statistics that cover the median with 95%', () => {
    const values = Array.from({ length: 21 }, (_, i) => i + 1); // 1..21
    // n = 21: P(X ≤ 5) = 0.0133 ≤ 0.025 < P(X ≤ 6) = 0.0392, so the 6th and 16th values.
    expect(medianInterval(values)).toEqual([6, 16]);
    // Order does not matter.
    expect(medianInterval([...values].reverse())).toEqual([6, 16]);
    // n = 5 cannot reach 95% (2 × 1/32 = 0.0625): the whole range.
    expect(medianInterval([3, 1, 2, 5, 4])).toEqual([1, 5]);
    // n = 6: P(X = 0) = 1/64 ≤ 0.025: the extremes still, as the first order statistic.
    expect(medianInterval([6, 5, 4, 3, 2, 1])).toEqual([1, 6]);
    expect(medianInterval(Array.from({ length: 9 }, (_, i) => i))).toEqual([1, 7]);
  });

  it('says when there are too few values for a 95% interval at all (so no verdict is printed on 2 pairs)', () => {
    expect(medianIntervalReaches(0)).toBe(false);
    expect(medianIntervalReaches(2)).toBe(false);
    expect(medianIntervalReaches(5)).toBe(false);
    expect(medianIntervalReaches(6)).toBe(true);
    expect(medianIntervalReaches(21)).toBe(true);
  });
});
