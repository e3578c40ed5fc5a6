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
} as const;
