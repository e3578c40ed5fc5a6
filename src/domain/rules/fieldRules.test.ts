import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import type { FieldPath, FieldValue } from '../model/paths';
import { setField } from '../model/paths';
import type { FormModel } from '../model/schema';
import { todayInBerlin } from '../dates';
import { allowedIbanCountries } from './limits';
import { checkField } from './fieldRules';
import type { RuleContext } from './context';

// The clock is pinned: "today" is Sunday 15 March 2026 in Berlin.
const today = todayInBerlin(new Date('2026-03-15T10:00:00Z'));
const ctx: RuleContext = { today, reconfigured: false, reservation: false };
const reconf: RuleContext = { ...ctx, reconfigured: true };

type Patch = Partial<{ [P in FieldPath]: FieldValue<P> }>;
function model(patch: Patch = {}): FormModel {
  let m = defaultFormModel();
  for (const [p, v] of Object.entries(patch)) m = setField(m, p as FieldPath, v as never);
  return m;
}
/** Codes for one field with a value, on a model with other fields patched. */
function codes<P extends FieldPath>(path: P, value: FieldValue<P>, patch: Patch = {}, c = ctx) {
  return checkField(setField(model(patch), path, value), path, c);
}
type Row = [value: unknown, expected: string[], patch?: Patch, c?: RuleContext];
function table(path: FieldPath, rows: Row[]) {
  test.each(rows.map((r) => ({ value: r[0], expected: r[1], patch: r[2] ?? {}, c: r[3] ?? ctx })))(
    `${path} = $value -> $expected`,
    ({ value, expected, patch, c }) => {
      expect(codes(path, value as never, patch, c)).toEqual(expected);
    },
  );
}

describe('deposit (min 400, max 50,000; 9,000 reconfigured)', () => {
  table('objective.deposit', [
    [undefined, ['required']],
    [null, ['required']],
    [Number.NaN, ['invalidNumber']],
    [399, ['tooLow']],
    [399.99, ['tooLow']],
    [400, []],
    [50_000, []],
    [50_000.01, ['tooHigh']],
    [50_001, ['tooHigh']],
    [9_000, [], {}, reconf],
    [9_001, ['tooHighReconfigured'], {}, reconf],
  ]);
});

describe('cold rent and three monthly cold rents', () => {
  table('object.coldRent', [
    [undefined, ['required']],
    [0, ['tooLow']],
    [500, [], { 'objective.deposit': 1500 }],
    [500, ['aboveThreeColdRents'], { 'objective.deposit': 1500.01 }],
    [499.99, ['aboveThreeColdRents'], { 'objective.deposit': 1500 }],
    [100, [], {}],
  ]);
});

describe('contract sign date: before the move-in date and at most 30 days in the future', () => {
  table('object.contractSignDate', [
    ['', ['required']],
    ['2026-03-15', ['invalidDate']],
    ['31.02.2026', ['invalidDate']],
    // Issue 11: T.M.JJJJ and TTMMJJJJ are dates too (ADR 0801).
    ['1.3.2026', []],
    ['14042026', []],
    ['1.13.2026', ['invalidDate']],
    ['1.3.26', ['invalidDate']],
    ['14.04.2026', []], // today + 30
    ['15.04.2026', ['tooFarAhead']], // today + 31
    ['01.01.2020', []],
    ['10.04.2026', ['notBeforeMoveIn'], { 'object.moveInDate': '09.04.2026' }],
    // Spec §5 "before the move-in date": strictly before, the same day fails (ADR 0830).
    ['09.04.2026', ['notBeforeMoveIn'], { 'object.moveInDate': '09.04.2026' }],
    ['08.04.2026', [], { 'object.moveInDate': '09.04.2026' }],
  ]);
});

describe('Move-in date: after the contract date, at most 180 days ahead, past only when reconfigured', () => {
  table('object.moveInDate', [
    ['', ['required']],
    ['11.09.2026', []], // today + 180
    ['12.09.2026', ['tooFarAhead']], // today + 181
    ['15.03.2026', []],
    ['14.03.2026', ['inPast']],
    ['01.03.2026', [], {}, reconf], // today - 14
    ['28.02.2026', ['tooFarInPast'], {}, reconf], // today - 15
    ['01.01.2020', [], { 'objective.target': 'retrieveDeposit' }],
    ['01.04.2026', ['notAfterSignDate'], { 'object.contractSignDate': '02.04.2026' }],
    // Spec §5 "Move-in date: after the contract date": the same day fails (ADR 0830).
    ['02.04.2026', ['notAfterSignDate'], { 'object.contractSignDate': '02.04.2026' }],
    ['03.04.2026', [], { 'object.contractSignDate': '02.04.2026' }],
  ]);
});

describe('contract limit date: in the future', () => {
  table('object.contractLimitDate', [
    ['', ['required']],
    ['15.03.2026', ['notInFuture']],
    ['16.03.2026', []],
    ['xx.03.2026', ['invalidDate']],
  ]);
});

describe('birth date: TT.MM.JJJJ, from 01.01.1900, 18 at contract signing', () => {
  table('firstTenant.birthdayDate', [
    ['', ['required']],
    ['1990-01-01', ['invalidDate']],
    ['31.12.1899', ['tooEarly']],
    ['01.01.1900', []],
    ['15.03.2008', []], // exactly 18 today
    ['16.03.2008', ['underage']], // 18 tomorrow
    ['16.03.2008', [], { 'object.contractSignDate': '16.03.2026' }], // 18 at signing
    ['15.03.2008', ['underage'], { 'object.contractSignDate': '14.03.2026' }],
    ['29.02.2008', [], { 'object.contractSignDate': '01.03.2026' }],
    ['29.02.2008', ['underage'], { 'object.contractSignDate': '28.02.2026' }],
    ['01.01.2030', ['underage']],
  ]);
});

describe('policy start: not in the past, at most 60 days ahead, not after the rental start', () => {
  table('objective.policyStartDate', [
    ['', ['required']],
    ['14.03.2026', ['inPast']],
    ['15.03.2026', []],
    ['14.05.2026', []], // today + 60
    ['15.05.2026', ['tooFarAhead']], // today + 61
    [
      '02.04.2026',
      ['afterRentalStart'],
      { 'object.contractSignDate': '01.04.2026', 'objective.target': 'newContract' },
    ],
    [
      '01.04.2026',
      [],
      { 'object.contractSignDate': '01.04.2026', 'objective.target': 'newContract' },
    ],
    [
      '20.04.2026',
      [],
      { 'object.contractSignDate': '01.01.2026', 'objective.target': 'newContract' },
    ],
    [
      '20.04.2026',
      [],
      { 'object.contractSignDate': '01.04.2026', 'objective.target': 'retrieveDeposit' },
    ],
  ]);
});

describe('nationality against the country list', () => {
  table('firstTenant.nationality', [
    ['', ['required']],
    ['DE', []],
    ['XK', []],
    ['TR', []],
    ['de', ['unknownCountry']],
    ['Deutschland', ['unknownCountry']],
    ['ZZ', ['unknownCountry']],
  ]);
});

describe('address: zip 5 digits, house number, max lengths', () => {
  table('firstTenant.address.zip', [
    ['', ['required']],
    ['10115', []],
    ['01067', []],
    ['1011', ['invalid']],
    ['1011a', ['invalid']],
    ['101155', ['maxLength']],
  ]);
  table('object.address.number', [
    ['', ['required']],
    ['12', []],
    ['12a', []],
    ['12 a', []],
    ['12-14', []],
    ['12a/14b', []],
    ['a12', ['invalid']],
    ['zwölf', ['invalid']],
    ['1'.repeat(26), ['maxLength']],
  ]);
  table('landlord.address.street', [
    ['Hauptstraße', []],
    ['x'.repeat(60), []],
    ['x'.repeat(61), ['maxLength']],
  ]);
  table('firstTenant.address.city', [
    ['x'.repeat(50), []],
    ['x'.repeat(51), ['maxLength']],
  ]);
});

describe('names and other max lengths', () => {
  table('firstTenant.firstName', [
    ['', ['required']],
    ['   ', ['required']],
    ['x'.repeat(30), []],
    ['x'.repeat(31), ['maxLength']],
  ]);
  table('landlord.companyName', [
    ['x'.repeat(60), []],
    ['x'.repeat(61), ['maxLength']],
  ]);
  table('billing.partner_code', [
    ['', []],
    ['x'.repeat(25), []],
    ['x'.repeat(26), ['maxLength']],
  ]);
  table('object.predamageDetail', [
    ['x'.repeat(255), []],
    ['x'.repeat(256), ['maxLength']],
  ]);
});

describe('names and addresses hold only characters the documents can show', () => {
  table('firstTenant.lastName', [
    ['Wałęsa', []],
    ['Παπαδόπουλος', []],
    ['Петров', []],
    ['Nguyễn', []],
    ["O'Brien-Smith", []],
    ['Müller–Lüdenscheidt', []],
    ['محمد', ['unsupportedCharacters']],
    ['王', ['unsupportedCharacters']],
    ['Kohn 😀', ['unsupportedCharacters']],
  ]);
  table('secondTenant.firstName', [
    ['Łukasz', []],
    ['דוד', ['unsupportedCharacters']],
  ]);
  table('landlord.companyName', [
    ['Hausverwaltung Größe & Söhne GmbH', []],
    ['株式会社', ['unsupportedCharacters']],
  ]);
  table('landlord.companyNameAddition', [
    ['', []],
    ['c/o Αθήνα', []],
    ['ש', ['unsupportedCharacters']],
  ]);
  table('object.address.street', [
    ['Straße des 17. Juni', []],
    ['شارع', ['unsupportedCharacters']],
  ]);
  table('landlord.address.city', [
    ['Köln', []],
    ['東京', ['unsupportedCharacters']],
  ]);
});

describe('e-mail, repeated e-mail, phone', () => {
  table('firstTenant.email', [
    ['', ['required']],
    ['max@example.de', []],
    ['max.mustermann+x@sub.example.com', []],
    ['max@example', ['invalid']],
    ['max example@x.de', ['invalid']],
    ['@example.de', ['invalid']],
    [`${'x'.repeat(251)}@x.de`, ['maxLength']],
  ]);
  table('firstTenant.emailRepeat', [
    ['', ['required']],
    ['max@example.de', [], { 'firstTenant.email': 'max@example.de' }],
    ['Max@Example.de ', [], { 'firstTenant.email': 'max@example.de' }],
    ['moritz@example.de', ['mismatch'], { 'firstTenant.email': 'max@example.de' }],
  ]);
  table('firstTenant.phone', [
    ['', ['required']],
    ['03012345', []],
    ['+493012345', []],
    ['030 12345', ['invalid']],
    ['030-12345', ['invalid']],
    ['12345678', ['invalid']],
    ['+0301234', ['invalid']],
    ['0301', ['invalid']],
    ['0'.repeat(23), ['maxLength']],
  ]);
});

describe('IBAN with the allowed countries', () => {
  const examples: Record<string, string> = {
    DE: 'DE89370400440532013000',
    AT: 'AT611904300234573201',
    NL: 'NL91ABNA0417164300',
    GB: 'GB29NWBK60161331926819',
    CH: 'CH9300762011623852957',
  };
  table('bankAccount.iban', [
    ['', ['required']],
    [examples.DE, []],
    ['DE89 3704 0044 0532 0130 00', []],
    ['de89370400440532013000', []],
    ['DE89370400440532013001', ['invalid']],
    ['DE8937040044053201300', ['invalid']],
    ['keine iban', ['invalid']],
    [examples.AT, []],
    [examples.NL, []],
    [examples.GB, []],
    [examples.CH, []],
    ['US64SVBKUS6S3300958879', ['invalid']],
    ['TR330006100519786457841326', ['notAllowedCountry']],
    ['BR1800360305000010009795493C1', ['notAllowedCountry']],
    ['AE070331234567890123456', ['notAllowedCountry']],
    ['X'.repeat(35), ['maxLength']],
  ]);
  // One published example IBAN per allowed country (spec §9): each must pass.
  const allowedExamples = [
    'AT611904300234573201',
    'BE68539007547034',
    'BG80BNBG96611020345678',
    'CH9300762011623852957',
    'CY17002001280000001200527600',
    'CZ6508000000192000145399',
    'DE89370400440532013000',
    'DK5000400440116243',
    'EE382200221020145685',
    'ES9121000418450200051332',
    'FI2112345600000785',
    'FR1420041010050500013M02606',
    'GB29NWBK60161331926819',
    'GI75NWBK000000007099453',
    'GR1601101250000000012300695',
    'HR1210010051863000160',
    'HU42117730161111101800000000',
    'IE29AIBK93115212345678',
    'IS140159260076545510730339',
    'IT60X0542811101000000123456',
    'LI21088100002324013AA',
    'LT121000011101001000',
    'LU280019400644750000',
    'LV80BANK0000435195001',
    'MC5811222000010123456789030',
    'MT84MALT011000012345MTLCAST001S',
    'NL91ABNA0417164300',
    'NO9386011117947',
    'PL61109010140000071219812874',
    'PT50000201231234567890154',
    'RO49AAAA1B31007593840000',
    'SE4550000000058398257466',
    'SI56263300012039086',
    'SK3112000000198742637541',
    'SM86U0322509800000000270100',
  ];
  test('the examples cover exactly the allowed countries', () => {
    expect(allowedExamples.map((i) => i.slice(0, 2)).sort()).toEqual(
      [...allowedIbanCountries].sort(),
    );
  });
  test.each(allowedExamples)('allowed: %s', (iban) => {
    expect(codes('bankAccount.iban', iban)).toEqual([]);
  });
});

describe('account number and bank code (instead of the IBAN)', () => {
  table('bankAccount.accountNumber', [
    ['', ['required']],
    ['532013000', []],
    ['1234567890', []],
    ['12345678901', ['invalid']],
    ['12a', ['invalid']],
  ]);
  table('bankAccount.bankCode', [
    ['', ['required']],
    ['37040044', []],
    ['3704004', ['invalid']],
    ['370400440', ['invalid']],
  ]);
  table('bankAccount.accountOwner', [
    [undefined, ['required']],
    ['firstTenant', []],
    ['secondTenant', ['invalid']],
    ['secondTenant', [], { 'objective.useSecondTenant': true }],
  ]);
});

describe('delivery: digital only below 7,000', () => {
  table('objective.deliverTo', [
    [undefined, ['required']],
    ['digital', [], { 'objective.deposit': 6_999 }],
    ['digital', [], { 'objective.deposit': 6_999.99 }],
    ['digital', ['digitalNotAvailable'], { 'objective.deposit': 7_000 }],
    ['digital', ['digitalNotAvailable'], {}],
    ['objectAddresss', [], { 'objective.deposit': 7_000 }],
    ['landlordAddress', [], { 'objective.deposit': 20_000 }],
  ]);
});

describe('risk questions and the terminated contract', () => {
  table('object.isContractTerminated', [
    [undefined, ['required']],
    [null, ['required']],
    [false, []],
    [true, ['contractTerminated']],
  ]);
  table('object.isRentPaidUnpunctual', [
    [null, ['required']],
    [true, []],
    [false, []],
  ]);
});

describe('consents, captcha', () => {
  for (const p of [
    'objective.conditionsAccepted',
    'objective.privacyPolicyAccepted',
    'objective.shippingNotesAccepted',
    'firstTenant.isCreditCheckApproved',
  ] as const)
    table(p, [
      [undefined, ['required']],
      [false, ['required']],
      [true, []],
    ]);
  table('security.captchaResponseKey', [
    ['', ['required']],
    ['eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=', []],
  ]);
});
