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

const payment = (extra: Action[]): Action[] => [
  { choose: 'objective.paymentConditions', value: '12' },
  { fill: 'objective.policyStartDate', value: inDays(5) },
  ...extra,
  { captcha: true },
];

export const twoTenantsPostal: Journey = {
  name: 'two tenants, postal delivery, account number and bank code',
  start: '/start',
  steps: [
    {
      at: '/start',
      do: [
        { fill: 'objective.deposit', value: '8000' },
        { choose: 'objective.target', value: 'newContract' },
      ],
    },
    { at: '/uce' },
    {
      at: '/tenant',
      do: [
        ...tenant('firstTenant', 'Mustermann', 'max@example.org'),
        { click: 'Zweiten Mieter hinzufügen' },
        ...tenant('secondTenant', 'Beispiel', 'eva@example.org'),
      ],
    },
    { at: '/landlord', do: landlordPerson },
    { at: '/object', do: [...objectNew, { fill: 'object.coldRent', value: '2800' }] },
    {
      at: '/payment',
      do: payment([
        { choose: 'objective.deliverTo', value: 'legalAddress' },
        { choose: 'bankAccount.accountOwner', value: 'secondTenant' },
        { uncheck: 'bankAccount.useIban' },
        { fill: 'bankAccount.accountNumber', value: '532013000' },
        { fill: 'bankAccount.bankCode', value: '37040044' },
        { filled: 'bankAccount.bankName' },
      ]),
    },
    { at: '/selling', do: [{ check: 'selling.mailForwarding' }] },
    { at: '/check', do: [...acceptAll, { check: 'objective.shippingNotesAccepted' }] },
  ],
  end: { at: '/callback/danke' },
};

export const existingContract: Journey = {
  name: 'existing contract (retrieve deposit)',
  start: '/start',
  steps: [
    {
      at: '/start',
      do: [
        { fill: 'objective.deposit', value: '2.400,00' },
        { choose: 'objective.target', value: 'retrieveDeposit' },
      ],
    },
    { at: '/uce' },
    { at: '/tenant', do: tenant('firstTenant', 'Altmieter', 'alt@example.org') },
    { at: '/landlord', do: landlordPerson },
    {
      at: '/object',
      do: [
        ...objectNew.filter((a) => !('fill' in a && /Date$/.test(a.fill))),
        { fill: 'object.contractSignDate', value: '01.03.2020' },
        { fill: 'object.moveInDate', value: '01.04.2020' },
        { choose: 'object.isRentPaidUnpunctual', value: 'false' },
        { choose: 'object.isDepositPaidCompletely', value: 'true' },
        { choose: 'object.isDepositConsumed', value: 'false' },
        { choose: 'object.isObjectDamaged', value: 'false' },
      ],
    },
    {
      at: '/payment',
      do: payment([
        { choose: 'objective.deliverTo', value: 'digital' },
        { choose: 'bankAccount.accountOwner', value: 'firstTenant' },
        { fill: 'bankAccount.iban', value: 'DE89370400440532013000' },
      ]),
    },
    { at: '/selling' },
    { at: '/check', do: acceptAll },
  ],
  end: { at: '/callback/danke' },
};

export const reservation: Journey = {
  name: 'reservation',
  start: '/start?reservation=true',
  steps: [
    {
      at: '/start',
      do: [
        { fill: 'objective.deposit', value: '1200' },
        { choose: 'objective.target', value: 'newContract' },
      ],
    },
    {
      at: '/tenant',
      do: [
        ...tenant('firstTenant', 'Reserviert', 'res@example.org'),
        { check: 'objective.privacyPolicyAccepted' },
        { captcha: true },
      ],
      forwardLabel: 'Reservierung absenden',
    },
  ],
  end: { at: '/callback/sofortzusage' },
};

export const partnerLink: Journey = {
  name: 'partner link with vm_id and uvm_id',
  // Codes of content/partners/examples.csv: an unknown code would be refused (ADR 0700).
  start: '/start?vm_id=IMMO1&uvm_id=B-BERLIN',
  steps: [
    {
      at: '/start',
      do: [
        { fill: 'objective.deposit', value: '900' },
        { choose: 'objective.target', value: 'newContract' },
      ],
    },
  ],
  // uce is not in the list when both codes are known: forward leads straight to the tenant.
  end: { at: '/tenant' },
};

/** The partner link with both codes, on to an accepted contract (uce is not in the list). */
export const partnerLinkToContract: Journey = {
  name: 'partner link with vm_id and uvm_id, to an accepted contract',
  start: '/start?vm_id=IMMO1&uvm_id=B-BERLIN',
  steps: newContractDigital.steps.filter((s) => s.at !== '/uce'),
  end: { at: '/callback/danke' },
};

/**
 * vm_id alone: the lookup returns the partner's sub-partners and sends the tenant to /uce, where
 * they choose the branch; 'Weiter zum Start' leads to the deposit, then on to the tenant (ADR 0835).
 */
export const partnerCodeOnlyToContract: Journey = {
  name: 'partner link with vm_id alone, to an accepted contract',
  start: '/start?vm_id=IMMO1',
  steps: [
    {
      at: '/uce',
      do: [{ choose: 'uce.subPartnerCode', value: 'B-HAMBURG' }],
      forwardLabel: 'Weiter zum Start',
    },
    ...newContractDigital.steps.filter((s) => s.at === '/start'),
    ...newContractDigital.steps.filter((s) => s.at !== '/start' && s.at !== '/uce'),
  ],
  end: { at: '/callback/danke' },
};

export const journeys: Journey[] = [
  newContractDigital,
  twoTenantsPostal,
  existingContract,
  reservation,
  partnerLink,
];
