// German answers of the back office's money routes (ADR 1226). The service errors
// (four eyes, already released, …) keep their texts in texts/money.ts.

import type { ImportReport } from '../money/imports';

export const moneyOpsTexts = {
  invalidId: 'Diesen Eintrag gibt es nicht.',
  emptyFile:
    'Bitte wählen Sie eine Bankdatei (camt.053, camt.054 oder pain.002) im XML-Format aus.',
  itemNotOpen: 'Diese Buchung ist nicht mehr offen.',
  importResult: (r: ImportReport) =>
    r.duplicate
      ? 'Diese Datei wurde schon eingelesen; es wurde nichts geändert.'
      : `${r.format ?? 'Bankdatei'} eingelesen: ${r.matched} ${r.matched === 1 ? 'Buchung' : 'Buchungen'} zugeordnet, ${r.unmatched} nicht zugeordnet${r.unmatched > 0 ? ' (siehe Liste unten)' : ''}.`,
  /** The dunning decision (ADR 1229) and disputes (ADR 1230). */
  instalmentCount: 'Bitte wählen Sie 2 bis 12 Raten.',
  taskNotOpen: 'Diese Entscheidung ist schon getroffen.',
  nothingOwed: 'Bei diesem Vertrag ist nichts offen.',
  contractUnknown: 'Einen Vertrag mit dieser Nummer gibt es nicht.',
  reasonRequired: 'Bitte geben Sie einen Grund an.',
  disputeNotOpen: 'Dieser Einwand ist schon erledigt.',
  handoverCsv: {
    filename: (day: string) => `inkasso-uebergaben-${day}.csv`,
    header: [
      'Vertragsnummer',
      'Vorname',
      'Nachname',
      'Straße und Hausnummer',
      'PLZ',
      'Ort',
      'E-Mail',
      'Betrag (EUR)',
      '1. Mahnung',
      '2. Mahnung',
      'Übergeben am',
    ],
  },
} as const;
