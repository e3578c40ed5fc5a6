import { describe, expect, it } from 'vitest';
import { chatAllowedOn } from './chatPages';

describe('pages the chat may load on (ADR 1133)', () => {
  it.each([
    ['/impressum', true],
    ['/datenschutz', true],
    ['/kontakt', true],
    ['/kontakt/', true],
    ['/dokumente/versicherungsbedingungen', true],
    ['/dokumente/widerrufsbelehrung', true],
    ['/', false],
    ['/tenant', false],
    ['/check', false],
    ['/payment', false],
    ['/callback/danke', false],
    ['/callback/sofortzusage', false],
    ['/vertrag', false],
    ['/widerruf', false],
    ['/pruefen/q3J9xV0bW1s8kZ4tY7uR2A', false],
    ['/error', false],
    ['/dokumente/unbekannt', false],
    ['/kontakt/../vertrag', false],
    ['/KONTAKT', false],
  ])('%s: %s', (path, allowed) => {
    expect(chatAllowedOn(path)).toBe(allowed);
  });
});
