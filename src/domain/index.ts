// The domain as the server imports it (the web imports module paths, to keep its chunks small).
// Only what is imported stands here: knip (npm run lint) reports a re-export nobody uses.

// model
export type { FormModel, PaymentConditions } from './model/schema';
export { defaultFormModel } from './model/defaults';
export type { FieldPath } from './model/paths';
export { fieldPaths, fieldKinds, isFieldPath, getField, setField, setFields } from './model/paths';
export { apiFieldPaths, helpTextPaths } from './fields/fields';

// dates
export { todayInBerlin, berlinTime, germanToIso, addDays } from './dates';

// flow
export type { StepId } from './flow/steps';
export { steps, stepIds, isStepId } from './flow/steps';
export type { AppConfig } from './flow/config';
export { defaultAppConfig, isReservationValue } from './flow/config';
export { stepList } from './flow/navigation';
export { activeMask } from './flow/activeMask';
export { attributionOf, clearedAttribution } from './flow/attribution';

// rules
export type { RuleContext } from './rules/context';
export type { FieldErrors } from './rules/validate';
export { validateSteps, validateFields, hasErrors } from './rules/validate';
export { checkField, normalizeIban } from './rules/fieldRules';
export { fieldPatterns } from './rules/baseRules';
export { maxLengths } from './rules/maxLengths';
export { withoutForbiddenCharacters } from './rules/characters';
export { unstorableValues } from './rules/storable';
export * as limits from './rules/limits';

// messages
export { de, fieldMessage, errorKeyMessage } from './messages/de';
export {
  formatEuro,
  formatCents,
  formatDate,
  formatDateTime,
  formatIsoDate,
} from './messages/format';

// tariff
export type { Tariff } from './tariff/rates';
export { rates, defaultTariff } from './tariff/rates';
// wire
export type { WireFormat } from './wire/format';
export { newApiWire, oldApiWire, reconfiguredApiWire } from './wire/formats';
export type { WireFieldError } from './wire/errors';
export { encodeFieldErrors } from './wire/errors';
export { parseAmount } from './wire/values';
export * from './contracts/index';
export * from './money/index';
export * from './messages/contracts';
export { cancellationRule } from './messages/cancellationRule';
export { deliveryTexts } from './messages/delivery';
export { requestExtras, readRequestExtras, assertConsents, partnerDefaults } from './wire/partner';
