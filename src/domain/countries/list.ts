// The country reference list of spec §3, built from i18n-iso-countries (not typed by hand).
import codes from 'i18n-iso-countries/codes.json';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';

export interface Country {
  /** Numeric ISO 3166-1 code as a string without leading zeros ('276' for Germany); Kosovo '1001'. */
  isoId: string;
  /** ISO 3166-1 alpha-2 code, the value stored in the model ('DE'). */
  countryCode: string;
  /** English and (when different) German name separated by a space, for search. */
  altName: string;
  /** German name for display. */
  label: string;
}

/** Kosovo has no ISO numeric code; partners' systems use 1001. */
const isoIdOverrides: Record<string, string> = { XK: '1001' };

const first = (name: string | string[] | undefined): string =>
  (Array.isArray(name) ? name[0] : name) ?? '';

function build(): Country[] {
  const deNames = de.countries as Record<string, string | string[]>;
  const enNames = en.countries as Record<string, string | string[]>;
  return (codes as string[][])
    .map(([alpha2 = '', , numeric = '']) => {
      const english = first(enNames[alpha2]);
      const german = first(deNames[alpha2]) || english;
      return {
        isoId: isoIdOverrides[alpha2] ?? String(Number(numeric)),
        countryCode: alpha2,
        altName: german === english ? english : `${english} ${german}`,
        label: german,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'de'));
}

/** About 250 countries sorted by German name. */
export const countries: Country[] = /* @__PURE__ */ build();

export const countryByCode = (code: string): Country | undefined =>
  countries.find((c) => c.countryCode === code);
