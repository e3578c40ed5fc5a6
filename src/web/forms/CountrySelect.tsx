import { countries } from '../../domain/countries/list';
import type { ChoicePath } from '../../domain/fields/fields';
import { Select } from './bound';

/** Nationality from the domain's country list (the value is the two-letter code, default DE). */
const choices = countries.map((c) => ({ value: c.countryCode, label: c.label }));

export function CountrySelect({ path }: { path: ChoicePath }) {
  return <Select path={path} choices={choices} />;
}
