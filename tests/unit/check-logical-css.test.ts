import { describe, expect, it } from 'vitest';
import { physicalDeclarations } from '../../scripts/check-logical-css';

describe('the logical-properties check (npm run lint:css)', () => {
  it('names the physical left/right declarations with their lines', () => {
    const css = [
      '.a {',
      '  margin-left: 4px;',
      '  padding-right: 2px;',
      '  border-left-color: red;',
      '  right: 0;',
      '  text-align: left;',
      '  float: right;',
      '  border-top-right-radius: 4px;',
      '}',
    ].join('\n');
    expect(physicalDeclarations(css).map(([line]) => line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('lets logical properties, top and bottom, and a declaration marked physical through', () => {
    const css = [
      '.a {',
      '  margin-inline-start: 4px;',
      '  inset-inline-end: 0;',
      '  text-align: start;',
      '  border-bottom: 1px solid;',
      '  top: 0;',
      '  left: 50%; /* physical: centred */',
      '  /* left: 0 in a comment */',
      '}',
    ].join('\n');
    expect(physicalDeclarations(css)).toEqual([]);
  });
});
