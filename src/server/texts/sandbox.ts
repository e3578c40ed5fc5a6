// The German texts that mark what a partner's sandbox key made (ADR 1130): documents, the test
// seal and the landlord's verification answer. A specimen must never pass for a guarantee.

export const sandboxTexts = {
  /** On every page of every sandbox PDF (pdftotext finds it page by page). */
  mark: 'MUSTER – keine Bürgschaft',
  /** The band at the top of every page, after the mark. */
  band: 'Testdokument der Sandbox, ohne rechtliche Wirkung',
  /** The first paragraph under the title, for readers that skip page artifacts. */
  notice:
    'MUSTER – keine Bürgschaft. Dieses Dokument wurde mit einem Sandbox-Schlüssel zu Testzwecken erzeugt. Es ist keine Bürgschaft, kein Versicherungsschein und keine Zusage; niemand kann daraus Rechte herleiten.',
  /** Replaces "ohne Unterschrift gültig" on sandbox documents. */
  sealNote:
    'Dieses Muster trägt nur das Testsiegel der Sandbox und ist ungültig. Echte Dokumente tragen das Siegel des Bürgen.',
  /** The organisation of the self-made test seal certificate (its CN adds "– elektronisches Siegel"). */
  sealOrganisation: (operator: string) => `Testsiegel MUSTER (Sandbox) – ${operator}`,
  /** The seal's reason field, as a PDF reader shows it in the signature panel. */
  sealReason: (title: string) => `MUSTER – keine Bürgschaft (${title})`,
  /** The signer name of the test seal. */
  sealSigner: 'Testsiegel der Sandbox – keine Bürgschaft',
} as const;
