import { expect, test } from 'vitest';
import { parseAmount, parseBool } from './values';

test.each([
  ['1500', 'auto', 1500],
  ['1.500', 'auto', 1500],
  ['1.500,50', 'auto', 1500.5],
  ['1500,5', 'auto', 1500.5],
  ['1500.5', 'auto', 1500.5],
  [' 1 500 € ', 'auto', 1500],
  ['1.50', 'auto', 1.5],
  ['1.500', ',', 1500],
  ['1.500', '.', 1.5],
  ['1,5', '.', undefined],
  ['12abc', 'auto', undefined],
  ['', 'auto', undefined],
  ['.', 'auto', undefined],
  ['1.2.3', '.', undefined],
  [Number.POSITIVE_INFINITY, 'auto', undefined],
  [{}, 'auto', undefined],
] as const)('parseAmount(%o, %s) -> %s', (input, sep, expected) => {
  expect(parseAmount(input, sep)).toBe(expected);
});

test.each([
  ['true', true],
  ['1', true],
  ['on', true],
  [true, true],
  ['false', false],
  ['0', false],
  [0, false],
  ['maybe', undefined],
  [null, undefined],
  [2, undefined],
])('parseBool(%o) -> %s', (input, expected) => {
  expect(parseBool(input)).toBe(expected);
});
