import { describe, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { fillOperator, operatorRef } from '../mail/operatorFields';
import { escapeHtml } from '../mail/templates';
import { fallbackOperator, placeOf } from './operator';

describe('the operator', () => {
  test.each([
    ['10115 Berlin', 'Berlin'],
    ['20095 Hamburg', 'Hamburg'],
    ['D-80331 München', 'München'],
    ['1010 Wien', 'Wien'],
    ['  50667   Köln ', 'Köln'],
    ['Frankfurt am Main', 'Frankfurt am Main'],
    [fallbackOperator.zipCity, fallbackOperator.zipCity],
  ])('documents are dated at %j -> %j', (zipCity, place) => expect(placeOf(zipCity)).toBe(place));

  test('the defaults are the marked placeholders of OPERATOR_* (config and documents alike)', () => {
    const config = loadConfig({ SERVER_SECRET: 'test-secret-0123456789abcdef' });
    expect(config.operator).toMatchObject(fallbackOperator);
    expect(fallbackOperator.name).toBe('[Firmenname – bitte OPERATOR_NAME setzen]');
  });

  test('the mail stand-ins are filled from the configuration, escaped for HTML', () => {
    const op = { ...fallbackOperator, name: 'Größe & Söhne <AG>', zipCity: '20095 Hamburg' };
    const text = `${operatorRef.name} · ${operatorRef.zipCity} · {{operator.unknown}}`;
    expect(fillOperator(text, op)).toBe(
      'Größe & Söhne <AG> · 20095 Hamburg · {{operator.unknown}}',
    );
    expect(fillOperator(text, op, escapeHtml)).toContain('Größe &amp; Söhne &lt;AG&gt;');
  });
});
