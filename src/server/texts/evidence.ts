// The German sentences of the evidence routes (issue 26 item 2, ADR 1250) that are not about a
// single file: links and upload grants. Refusals of a file are in src/domain/messages/evidence.ts.

export const evidenceApiTexts = {
  link_invalid:
    'Dieser Link zu einem Nachweis ist ungültig. Bitte öffnen Sie den Nachweis erneut über die Seite, auf der Sie ihn gefunden haben.',
  link_expired:
    'Dieser Link zu einem Nachweis ist abgelaufen. Links zu Nachweisen gelten aus Sicherheitsgründen nur kurz; bitte öffnen Sie den Nachweis erneut über die Seite, auf der Sie ihn gefunden haben.',
  gone: 'Dieser Nachweis ist nicht mehr vorhanden.',
  upload_invalid:
    'Dieser Link zum Hochladen ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  upload_expired:
    'Die Zeit zum Hochladen ist abgelaufen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  not_multipart: 'Bitte senden Sie die Dateien als Formular mit Dateien (multipart/form-data).',
  no_files: 'Bitte wählen Sie mindestens eine Datei aus.',
} as const;
