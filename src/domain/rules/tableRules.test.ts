import { expect, test } from 'vitest';
import { baseRules } from './baseRules';
import { fieldRules } from './fieldRules';
import { tableRulePaths } from './tablePaths';
import { tableRules } from './tableRules';

// ADR 0807: the rule book in two parts; the web loads tableRules.ts only where its fields show.
test('tableRules holds exactly the checks of the fields tablePaths.ts names', () => {
  expect(Object.keys(tableRules).sort()).toEqual([...tableRulePaths].sort());
  for (const p of tableRulePaths) {
    // Without the tables the field is only required; the full book has the table check.
    expect(baseRules[p]).toEqual({ required: 'value' });
    expect(fieldRules[p]).toBe(tableRules[p]);
    expect(fieldRules[p]?.checks?.length).toBe(1);
  }
});

test('every other field has the same rule in the full book as in baseRules', () => {
  for (const [p, rule] of Object.entries(baseRules))
    if (!(tableRulePaths as readonly string[]).includes(p))
      expect(fieldRules[p as keyof typeof fieldRules]).toBe(rule);
});
