import { describe, expect, test } from 'vitest';
import { reservationTenantFields, steps } from '../flow/steps';
import { formModelSchema } from '../model/schema';
import { newApiWire, oldApiWire, reconfiguredApiWire } from '../wire/formats';
import { fieldEntries } from './fields';
import { groupLabels } from './registry';

// What tsc cannot see about a registry entry (ADR 0308): a field without a step, a step showing a
// field marked as never shown, a schema that drifted from the registry, clashing wire names.

const shownByAStep = new Set<string>([
  ...Object.values(steps).flatMap((s) => s.fields),
  ...reservationTenantFields,
]);

/** The leaves of a zod/mini object schema as dotted paths. */
function schemaLeaves(schema: unknown, prefix = ''): string[] {
  const shape = (schema as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape;
  if (!shape) return [prefix.slice(0, -1)];
  return Object.entries(shape).flatMap(([key, s]) => schemaLeaves(s, `${prefix}${key}.`));
}

describe('field registry', () => {
  test.each(fieldEntries)(
    '%s has a label and a step shows it (or it says why not)',
    (path, def) => {
      expect(def.label.trim(), path).not.toBe('');
      if (def.notShown)
        expect(shownByAStep.has(path), `${path} is marked notShown but a step shows it`).toBe(
          false,
        );
      else
        expect(
          shownByAStep.has(path),
          `no step shows ${path}: add it to the fields of its step (flow/steps.ts) or give it notShown`,
        ).toBe(true);
    },
  );

  test('the zod schema holds exactly the registry fields (the one cast in model/schema.ts)', () => {
    expect(schemaLeaves(formModelSchema)).toEqual([
      ...fieldEntries.map(([path]) => path),
      'activeMask',
      'cid',
    ]);
  });

  test.each([newApiWire, reconfiguredApiWire, oldApiWire])(
    'no two fields share a name on the $name API',
    (wire) => {
      const names = fieldEntries.map(([path]) => wire.wireName(path));
      expect(new Set(names).size).toBe(names.length);
    },
  );

  test('no two values of a choice share a new API spelling', () => {
    for (const [path, def] of fieldEntries) {
      if (def.kind !== 'enum') continue;
      const spelled: Readonly<Record<string, string>> = def.newValues ?? {};
      const wire = def.values.map((v) => spelled[v] ?? String(v));
      expect(new Set(wire).size, path).toBe(def.values.length);
    }
  });

  test('group labels name groups that hold fields', () => {
    for (const group of Object.keys(groupLabels))
      expect(
        fieldEntries.some(([path]) => path.startsWith(`${group}.`)),
        group,
      ).toBe(true);
  });
});
