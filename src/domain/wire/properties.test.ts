import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { defaultFormModel } from '../model/defaults';
import type { FieldKind, FieldPath } from '../model/paths';
import { fieldKinds, fieldPaths, getField, setField } from '../model/paths';
import type { FormModel } from '../model/schema';
import { newApiWire, oldApiWire, reconfiguredApiWire } from './formats';
import { parseServerErrors } from './errors';
import { parsePrefill, sanitizeModel } from './prefill';

const sendable = fieldPaths.filter((p) => !p.endsWith('.id'));
const pad = (n: number, l: number) => String(n).padStart(l, '0');

function arbitraryFor(kind: FieldKind): fc.Arbitrary<unknown> {
  const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
  switch (kind.kind) {
    case 'text':
      return opt(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s !== ''),
      );
    case 'date':
      return opt(
        fc
          .date({
            min: new Date('1900-01-01T00:00:00Z'),
            max: new Date('2099-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map(
            (d) => `${pad(d.getUTCDate(), 2)}.${pad(d.getUTCMonth() + 1, 2)}.${d.getUTCFullYear()}`,
          ),
      );
    case 'bool':
      return fc.option(fc.boolean(), { nil: undefined });
    case 'amount':
      return opt(fc.integer({ min: 0, max: 1e9 }).map((c) => c / 100));
    case 'enum':
      return opt(fc.constantFrom(...kind.values));
  }
}

const modelArb: fc.Arbitrary<FormModel> = fc
  .record(
    Object.fromEntries(sendable.map((p) => [p, arbitraryFor(fieldKinds[p])])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
  )
  .map((values) => {
    let m = defaultFormModel();
    for (const p of sendable) m = setField(m, p, values[p] as never);
    return m;
  });

const defined = (m: unknown) =>
  Object.fromEntries(
    sendable
      .map((p) => [p, getField(m as FormModel, p)])
      .filter(([, v]) => v !== undefined && v !== null),
  );

describe.each([
  ['new', newApiWire],
  ['old', oldApiWire],
  ['reconfigured', reconfiguredApiWire],
])('%s wire format', (_name, wire) => {
  test('round-trips the form model (flat keys, qs-nested, query string)', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        const flat = wire.encode(m, sendable);
        expect(defined(wire.decode(flat))).toEqual(defined(m));
        expect(
          defined(wire.decode(qs.parse(qs.stringify(flat), { depth: 10, arrayLimit: 0 }))),
        ).toEqual(defined(m));
        expect(defined(wire.decode(new URLSearchParams(flat).toString()))).toEqual(defined(m));
      }),
      { numRuns: 200 },
    );
  });
  test('wire names are unique and map back', () => {
    const names = fieldPaths.map(wire.wireName);
    expect(new Set(names).size).toBe(names.length);
    for (const p of fieldPaths) expect(wire.fieldPath(wire.wireName(p))).toBe(p);
  });
  test('decode never throws, whatever arrives', () => {
    const keys = fc.constantFrom(
      ...fieldPaths.map(wire.wireName),
      '__proto__',
      'constructor',
      'a[b]',
      '',
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.dictionary(keys, fc.anything()), fc.string()),
        (input) => {
          const out = wire.decode(input);
          expect(typeof out).toBe('object');
          expect(Object.keys(Object.prototype)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
  test('encode never throws on a malformed model', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const m = {
          ...defaultFormModel(),
          objective: junk,
          firstTenant: { address: junk },
        } as unknown as FormModel;
        expect(() => wire.encode(m, sendable as FieldPath[])).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
  test('parseServerErrors never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const r = parseServerErrors(input, wire);
        expect(typeof r.clearCaptcha).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('prefill and stored models never throw', () => {
  test('parsePrefill on any string or any JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (s) => {
          expect(typeof parsePrefill(s)).toBe('object');
        },
      ),
      { numRuns: 500 },
    );
  });
  test('sanitizeModel keeps a valid model unchanged', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        expect(defined(sanitizeModel(m))).toEqual(defined(m));
      }),
      { numRuns: 100 },
    );
  });
});
