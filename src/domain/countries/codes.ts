// Only the two-letter codes (small): the nationality rule needs them on the first steps, the full
// list with names (countries/list.ts) is loaded where the select is shown.
import codes from 'i18n-iso-countries/codes.json';

/** Every ISO 3166-1 alpha-2 code of i18n-iso-countries (including Kosovo XK). */
const build = (): ReadonlySet<string> =>
  new Set((codes as string[][]).map((row) => row[0] as string));
export const countryCodes: ReadonlySet<string> = /* @__PURE__ */ build();

export const isCountryCode = (value: string): boolean => countryCodes.has(value);
