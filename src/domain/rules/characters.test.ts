import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import { setField, type FieldPath } from '../model/paths';
import { hasForbiddenCharacters } from './characters';
import { unstorableValues } from './storable';

describe('forbidden characters (issue 15 item 8)', () => {
  test.each([
    ['Max', false],
    ['Łukasz Wałęsa', false],
    ['Σωκράτης', false],
    ['Иван Петров', false],
    ['محمد', false],
    ['李小龍 𠀋', false],
    ["O'Brien-Müller", false],
    ['Ma\u0000x', true],
    ['\u0007', true],
    ['\u001B[31m', true],
    ['\u007F', true],
    ['\u0085', true],
    ['a\tb', true],
    ['a\nb', true],
    ['a\rb', true],
    ['\uD800', true],
    ['x\uDBFF', true],
    ['\uDC00x', true],
    ['\uD834\uDD1E', false],
    ['\u202Aa', true],
    ['\u202Eexe.txt', true],
    ['\u2066a\u2069', true],
    ['\u200Fx', true],
    ['\u061C', true],
    ['a\u2028b', true],
    ['\uFEFFMax', true],
    ['\uFFFF', true],
  ])('%j -> %s', (value, expected) => {
    expect(hasForbiddenCharacters(value, 'firstTenant.firstName')).toBe(expected);
  });

  test.each([
    ['Kratzer\nim Flur', false],
    ['a\tb\r\nc', false],
    ['a\u0000b', true],
    ['a\u202Eb', true],
  ])('multi-line damage description %j -> %s', (value, expected) => {
    expect(hasForbiddenCharacters(value, 'object.predamageDetail')).toBe(expected);
  });
});

describe('values a save refuses to store', () => {
  const rows: [FieldPath, string, string[] | undefined][] = [
    ['firstTenant.firstName', 'M'.repeat(30), undefined],
    ['firstTenant.firstName', ` ${'M'.repeat(30)} `, undefined],
    ['firstTenant.firstName', 'M'.repeat(31), ['maxLength']],
    ['firstTenant.firstName', `M${' '.repeat(200)}`, ['maxLength']],
    ['firstTenant.firstName', 'Ma\u0000x', ['invalidCharacters']],
    ['bankAccount.iban', 'DE89 3704 0044 0532 0130 00', undefined],
    ['bankAccount.iban', 'DE89'.repeat(9), ['maxLength']],
    ['firstTenant.birthdayDate', '1'.repeat(256), ['maxLength']],
    ['firstTenant.birthdayDate', '01.01.1990', undefined],
  ];
  test.each(rows)('%s = %j -> %j', (path, value, expected) => {
    const model = setField(defaultFormModel(), path, value as never);
    expect(unstorableValues(model, [path])[path]).toEqual(expected);
  });
});
