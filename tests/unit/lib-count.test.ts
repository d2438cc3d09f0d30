import { describe, expect, it } from 'vitest';
import { countOf, formatCount, pluralForm } from '../../src/lib/count';

describe('counts in words: the one helper', () => {
  it('writes a count with its noun, one and other as English has them', () => {
    expect(countOf(1, 'job', 'jobs')).toBe('1 job');
    expect(countOf(0, 'job', 'jobs')).toBe('0 jobs');
    expect(countOf(2, 'delivery', 'deliveries')).toBe('2 deliveries');
    expect(countOf(12_345, 'job', 'jobs')).toBe('12,345 jobs');
  });

  it('takes the plural for a fraction, even one of 1.5', () => {
    expect(pluralForm(1.5, 'second', 'seconds')).toBe('seconds');
    expect(pluralForm(1, 'is', 'are')).toBe('is');
  });

  it('writes large numbers with English grouping', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
