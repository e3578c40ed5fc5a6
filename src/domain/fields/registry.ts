import type { FieldGroup } from './defs';
import { amount, bool, chosenText, date, oneOf, text } from './defs';
import { bankCodeLength } from '../rules/patterns';
import { addressFields, tenantFields } from './groups';
import {
  accountOwnerValues,
  deliverToValues,
  formOfAddressValues,
  paymentConditionValues,
  preinsuranceQuitByValues,
  targetValues,
} from './values';

/**
 * The extra questions (pre-insurance, pre-damage): asked with the rental object; the reconfigured
 * new API sends them under additionalQuestions.
 */
function extraQuestion(topic: 'preinsurance' | 'predamage', name: string) {
  return {
    new: `rentalObject[${topic}][${name}]`,
    reconfigured: `additionalQuestions[${topic}][${name}]`,
  };
}

/** An extra of the selling step: a box that may stay unticked. */
function extra(label: string, wireName: string) {
  return bool({ label, optional: true, wire: `selling[${wireName}]` });
}

/**
 * Every field of the form model (spec §3), once: kind, German label, max length, optional or
 * required, whether a step shows it, help, and its name and values on the new API (ADR 0308).
 * The model type and its zod schema, FieldPath, fieldKinds, maxLengths, fieldLabels, the required
 * part of the rule book, the wire tables (and so the OpenAPI body) and the docs tables are derived
 * from this object. Its order is the order of fieldPaths (docs tables, OpenAPI properties).
 * Which step shows a field, in which order, stays in flow/steps.ts; its checks in rules/.
 */
export const fieldRegistry = {
  billing: {
    partner_code: text({
      label: 'Partnercode (optional)',
      max: 25,
      optional: true,
      wire: 'partnerCode',
    }),
    hide_partner_code: bool({
      label: 'Partnercode ausblenden',
      optional: true,
      notShown: 'set by the link (vm_id) and by the server once a code is known',
      wire: 'hidePartnerCode',
    }),
  },
  objective: {
    deposit: amount({ label: 'Kautionshöhe in €', wire: 'rentalObject[rentalContract][deposit]' }),
    target: oneOf(targetValues, {
      label: 'Wofür benötigen Sie die Bürgschaft?',
      wire: 'rentalObject[rentalContract][isExisting]',
      newValues: { newContract: 'false', retrieveDeposit: 'true' },
    }),
    useSecondTenant: bool({
      label: 'Zweiten Mieter hinzufügen',
      optional: true,
      wire: 'hasCoTenant',
    }),
    deliverTo: oneOf(deliverToValues, {
      label: 'Wohin sollen wir die Bürgschaftsurkunde schicken?',
      wire: 'postalDestination',
      newValues: {
        objectAddresss: 'object_address',
        legalAddress: 'legal_address',
        landlordAddress: 'landlord_address',
        digital: 'digital',
      },
    }),
    useDigitalGuarantee: bool({
      label: 'Bürgschaftsurkunde digital per E-Mail erhalten',
      optional: true,
      wire: {
        new: 'digitalGuarantee',
        reconfigured: 'rentalObject[rentalContract][digitalGuarantee]',
      },
    }),
    paymentConditions: oneOf(paymentConditionValues, {
      label: 'Zahlungsweise',
      wire: 'bankAccount[paymentFrequency]',
      newValues: { 1: 'annually', 2: 'semi-annually', 4: 'quarterly', 12: 'monthly' },
    }),
    privacyPolicyAccepted: bool({
      label:
        'Ich habe die Datenschutzhinweise gelesen und bin mit der Verarbeitung meiner Daten einverstanden.',
      consent: true,
      wire: 'privacyPolicyAccepted',
    }),
    conditionsAccepted: bool({
      label:
        'Ich habe die Versicherungsbedingungen, die Verbraucherinformationen und die Widerrufsbelehrung erhalten und akzeptiere sie.',
      consent: true,
      wire: 'termsAccepted',
    }),
    /** Versandhinweise (posted guarantee): accepted on the check step when not digital. */
    shippingNotesAccepted: bool({
      label:
        'Ich habe die Versandhinweise gelesen: Die Urkunde wird nur innerhalb Deutschlands verschickt.',
      consent: true,
      wire: 'shippingNotesAccepted',
    }),
    policyStartDate: date({
      label: 'Gewünschter Beginn der Bürgschaft (TT.MM.JJJJ)',
      wire: 'policyStartDate',
    }),
  },
  object: {
    address: addressFields('rentalObject'),
    contractSignDate: date({
      label: 'Mietbeginn laut Mietvertrag (TT.MM.JJJJ)',
      wire: 'rentalObject[rentalContract][signedAt]',
    }),
    coldRent: amount({
      label: 'Kaltmiete pro Monat in €',
      wire: 'rentalObject[rentalContract][rent]',
    }),
    moveInDate: date({
      label: 'Einzugsdatum (TT.MM.JJJJ)',
      wire: 'rentalObject[rentalContract][movedInAt]',
    }),
    isContractLimited: bool({
      label: 'Ist der Mietvertrag befristet?',
      wire: 'rentalObject[rentalContract][isLimited]',
    }),
    contractLimitDate: date({
      label: 'Befristet bis (TT.MM.JJJJ)',
      wire: 'rentalObject[rentalContract][limitedUntil]',
    }),
    isContractTerminated: bool({
      label: 'Ist das Mietverhältnis bereits gekündigt?',
      wire: 'rentalObject[rentalContract][isTerminated]',
    }),
    isRentPaidUnpunctual: bool({
      label: 'Wurde die Miete in den letzten 12 Monaten unpünktlich gezahlt?',
      wire: 'rentalObject[history][rentPaidLate]',
    }),
    isDepositPaidCompletely: bool({
      label: 'Haben Sie die Mietkaution vollständig gezahlt?',
      wire: 'rentalObject[history][depositPaidCompletely]',
    }),
    isDepositConsumed: bool({
      label: 'Hat der Vermieter die Kaution ganz oder teilweise in Anspruch genommen?',
      wire: 'rentalObject[history][depositClaimed]',
    }),
    isObjectDamaged: bool({
      label: 'Gibt es Schäden an der Mietsache?',
      wire: 'rentalObject[history][objectDamaged]',
    }),
    hasPreinsurance: bool({
      label: 'Bestand bereits eine Mietkautionsbürgschaft für diese Wohnung?',
      wire: extraQuestion('preinsurance', 'exists'),
    }),
    preinsuranceCompany: text({
      label: 'Bisheriger Anbieter',
      max: 50,
      wire: extraQuestion('preinsurance', 'company'),
    }),
    preinsuranceId: text({
      label: 'Bisherige Vertragsnummer',
      max: 25,
      wire: extraQuestion('preinsurance', 'policyNumber'),
    }),
    preinsuranceQuitBy: oneOf(preinsuranceQuitByValues, {
      label: 'Wer hat die bisherige Bürgschaft gekündigt?',
      wire: extraQuestion('preinsurance', 'terminatedBy'),
    }),
    hasPredamage: bool({
      label: 'Sind Vorschäden an der Wohnung bekannt?',
      wire: extraQuestion('predamage', 'exists'),
    }),
    predamageDetail: text({
      label: 'Beschreibung der Vorschäden',
      max: 255,
      wire: extraQuestion('predamage', 'description'),
    }),
  },
  firstTenant: tenantFields('firstTenant'),
  secondTenant: tenantFields('secondTenant'),
  landlord: {
    formOfAddress: oneOf(formOfAddressValues, {
      label: 'Anrede des Vermieters',
      wire: 'landlord[gender]',
      newValues: { m: 'male', f: 'female', company: 'company' },
    }),
    // A company landlord: the person who acts for it (ADR 0833); a person landlord gives first
    // and last name instead.
    landlordName: text({
      label: 'Name des Vermieters (Ansprechpartner)',
      max: 60,
      wire: 'landlord[fullName]',
    }),
    firstName: text({ label: 'Vorname des Vermieters', max: 30, wire: 'landlord[firstName]' }),
    lastName: text({ label: 'Nachname des Vermieters', max: 30, wire: 'landlord[name]' }),
    companyName: text({ label: 'Firmenname', max: 60, wire: 'landlord[companyName]' }),
    companyNameAddition: text({
      label: 'Firmenzusatz (optional)',
      max: 60,
      optional: true,
      wire: 'landlord[companyNameAddition]',
    }),
    address: addressFields('landlord'),
    id: text({
      label: 'Kennung',
      optional: true,
      notShown: 'set by the server, never sent',
      api: false,
      wire: 'landlord[id]',
    }),
  },
  bankAccount: {
    useIban: bool({
      prefill: false,
      label: 'IBAN angeben (sonst Kontonummer und Bankleitzahl)',
      optional: true,
      wire: 'bankAccount[useIban]',
    }),
    accountOwner: oneOf(accountOwnerValues, {
      prefill: false,
      label: 'Kontoinhaber',
      wire: 'bankAccount[owner]',
      newValueAliases: { tenant: 'firstTenant', coTenant: 'secondTenant' },
    }),
    iban: text({ prefill: false, label: 'IBAN', max: 34, wire: 'bankAccount[iban]' }),
    accountNumber: text({
      prefill: false,
      label: 'Kontonummer',
      input: 'numeric',
      wire: 'bankAccount[accountNumber]',
    }),
    bankCode: text({
      prefill: false,
      label: 'Bankleitzahl',
      input: { digits: bankCodeLength },
      wire: 'bankAccount[bankCode]',
    }),
    bankName: text({ label: 'Name der Bank', max: 50, wire: 'bankAccount[bankName]' }),
  },
  security: {
    captchaResponseKey: text({
      prefill: false,
      label: 'Sicherheitsaufgabe',
      wire: 'captchaResponseKey',
    }),
    // The honeypot and the bot-check tokens travel with the captcha; nobody needs help for them.
    pb: text({
      prefill: false,
      label: 'Bitte leer lassen',
      optional: true,
      help: false,
      wire: 'pb',
    }),
    pbt: text({
      prefill: false,
      label: 'Bitte leer lassen',
      optional: true,
      help: false,
      noControl: 'part of the signed bot-check token CaptchaField fetches from GET /api/botcheck',
      wire: 'pbt',
    }),
    pbk: text({
      prefill: false,
      label: 'Bitte leer lassen',
      optional: true,
      help: false,
      noControl: 'part of the signed bot-check token CaptchaField fetches from GET /api/botcheck',
      wire: 'pbk',
    }),
  },
  formHandling: {
    forceToShowErrors: bool({
      prefill: false,
      label: 'Fehler anzeigen',
      optional: true,
      notShown: 'client state',
      api: false,
      wire: 'formHandling[forceToShowErrors]',
    }),
    contractState: text({
      prefill: false,
      label: 'Antragsstatus',
      optional: true,
      notShown: 'set by the server',
      wire: 'state',
    }),
    interactiveLock: bool({
      prefill: false,
      label: 'Gesperrt',
      optional: true,
      notShown: 'client state',
      api: false,
      wire: 'formHandling[interactiveLock]',
    }),
  },
  selling: {
    keySafeing: extra('Schlüsselnotdienst-Schutz', 'keySafeing'),
    keyFinder: extra('Schlüsselfundservice', 'keyFinder'),
    wechselpilot: extra('Energie-Wechselservice', 'wechselpilot'),
    mailForwarding: extra('Nachsendeservice (19,90 € einmalig für 6 Monate)', 'mailForwarding'),
    immoscout: extra('Umzugsangebote über ein Immobilienportal', 'immoscout'),
    immoscout_area: text({
      label: 'Wohnfläche in m²',
      max: 25,
      input: 'numeric',
      wire: 'selling[immoscoutArea]',
    }),
    preisboerse: extra('Telefonische Preisberatung', 'preisboerse'),
    preisboerse_time: chosenText('callbackTimes', {
      label: 'Gewünschtes Rückrufzeitfenster',
      max: 25,
      wire: 'selling[preisboerseTime]',
    }),
    selfStorage: extra('Selfstorage-Angebot', 'selfStorage'),
    movePackage: extra('Umzugspaket', 'movePackage'),
    MieterEngel: extra('Gutschein für Mieterrechtsberatung (MieterEngel)', 'mieterEngel'),
    MieterEngel_phone: text({
      label: 'Telefonnummer für den Mieteranwalt',
      max: 22,
      input: 'tel',
      wire: 'selling[mieterEngelPhone]',
    }),
  },
  uce: {
    subPartnerCode: chosenText('subPartners', {
      label: 'Code des Vermittlers (Unterpartner)',
      max: 25,
      optional: true,
      wire: 'subPartnerCode',
    }),
  },
} satisfies Record<string, FieldGroup>;

/** Labels of groups that are not fields (the fieldset legend of an address). */
export const groupLabels = {
  'object.address': 'Anschrift der Mietwohnung',
  'firstTenant.address': 'Aktuelle Anschrift',
  'secondTenant.address': 'Aktuelle Anschrift',
  'landlord.address': 'Anschrift des Vermieters',
} as const;
