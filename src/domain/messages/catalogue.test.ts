import { describe, expect, test } from 'vitest';
import { fieldPaths } from '../model/paths';
import { fieldRules } from '../rules/fieldRules';
import { maxLengths } from '../rules/maxLengths';
import { errorCodes } from '../rules/codes';
import { steps, finalNavLabel } from '../flow/steps';
import { finalButtonLabel, reservationButtonLabel } from '../flow/navigation';
import { de, errorKeyMessage, errorKeysMessages, fieldMessage } from './de';

/** Every exact German string of the spec (and of DECISIONS.md) that a tenant can see. */
const specStrings = [
  'Später fortfahren',
  'Reservieren und später fortfahren',
  'Persönliche Daten ändern',
  'Mit dem Antrag fortfahren',
  'Ihre persönlichen Daten haben Sie bereits angegeben...',
  'Ihre Reservierung wird bearbeitet',
  'Ihr Vertrag wird bearbeitet (Dies kann bis zu 2 Minuten dauern)',
  'Meldung',
  'Dieses Feld darf nicht mehr als 5 Zeichen enthalten',
  'Dieses Feld darf nicht mehr als 22 Zeichen enthalten',
  'Dieses Feld darf nicht mehr als 25 Zeichen enthalten',
  'Dieses Feld darf nicht mehr als 30 Zeichen enthalten',
  'Dieses Feld darf nicht mehr als 34 Zeichen enthalten',
  'Dieses Feld darf nicht mehr als 50 Zeichen enthalten',
  'Dieses Feld darf nicht mehr als 60 Zeichen enthalten',
  'Dieses Feld darf nicht mehr als 255 Zeichen enthalten',
  'ist zu hoch. Erteilung einer Bürgschaft in dieser Höhe nicht möglich. Maximalhöhe: 50.000 €.',
  'Die angegebene Kautionssumme übersteigt die gesetzlich festgelegte Grenze von 3 Monatskaltmieten...',
  'Bitte wählen Sie eine Nationalität aus.',
  'Lösen Sie die Sicherheitsaufgabe',
  'Zustimmung erforderlich',
  'Versandhinweise müssen akzeptiert werden.',
  'ungültig',
  'PLZ muss 5 stellig sein',
  'ungültiges Format. Angabe im Format: 03012345 oder +493012345. Bitte ohne Leerzeichen.',
  'Es sind noch nicht alle Felder richtig ausgefüllt...',
  'Ein unbekannter Fehler ist aufgetreten, bitte versuchen Sie es später erneut.',
  'Leider ist Ihre Reservierung abgelaufen. Sie müssen eine neuen Antrag starten.',
  'Ihr Antrag wurde bereits verarbeitet, bitte prüfen Sie Ihren Email Posteingang.',
  'using fallback translations',
  'Die Antwort des Servers konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.',
  'Seite neu laden',
  'Für ein bereits gekündigtes Mietverhältnis können wir leider keine Bürgschaft übernehmen.',
  ...['Mieter', 'Vermieter', 'Mietobjekt', 'Zahlung', 'Bestätigen', 'Extras', 'FERTIG!'],
  ...[
    'Weiter zum Start',
    'Weiter',
    'Weiter zum Vermieter',
    'Weiter zum Mietobjekt',
    'Weiter zur Zahlung',
  ],
  ...[
    'Weiter zur Übersicht',
    'Weiter zu Extras',
    'Kostenpflichtig abschliessen',
    'Reservierung absenden',
  ],
  ...['Zurück zum Start', 'Zurück zum Mieter', 'Zurück zum Vermieter', 'Zurück zum Mietobjekt'],
  ...['Zurück zu Extras', 'Zurück zur Zahlung'],
];

/** Every string reachable from the catalogue and the flow (functions called with sample values). */
function allTexts(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'function') {
      const r = (v as (...a: unknown[]) => unknown)(5, 'X', 'Y');
      walk(r);
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(de);
  walk(steps);
  out.push(finalNavLabel, finalButtonLabel, reservationButtonLabel);
  for (const n of [22, 25, 30, 34, 50, 60, 255]) out.push(de.errors.maxLength(n));
  return out;
}

describe('catalogue contains the spec strings verbatim', () => {
  const texts = allTexts();
  test.each(specStrings)('%s', (s) => {
    expect(texts).toContain(s);
  });
});

describe('no raw code can reach a tenant', () => {
  const looksLikeCode = (s: string) =>
    /^[a-zA-Z]+$/.test(s) && (errorCodes as readonly string[]).includes(s);
  test.each(fieldPaths.filter((p) => fieldRules[p] || maxLengths[p]))(
    '%s: every code has German text',
    (path) => {
      for (const code of errorCodes) {
        const msg = fieldMessage(path, code);
        expect(msg.length).toBeGreaterThan(0);
        expect(looksLikeCode(msg)).toBe(false);
      }
    },
  );
  test('every code has a German fallback', () => {
    for (const code of errorCodes) expect(de.errors.byCode[code]).toMatch(/[a-zäöü]/);
  });
  test('every required field has its own required sentence (not the generic one)', () => {
    for (const [path, rule] of Object.entries(fieldRules)) {
      if (!rule.required) continue;
      expect(de.errors.byField[path]?.required, path).toBeTruthy();
    }
  });
  test('every field has a German label', () => {
    for (const p of fieldPaths) expect(de.fields[p], p).toMatch(/\S/);
  });
  test('max-length message names the field limit', () => {
    expect(fieldMessage('firstTenant.address.zip', 'maxLength')).toBe(
      'Dieses Feld darf nicht mehr als 5 Zeichen enthalten',
    );
    expect(fieldMessage('bankAccount.iban', 'maxLength')).toBe(
      'Dieses Feld darf nicht mehr als 34 Zeichen enthalten',
    );
    expect(new Set(Object.values(maxLengths))).toEqual(new Set([5, 22, 25, 30, 34, 50, 60, 255]));
  });
  test('deposit maxima', () => {
    expect(fieldMessage('objective.deposit', 'tooHighReconfigured')).toContain(
      'Maximalhöhe: 9.000 €.',
    );
    expect(fieldMessage('objective.deposit', 'tooLow')).toContain('400 €');
  });
});

describe('/error keys (spec §8)', () => {
  test.each([
    ['unknown', 'Ein unbekannter Fehler ist aufgetreten, bitte versuchen Sie es später erneut.'],
    [
      'reservation_expired',
      'Leider ist Ihre Reservierung abgelaufen. Sie müssen eine neuen Antrag starten.',
    ],
    [
      'ALREADY_SUBMITTED',
      'Ihr Antrag wurde bereits verarbeitet, bitte prüfen Sie Ihren Email Posteingang.',
    ],
    [
      'error.already_submitted',
      'Ihr Antrag wurde bereits verarbeitet, bitte prüfen Sie Ihren Email Posteingang.',
    ],
    [
      'no_such_key',
      'Ein unbekannter Fehler ist aufgetreten, bitte versuchen Sie es später erneut.',
    ],
    ['__proto__', 'Ein unbekannter Fehler ist aufgetreten, bitte versuchen Sie es später erneut.'],
  ])('%s', (key, msg) => expect(errorKeyMessage(key)).toBe(msg));
  test('days_to_keep_data_exceeded: privacy, no longer valid, customer service', () => {
    const m = errorKeyMessage('days_to_keep_data_exceeded');
    expect(m).toContain('Datenschutz');
    expect(m).toContain('nicht mehr gültig');
    expect(m).toContain('Kundenservice');
  });
  test('comma list', () => {
    expect(errorKeysMessages('reservation_expired, unknown,reservation_expired')).toHaveLength(2);
    expect(errorKeysMessages('')).toEqual([errorKeyMessage('unknown')]);
  });
  test('comma list: an override answers lowercase keys first, the catalogue backs it', () => {
    const override = (k: string) => (k === 'reservation_expired' ? 'anders' : undefined);
    expect(errorKeysMessages('Reservation_Expired,unknown', override)).toEqual([
      'anders',
      errorKeyMessage('unknown'),
    ]);
  });
});
