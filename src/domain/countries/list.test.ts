import { describe, expect, test } from 'vitest';
import { countries, countryByCode } from './list';
import { countryCodes, isCountryCode } from './codes';

describe('country reference list (i18n-iso-countries)', () => {
  test('about 250 entries, unique codes', () => {
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.length).toBeLessThanOrEqual(260);
    expect(new Set(countries.map((c) => c.countryCode)).size).toBe(countries.length);
  });
  test.each([
    ['DE', '276', 'Germany Deutschland'],
    ['AT', '40', 'Austria Österreich'],
    ['XK', '1001', 'Kosovo'],
    ['FR', '250', 'France Frankreich'],
  ])('%s: isoId %s, altName %s', (code, isoId, altName) => {
    expect(countryByCode(code)).toMatchObject({ countryCode: code, isoId, altName });
  });
  test('every entry is complete and the codes module agrees with the list', () => {
    for (const c of countries) {
      expect(c.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(c.isoId).toMatch(/^[1-9]\d*$/);
      expect(c.altName).toMatch(/\S/);
      expect(isCountryCode(c.countryCode)).toBe(true);
    }
    expect(countryCodes.size).toBe(countries.length);
  });
  test('sorted by German name', () => {
    expect(countries[0]?.label).toBe('Afghanistan');
  });
});
