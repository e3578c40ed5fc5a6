import type { Action, Journey } from './support/scenario';
import { inDays } from './support/dates';

// Journeys of issue 4 as data: each step names the page and what the tenant does there.
// Test personas (DECISIONS.md): last name 'Abgelehnt' -> declined, 'Pruefung' -> pending.

export const tenant = (
  p: 'firstTenant' | 'secondTenant',
  lastName: string,
  email: string,
): Action[] => [
  { choose: `${p}.gender`, value: 'm' },
  { fill: `${p}.firstName`, value: 'Max' },
  { fill: `${p}.lastName`, value: lastName },
  { fill: `${p}.birthdayDate`, value: '15.04.1988' },
  { fill: `${p}.address.street`, value: 'Hauptstraße' },
  { fill: `${p}.address.number`, value: '12a' },
  { fill: `${p}.address.zip`, value: '10115' },
  { fill: `${p}.address.city`, value: 'Berlin' },
  { fill: `${p}.email`, value: email },
  { fill: `${p}.emailRepeat`, value: email },
  { fill: `${p}.phone`, value: '03012345678' },
  { check: `${p}.isCreditCheckApproved` },
];

export const landlordPerson: Action[] = [
  { choose: 'landlord.formOfAddress', value: 'f' },
  { fill: 'landlord.firstName', value: 'Erika' },
  { fill: 'landlord.lastName', value: 'Vermieter' },
  { fill: 'landlord.address.street', value: 'Schlossallee' },
  { fill: 'landlord.address.number', value: '1' },
  { fill: 'landlord.address.zip', value: '80331' },
  { fill: 'landlord.address.city', value: 'München' },
];

export const objectNew: Action[] = [
  { fill: 'object.address.street', value: 'Gartenweg' },
  { fill: 'object.address.number', value: '7' },
  { fill: 'object.address.zip', value: '20095' },
  { fill: 'object.address.city', value: 'Hamburg' },
  { fill: 'object.contractSignDate', value: inDays(10) },
  { fill: 'object.moveInDate', value: inDays(15) },
  { fill: 'object.coldRent', value: '800' },
  { choose: 'object.isContractLimited', value: 'false' },
  { choose: 'object.isContractTerminated', value: 'false' },
  { choose: 'object.hasPreinsurance', value: 'false' },
  { choose: 'object.hasPredamage', value: 'false' },
];

const acceptAll: Action[] = [
  { check: 'objective.conditionsAccepted' },
  { check: 'objective.privacyPolicyAccepted' },
];

export const newContractDigital: Journey = {
  name: 'new contract, one tenant, digital delivery',
  start: '/',
  steps: [
    {
      at: '/start',
      do: [
        { fill: 'objective.deposit', value: '1500' },
        { choose: 'objective.target', value: 'newContract' },
      ],
    },
    { at: '/uce' },
    { at: '/tenant', do: tenant('firstTenant', 'Mustermann', 'max@example.org') },
    { at: '/landlord', do: landlordPerson },
    { at: '/object', do: objectNew },
    {
      at: '/payment',
      do: [
        { choose: 'objective.deliverTo', value: 'digital' },
        { choose: 'objective.paymentConditions', value: '12' },
        { choose: 'bankAccount.accountOwner', value: 'firstTenant' },
        { fill: 'bankAccount.iban', value: 'DE89 3704 0044 0532 0130 00' },
        { fill: 'objective.policyStartDate', value: inDays(5) },
        { captcha: true },
      ],
    },
    { at: '/selling', do: [{ check: 'selling.keyFinder' }] },
    { at: '/check', do: acceptAll, forwardLabel: 'Kostenpflichtig abschliessen' },
  ],
  end: { at: '/callback/danke' },
};

export const journeys: Journey[] = [newContractDigital];
