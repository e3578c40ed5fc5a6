import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseWithQs } from '../http/bodies';
import { completeNewApiApplication } from '../testing/fixtures';
import { fieldPaths } from './rulebook';
import { nestBracketKeys, wireCodecs } from './wire';

// The load answer used to be the wire's flat keys written as a query string and parsed by qs;
// nestBracketKeys must give exactly that, for every codec and for any flat bracket keys.
const viaQs = (flat: Record<string, string>) => parseWithQs(new URLSearchParams(flat).toString());

describe('nestBracketKeys', () => {
  for (const reconfigured of [false, true]) {
    const codecs = wireCodecs(reconfigured);
    const model = codecs.new.decode(completeNewApiApplication()).model;
    for (const generation of ['new', 'old'] as const) {
      it(`answers what qs answered: ${generation} API${reconfigured ? ', reconfigured' : ''}`, () => {
        const flat = codecs[generation].wire.encode(model as never, fieldPaths);
        expect(Object.keys(flat).length).toBeGreaterThan(30);
        expect(nestBracketKeys(flat)).toEqual(viaQs(flat));
      });
    }
  }

  it('answers what qs answers for any bracket keys, odd ones included', () => {
    const segment = fc.oneof(
      fc.constantFrom('a', 'b', 'tenant', '0', '12', '__proto__', 'x y', 'ä'),
      fc.string({ minLength: 1, maxLength: 4 }),
    );
    const key = fc
      .array(segment, { minLength: 1, maxLength: 4 })
      .map(([head, ...rest]) => head + rest.map((r) => `[${r}]`).join(''));
    fc.assert(
      fc.property(fc.dictionary(key, fc.string({ maxLength: 5 }), { maxKeys: 8 }), (flat) => {
        expect(nestBracketKeys(flat)).toEqual(viaQs(flat));
      }),
      { numRuns: 300 },
    );
  });
});
