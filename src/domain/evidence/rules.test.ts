import { describe, expect, it } from 'vitest';
import { evidenceTexts } from '../messages/evidence';
import {
  countRefusal,
  defaultEvidenceLimits,
  evidenceAccept,
  evidenceErrorCodes,
  isEvidenceMime,
  sizeRefusal,
} from './rules';

describe('evidence rules', () => {
  it('accepts exactly PDF, JPEG and PNG', () => {
    expect(['application/pdf', 'image/jpeg', 'image/png'].every(isEvidenceMime)).toBe(true);
    for (const other of ['image/gif', 'image/svg+xml', 'application/x-msdownload', 'text/html', ''])
      expect(isEvidenceMime(other)).toBe(false);
    expect(isEvidenceMime(undefined)).toBe(false);
    expect(evidenceAccept).toBe('application/pdf,image/jpeg,image/png,.pdf,.jpg,.png,.jpeg');
  });

  it('refuses a size over the limit and a count over the limit, at the limit not', () => {
    const limits = defaultEvidenceLimits;
    expect(sizeRefusal(10 * 1024 * 1024, limits)).toBeUndefined();
    expect(sizeRefusal(10 * 1024 * 1024 + 1, limits)).toBe('evidence_too_large');
    expect(countRefusal(8, 2, limits)).toBeUndefined();
    expect(countRefusal(9, 2, limits)).toBe('evidence_too_many');
  });

  it('has a German sentence for every refusal, with the file name and the limits', () => {
    const limits = { maxFileBytes: 5 * 1024 * 1024 + 512 * 1024, maxFiles: 4 };
    const sentences = evidenceErrorCodes.map((code) => evidenceTexts.errors[code]('a.jpg', limits));
    expect(sentences).toEqual([
      'Die Datei „a.jpg“ ist keine PDF, JPEG oder PNG-Datei. Bitte laden Sie nur Dokumente als PDF und Fotos als JPEG oder PNG hoch.',
      'Die Datei „a.jpg“ ist zu groß. Jede Datei darf höchstens 5,5 MB groß sein.',
      'Es sind höchstens 4 Dateien möglich. Bitte wählen Sie weniger Dateien aus.',
      'Die Datei „a.jpg“ lässt sich nicht lesen. Bitte prüfen Sie die Datei und laden Sie sie erneut hoch.',
    ]);
    expect(evidenceTexts.hint(defaultEvidenceLimits)).toBe(
      'PDF, JPEG oder PNG, je Datei höchstens 10 MB, insgesamt höchstens 10 Dateien. Standortdaten und andere Angaben in Fotos entfernen wir beim Hochladen.',
    );
  });
});
