import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenBrackets } from './flatten';

/** flattenBrackets as it was before issue 30's save work (ADR 1361): Object.entries per node. */
function entriesWalk(input: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (out.size >= 2000 || depth > 8) return;
    if (node !== null && typeof node === 'object') {
      const entries = Array.isArray(node)
        ? node.map((v, i) => [String(i), v] as const)
        : Object.entries(node as Record<string, unknown>);
      for (const [k, v] of entries) walk(v, prefix ? `${prefix}[${k}]` : k, depth + 1);
    } else if (prefix) out.set(prefix, node);
  };
  walk(input, '', 0);
  return out;
}

describe('flattenBrackets', () => {
  it('gives nested objects and arrays as bracket keys, in order, within depth', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: { i: 'too deep' } } } } } } } } };
    const flat = flattenBrackets({
      tenant: { name: 'Muster', address: { zip: '10115' } },
      list: ['x', { y: 1 }],
      none: null,
      ...deep,
    });
    expect([...flat]).toEqual([
      ['tenant[name]', 'Muster'],
      ['tenant[address][zip]', '10115'],
      ['list[0]', 'x'],
      ['list[1][y]', 1],
      ['none', null],
    ]);
    expect([...flattenBrackets(['a', ['b']])]).toEqual([
      ['0', 'a'],
      ['1[0]', 'b'],
    ]);
    expect([...flattenBrackets('a=1&b[c]=2')]).toEqual([
      ['a', '1'],
      ['b[c]', '2'],
    ]);
  });

  it('answers what the Object.entries walk answered, for any JSON object or array', () => {
    const body = fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 10 })),
      fc.array(fc.jsonValue({ maxDepth: 10 })),
    );
    fc.assert(
      fc.property(body, (body) => {
        expect([...flattenBrackets(body)]).toEqual([...entriesWalk(body)]);
      }),
      { numRuns: 500 },
    );
  });
});
