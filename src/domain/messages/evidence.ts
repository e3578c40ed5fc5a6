// The German sentences about evidence files (issue 26 item 2): upload refusals, which the landlord's
// claim form and the tenant's answers show on the file field, and the labels of the accepted types.

import { evidenceTypes, type EvidenceErrorCode, type EvidenceLimits } from '../evidence/rules';

const megabytes = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 10485760 -> '10 MB' (binary megabytes, as file managers show them). */
const formatMegabytes = (bytes: number): string => `${megabytes.format(bytes / (1024 * 1024))} MB`;

/** 'PDF, JPEG oder PNG'. */
const typeList = (() => {
  const labels = Object.values(evidenceTypes).map((t) => t.label);
  return `${labels.slice(0, -1).join(', ')} oder ${labels[labels.length - 1]}`;
})();

export const evidenceTexts = {
  /** The sentence of each refusal; `file` is the name as the user sent it (shown, never trusted). */
  errors: {
    evidence_type: (file, _limits) =>
      `Die Datei „${file}“ ist keine ${typeList}-Datei. Bitte laden Sie nur Dokumente als PDF und Fotos als JPEG oder PNG hoch.`,
    evidence_too_large: (file, limits) =>
      `Die Datei „${file}“ ist zu groß. Jede Datei darf höchstens ${formatMegabytes(limits.maxFileBytes)} groß sein.`,
    evidence_too_many: (_file, limits) =>
      `Es sind höchstens ${limits.maxFiles} Dateien möglich. Bitte wählen Sie weniger Dateien aus.`,
    evidence_damaged: (file, _limits) =>
      `Die Datei „${file}“ lässt sich nicht lesen. Bitte prüfen Sie die Datei und laden Sie sie erneut hoch.`,
  } satisfies Record<EvidenceErrorCode, (file: string, limits: EvidenceLimits) => string>,
  /** A hint next to the file field. */
  hint: (limits: EvidenceLimits) =>
    `${typeList}, je Datei höchstens ${formatMegabytes(limits.maxFileBytes)}, insgesamt höchstens ${limits.maxFiles} Dateien. Standortdaten und andere Angaben in Fotos entfernen wir beim Hochladen.`,
};
