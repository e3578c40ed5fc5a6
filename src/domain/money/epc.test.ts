import { expect, test } from 'vitest';
import { epcPayload } from './epc';

test('EPC069-12 payload, version 002 without BIC', () =>
  expect(
    epcPayload({
      name: 'Beispiel Kaution GmbH',
      iban: 'DE02 1203 0000 0000 2020 51',
      amountCents: 1005,
      reference: 'MK-2026-000001',
    }),
  ).toBe(
    'BCD\n002\n1\nSCT\n\nBeispiel Kaution GmbH\nDE02120300000000202051\nEUR10.05\n\n\nMK-2026-000001',
  ));
test.each([0, -1, 0.5])('amount %s is refused', (amountCents) =>
  expect(() =>
    epcPayload({ name: 'x', iban: 'DE02120300000000202051', amountCents, reference: 'r' }),
  ).toThrow(RangeError),
);
