import { bool, chosenText, date, oneOf, text } from './defs';
import { postcodeLength } from '../rules/patterns';
import { genderValues } from './values';

// Groups the model holds more than once. Each returns a plain object literal, so every field
// keeps its exact type (no cast): a field added here appears in every group that uses it.

/** An address; `wireGroup` is its group on the new API (rentalObject, landlord, firstTenant...). */
export const addressFields = (wireGroup: string) => ({
  street: text({ label: 'Straße', max: 60, wire: `${wireGroup}[address][street]` }),
  number: text({ label: 'Hausnummer', max: 25, wire: `${wireGroup}[address][streetNumber]` }),
  zip: text({
    label: 'PLZ',
    max: postcodeLength,
    input: { digits: postcodeLength },
    wire: `${wireGroup}[address][zip]`,
  }),
  city: text({ label: 'Ort', max: 50, wire: `${wireGroup}[address][city]` }),
});

/**
 * A tenant. The new API's groups are named as partners' systems send them (firstTenant,
 * secondTenant); tenant and coTenant are read as aliases (wire/formats.ts).
 */
export const tenantFields = (group: 'firstTenant' | 'secondTenant') => {
  const wire = (name: string) => `${group}[${name}]`;
  return {
    gender: oneOf(genderValues, {
      label: 'Anrede',
      wire: wire('gender'),
      newValues: { m: 'male', f: 'female' },
    }),
    firstName: text({ label: 'Vorname', max: 30, wire: wire('firstName') }),
    lastName: text({ label: 'Nachname', max: 30, wire: wire('name') }),
    birthdayDate: date({ label: 'Geburtsdatum (TT.MM.JJJJ)', wire: wire('dateOfBirth') }),
    nationality: chosenText('countries', { label: 'Nationalität', wire: wire('nationality') }),
    email: text({
      label: 'E-Mail-Adresse',
      max: 255,
      input: 'email',
      prefill: false,
      wire: wire('email'),
    }),
    /** Repeated e-mail (spec §5 "e-mail repeat mismatch"); never stored beyond the step. */
    emailRepeat: text({
      label: 'E-Mail-Adresse wiederholen',
      max: 255,
      input: 'email',
      prefill: false,
      wire: wire('emailConfirmation'),
    }),
    phone: text({ label: 'Telefonnummer', max: 22, input: 'tel', wire: wire('phone') }),
    isCreditCheckApproved: bool({
      label:
        'Ich willige in die Bonitätsprüfung bei einer Auskunftei ein. Die Einwilligung kann ich jederzeit widerrufen.',
      consent: true,
      wire: wire('creditCheckAccepted'),
    }),
    id: text({
      label: 'Kennung',
      optional: true,
      notShown: 'set by the server, never sent',
      api: false,
      wire: wire('id'),
    }),
    address: addressFields(group),
  };
};
