import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { cancellationRule, de } from '../../domain/index';
import { documentTexts } from './documents';
import { mailTexts } from './mails';

// ADR 0925: one wording of the cancellation rule. The PDFs, e-mails and pages are compared in
// e2e/after-sale.test.ts; this checks the sources that test cannot reach cheaply.
const legal = (name: string) =>
  readFileSync(new URL(`../../../content/legal/${name}.md`, import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  );

describe('the cancellation rule is worded once', () => {
  test('conditions § 7 names the landlord rule, § 8 the tenant rule', () => {
    const conditions = legal('versicherungsbedingungen');
    const s7 = conditions.slice(conditions.indexOf('§ 7'), conditions.indexOf('§ 8 '));
    const s8 = conditions.slice(conditions.indexOf('§ 8 '), conditions.indexOf('§ 9'));
    expect(s7).toContain(cancellationRule.landlord);
    expect(s8).toContain(cancellationRule.tenant);
  });
  test('the consumer information says both, and nothing that lets the tenant end it alone', () => {
    const info = legal('verbraucherinformationen');
    expect(info).toContain(cancellationRule.landlord);
    expect(info.split(cancellationRule.tenant).length - 1).toBe(2);
  });
  test.each([
    ['check step', de.ui.check.noMinimumTerm, cancellationRule.tenant],
    ['certificate', documentTexts.certificate.release.after, cancellationRule.landlord],
    ['cancellation e-mail', mailTexts.cancelled.rule, cancellationRule.effect],
  ])('%s', (_, text, rule) => expect(text).toContain(rule));
  test.each(['versicherungsbedingungen', 'verbraucherinformationen', 'widerrufsbelehrung'])(
    '%s: no end of the guarantee by a date the tenant picks',
    (name) =>
      expect(legal(name)).not.toMatch(/mit Ablauf des|gekündigt zum|letzten Tag der Bürgschaft/),
  );
});
