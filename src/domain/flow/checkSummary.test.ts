import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import type { FormModel } from '../model/schema';
import type { RuleContext } from '../rules/context';
import { summaryRows } from './checkSummary';
import type { StepId } from './steps';

const ctx: RuleContext = { today: '2026-03-15', reconfigured: false, reservation: false };
const rows = (m: FormModel, step: StepId) =>
  summaryRows(m, step, ctx).map((r) => `${r.label}: ${r.value}`);

function complete(): FormModel {
  const m = defaultFormModel();
  m.objective = {
    ...m.objective,
    deposit: 1500,
    target: 'newContract',
    deliverTo: 'digital',
    paymentConditions: 12,
    policyStartDate: '01.04.2026',
  };
  m.firstTenant = {
    ...m.firstTenant,
    gender: 'm',
    firstName: 'Max',
    lastName: 'Mustermann',
    birthdayDate: '15.04.1988',
    address: { street: 'Hauptstraße', number: '12a', zip: '10115', city: 'Berlin' },
    email: 'max@example.org',
    emailRepeat: 'max@example.org',
    phone: '03012345678',
    isCreditCheckApproved: true,
  };
  m.landlord = {
    formOfAddress: 'f',
    firstName: 'Erika',
    lastName: 'Vermieter',
    address: { street: 'Schlossallee', number: '1', zip: '80331', city: 'München' },
  };
  m.object = {
    ...m.object,
    address: { street: 'Gartenweg', number: '7', zip: '20095', city: 'Hamburg' },
    contractSignDate: '20.03.2026',
    moveInDate: '01.04.2026',
    coldRent: 800,
    isContractLimited: false,
    isContractTerminated: false,
    hasPreinsurance: false,
    hasPredamage: false,
  };
  m.bankAccount = {
    useIban: true,
    accountOwner: 'firstTenant',
    iban: 'DE89 3704 0044 0532 0130 00',
  };
  return m;
}

describe('check page rows: one per answer, nothing empty or unchosen (issue 27)', () => {
  test('tenant: name, address and consent in one row each; no e-mail repeat, no empty code', () => {
    expect(rows(complete(), 'tenant')).toEqual([
      'Name: Herr Max Mustermann',
      'Geburtsdatum: 15.04.1988',
      'Nationalität: Deutschland',
      'Anschrift: Hauptstraße 12a, 10115 Berlin',
      'E-Mail: max@example.org',
      'Telefon: 03012345678',
      'Bonitätsprüfung: eingewilligt',
    ]);
  });

  test('a second tenant: every row says whose it is', () => {
    const m = complete();
    m.objective.useSecondTenant = true;
    m.secondTenant = { ...m.firstTenant, gender: 'f', firstName: 'Eva', lastName: 'Beispiel' };
    const r = rows(m, 'tenant');
    expect(r).toContain('Name (Erster Mieter): Herr Max Mustermann');
    expect(r).toContain('Name (Zweiter Mieter): Frau Eva Beispiel');
    expect(r).toHaveLength(14);
  });

  test.each([
    [
      { formOfAddress: 'f', firstName: 'Erika', lastName: 'Vermieter' },
      'Vermieter: Frau Erika Vermieter',
    ],
    [
      { formOfAddress: 'company', companyName: 'Haus GmbH', companyNameAddition: 'Verwaltung' },
      'Vermieter: Haus GmbH, Verwaltung',
    ],
    [{ formOfAddress: 'company', companyName: 'Haus GmbH' }, 'Vermieter: Haus GmbH'],
  ] as const)('landlord %o', (landlord, expected) => {
    const m = complete();
    m.landlord = { ...landlord, address: m.landlord.address };
    expect(rows(m, 'landlord')).toEqual([expected, 'Anschrift: Schlossallee 1, 80331 München']);
  });

  test('object: the limit, pre-insurance and pre-damage details join their question', () => {
    const m = complete();
    expect(rows(m, 'object')).toEqual([
      'Anschrift: Gartenweg 7, 20095 Hamburg',
      'Mietbeginn: 20.03.2026',
      'Einzug: 01.04.2026',
      'Kaltmiete: 800,00 €',
      'Befristet: Nein',
      'Gekündigt: Nein',
      'Frühere Bürgschaft: Nein',
      'Vorschäden: Nein',
    ]);
    m.object = {
      ...m.object,
      isContractLimited: true,
      contractLimitDate: '31.12.2028',
      hasPreinsurance: true,
      preinsuranceCompany: 'Alt AG',
      preinsuranceId: 'K-1',
      preinsuranceQuitBy: 'tenant',
      hasPredamage: true,
      predamageDetail: 'Kratzer im Parkett',
    };
    const r = rows(m, 'object');
    expect(r).toContain('Befristet: Ja, bis 31.12.2028');
    expect(r).toContain('Frühere Bürgschaft: Ja: Alt AG, Nr. K-1, gekündigt von: Ich selbst');
    expect(r).toContain('Vorschäden: Ja: Kratzer im Parkett');
  });

  test('payment: IBAN or account number and bank code in one row', () => {
    const m = complete();
    expect(rows(m, 'payment')).toEqual([
      'Urkunde: digital per E-Mail (sofort)',
      'Zahlungsweise: monatlich',
      'Kontoinhaber: Max Mustermann (Erster Mieter)',
      'Konto: DE89 3704 0044 0532 0130 00',
      'Beginn: 01.04.2026',
    ]);
    m.bankAccount = {
      ...m.bankAccount,
      useIban: false,
      accountNumber: '532013000',
      bankCode: '37040044',
      bankName: 'Commerzbank',
    };
    expect(rows(m, 'payment')).toContain('Konto: Konto 532013000, BLZ 37040044 (Commerzbank)');
  });

  test('extras: only the chosen ones, with their detail', () => {
    const m = complete();
    expect(rows(m, 'selling')).toEqual([]);
    m.selling = {
      keyFinder: true,
      keySafeing: false,
      preisboerse: true,
      preisboerse_time: '08-11',
      MieterEngel: true,
      MieterEngel_phone: '03012345',
    };
    expect(rows(m, 'selling')).toEqual([
      'Schlüsselfundservice: gewählt',
      'Telefonische Preisberatung: 8:00 bis 11:00 Uhr',
      'Gutschein für Mieterrechtsberatung (MieterEngel): 03012345',
    ]);
  });

  test("the start step's digital wish is not read back once a delivery is chosen", () => {
    const m = complete();
    expect(rows(m, 'start')).toEqual(['Kaution: 1.500,00 €', 'Bürgschaft für: Neuer Mietvertrag']);
    m.objective.deliverTo = undefined;
    expect(rows(m, 'start')).toContain('Urkunde digital: Ja');
  });
});
