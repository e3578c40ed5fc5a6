import { describe, expect, it } from 'vitest';
import { withdrawalConfirmMail } from './contractTemplates';

describe('withdrawal confirmation mail (ADR 1116)', () => {
  const base = {
    salutation: { gender: 'f' as const, firstName: 'Erika', lastName: 'Müller' },
    contractNumber: 'MK-2026-000042',
    receivedAt: new Date('2026-03-16T21:59:30Z'),
    url: 'https://antrag.example/widerruf?confirm=abc',
    validDays: 14,
  };

  it('names the statement time, the link, its validity and that nothing happens without it', () => {
    const m = withdrawalConfirmMail({ ...base, possible: true });
    expect(m.subject).toBe('Bitte bestätigen Sie Ihren Widerruf – Vertrag MK-2026-000042');
    for (const sentence of [
      'Sehr geehrte Frau Müller,',
      'wir haben am 16.03.2026 um 22:59:30 Uhr (deutsche Zeit) über unsere Website eine Widerrufserklärung zu Ihrem Vertrag MK-2026-000042 erhalten.',
      'Für die Widerrufsfrist zählt der Zeitpunkt Ihrer Erklärung, nicht der Ihrer Bestätigung.',
      'Widerruf bestätigen:\nhttps://antrag.example/widerruf?confirm=abc',
      'Der Link gilt 14 Tage und nur einmal.',
      'Ihr Vertrag bleibt dann unverändert bestehen.',
    ])
      expect(m.text).toContain(sentence);
    expect(m.html).toContain('href="https://antrag.example/widerruf?confirm=abc"');
    expect(m.text).not.toContain('Widerrufsfrist für diesen Vertrag abgelaufen');
    // no details of the contract: no amount, no address
    expect(m.text).not.toMatch(/€|straße/i);
  });

  it('says when the period seems over or the contract ended', () => {
    const m = withdrawalConfirmMail({ ...base, possible: false });
    expect(m.text).toContain(
      'Nach unseren Unterlagen ist die Widerrufsfrist für diesen Vertrag abgelaufen oder der Vertrag bereits beendet.',
    );
  });
});
