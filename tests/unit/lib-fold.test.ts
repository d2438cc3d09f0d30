import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/lib/fold';

describe('foldText: the one way typed text is compared', () => {
  it('ignores case and accents, and collapses white space', () => {
    expect(foldText('  Zoë   ÅSE ')).toBe('zoe ase');
    expect(foldText('Malasaña\nChamberí')).toBe('malasana chamberi');
    expect(foldText('ORD-1')).toBe('ord-1');
  });

  it('folds a name typed in either composed or decomposed form the same way', () => {
    expect(foldText('Zo\u00eb')).toBe(foldText('Zoe\u0308'));
  });
});
