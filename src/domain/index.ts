// The public API of the domain: the rule book shared by the browser and the server.

// model
export { formModelSchema, addressSchema, tenantSchema } from './model/schema';
export {
  targetValues,
  deliverToValues,
  paymentConditionValues,
  genderValues,
  formOfAddressValues,
  accountOwnerValues,
  preinsuranceQuitByValues,
} from './model/schema';
export type {
  FormModel,
  Address,
  Tenant,
  Target,
  DeliverTo,
  PaymentConditions,
  DeepPartial,
} from './model/schema';
export { defaultFormModel } from './model/defaults';
export type { FieldPath, FieldValue, FieldKind } from './model/paths';
export { fieldPaths, fieldKinds, isFieldPath, getField, setField } from './model/paths';

// dates
export {
  todayInBerlin,
  germanToIso,
  isoToGerman,
  normalizeGermanDate,
  addDays,
  addYears,
} from './dates';

// flow
export type { StepId, StepDefinition } from './flow/steps';
export {
  steps,
  stepIds,
  isStepId,
  stepByRoute,
  finalNavLabel,
  startFields,
  objectFields,
  sellingFields,
  extraQuestionFields,
} from './flow/steps';
export type { AppConfig } from './flow/config';
export { defaultAppConfig, defaultStepList, isReservationValue } from './flow/config';
export type { StepListOptions, NavItem } from './flow/navigation';
export {
  stepList,
  forwardLabel,
  backLabel,
  navItems,
  nextStep,
  forwardTarget,
  previousStep,
  isLastStep,
  canJumpTo,
  resolveStep,
  finalButtonLabel,
  reservationButtonLabel,
} from './flow/navigation';
export { activeMask, activeMaskOf } from './flow/activeMask';
export type { AttributionPath } from './flow/attribution';
export {
  attributionPaths,
  attributionOf,
  isAttributionPath,
  savePaths,
  refusedAttributionPaths,
  clearedAttribution,
} from './flow/attribution';
export type { OrderState, PollDecision } from './flow/orderStatus';
export { orderStates, pollDecision } from './flow/orderStatus';

// rules
export type { RuleContext } from './rules/context';
export type { ErrorCode } from './rules/codes';
export { errorCodes } from './rules/codes';
export type { FieldErrors } from './rules/validate';
export {
  validateStep,
  validateSteps,
  validateFields,
  hasErrors,
  isBlockingExclusion,
} from './rules/validate';
export { checkField, fieldRules, isEmpty, normalizeIban } from './rules/fieldRules';
export { maxLengths } from './rules/maxLengths';
export {
  hasForbiddenCharacters,
  multiLineFields,
  withoutForbiddenCharacters,
} from './rules/characters';
export { defaultMaxLength, unstorableValues } from './rules/storable';
export * as limits from './rules/limits';
export { allowedIbanCountries } from './rules/limits';

// messages
export { de, fieldMessage, fieldLabel, errorKeyMessage, errorKeysMessages } from './messages/de';
export { formatEuro } from './messages/ui';

// tariff
export type { Tariff, Rate, RatesResponse } from './tariff/rates';
export {
  rates,
  defaultTariff,
  yearlyPremiumCents,
  frequencyWords,
  frequencyNames,
} from './tariff/rates';

// countries (the full list is a separate module so bundlers can leave it out of the first step)
export type { Country } from './countries/list';
export { countries, countryByCode } from './countries/list';
export { countryCodes, isCountryCode } from './countries/codes';

// wire
export type { WireFormat } from './wire/format';
export { newApiWire, oldApiWire, reconfiguredApiWire, wireFormats, wireFor } from './wire/formats';
export type { WireFieldError, ParsedServerErrors } from './wire/errors';
export { encodeFieldErrors, parseServerErrors } from './wire/errors';
export { parsePrefill, sanitizeModel } from './wire/prefill';
export { mergeModel } from './wire/partial';
export { parseAmount, parseBool } from './wire/values';
export * from './contracts/index';
export * from './messages/contracts';
export type { RequestExtras } from './wire/partner';
export {
  requestExtras,
  readRequestExtras,
  assertConsents,
  consentsOfTerms,
  partnerDefaults,
} from './wire/partner';
export { dottedKey } from './wire/format';
export type { PartnerApiErrorCode } from './messages/partnerApi';
export { partnerApiErrors, partnerApiWarnings } from './messages/partnerApi';
