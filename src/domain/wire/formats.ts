import { mapFields, pickFields } from '../fields/fields';
import type { WireFormat } from './format';
import { makeWire } from './format';

// The name and value tables of the three formats, derived from the field registry
// (fields/registry.ts); only the rules for whole key prefixes (aliases, case) are written here.

/** Old API: the model path nested under tenancy_retail, e.g. tenancy_retail[objective][deposit]. */
const oldNames = mapFields((_def, path) => `tenancy_retail[${path.split('.').join('][')}]`);

/** The new API's names; the reconfigured one differs for the extra questions and the digital box. */
const newNames = (api: 'new' | 'reconfigured') =>
  mapFields((def) => (typeof def.wire === 'string' ? def.wire : def.wire[api]));

/** model value -> new API value, for the choices spelled differently there. */
const newEnums = pickFields((def) => (def.kind === 'enum' ? def.newValues : undefined));

/** Earlier names of the new API, still read: tenant/coTenant groups and owner values. */
const newAliases = [
  ['tenant[', 'firstTenant['],
  ['coTenant[', 'secondTenant['],
] as const;
const newEnumAliases = pickFields((def) =>
  def.kind === 'enum' && def.newValueAliases
    ? Object.fromEntries(Object.entries(def.newValueAliases).map(([w, v]) => [w, String(v)]))
    : undefined,
);
/** Extras are matched regardless of case (selling[mieterengel] is selling[mieterEngel]). */
const newCaseInsensitive = ['selling['];

/** Old API: tenancy_retail[...] keys, booleans 1/0, decimal comma, dates TT.MM.JJJJ. */
export const oldApiWire: WireFormat = makeWire({
  name: 'old',
  names: oldNames,
  booleans: ['1', '0'],
  decimal: ',',
  dates: 'german',
  enums: {},
  envelopes: ['tenancy_retail'],
  caseInsensitive: ['tenancy_retail[selling]['],
});

/** The new API and its reconfigured variant: they differ only in names. */
const newWire = (api: 'new' | 'reconfigured'): WireFormat =>
  makeWire({
    name: api,
    names: newNames(api),
    booleans: ['true', 'false'],
    decimal: '.',
    dates: 'iso',
    enums: newEnums,
    envelopes: ['data', 'tenancy', 'payload'],
    aliases: newAliases,
    enumAliases: newEnumAliases,
    caseInsensitive: newCaseInsensitive,
  });

/** New API: names of spec §3, booleans 'true'/'false', decimal point, dates YYYY-MM-DD. */
export const newApiWire = newWire('new');

/** Reconfigured new API: like the new API; the extra questions travel under additionalQuestions. */
export const reconfiguredApiWire = newWire('reconfigured');

/** The wire format of a configuration. */
export const wireFor = (config: { apiGeneration: 'new' | 'old'; reconfigured: boolean }) =>
  config.apiGeneration === 'old'
    ? oldApiWire
    : config.reconfigured
      ? reconfiguredApiWire
      : newApiWire;
