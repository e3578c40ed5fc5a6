import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQueryString, parseWithQs } from './bodies';
import { plainQueryText } from './queryText';

// The fast path for plain queries must give exactly what qs gives (ADR 0600).
describe('parseQueryString', () => {
  it.each([
    ['cid=abcDEF-_123&step=tenant', { cid: 'abcDEF-_123', step: 'tenant' }],
    [
      'sum=1500&payment=12&product_selection=standard',
      { sum: '1500', payment: '12', product_selection: 'standard' },
    ],
    ['a', { a: '' }],
    ['a==b', { a: '=b' }],
    ['&&a=1&', { a: '1' }],
    ['a=1&a=2', { a: ['1', '2'] }],
    ['=x', {}],
    ['__proto__=1', {}],
    ['a[b]=1', { a: { b: '1' } }],
    ['a=%C3%BC+x', { a: 'ü x' }],
    ['', {}],
  ])('%s', (q, expected) => {
    const got = parseQueryString(q);
    expect(got).toEqual(expected);
    expect(Object.getPrototypeOf(got)).toBeNull();
  });

  it('remembers the text of a plainly split query only (the memoised query check keys by it)', () => {
    const plain = parseQueryString('sum=1500&payment=12');
    expect(plainQueryText.get(plain)).toBe('sum=1500&payment=12');
    expect(plainQueryText.get(parseQueryString('a=%C3%BC'))).toBeUndefined();
    expect(plainQueryText.get(parseQueryString('a=1&a=2'))).toBeUndefined();
  });

  it('equals qs on any string of the plain alphabet and a few others', () => {
    const token = fc.constantFrom(
      'a',
      'b',
      'cid',
      '=',
      '&',
      '.',
      '_',
      '-',
      '~',
      '1',
      '__proto__',
      'constructor',
      '[',
      ']',
      '%20',
      '+',
      '?',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (parts) => {
        const q = parts.join('');
        // As JSON (key order included): vitest's equality treats a 'constructor' key specially.
        const fast = parseQueryString(q);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(parseWithQs(q)));
        expect(Object.getPrototypeOf(fast)).toBeNull();
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
});
