// German texts of the partial release on the landlord's verification page (issue 26 item 5,
// ADR 1255) and its API errors. The e-mail to the tenant is in src/server/texts/partialRelease.ts.
import type { PartialReleaseProblem } from '../contracts/partialRelease';

export const partialReleaseTexts = {
  partialTitle: 'Teilfreigabe',
  retainedSince: (amount: string, date: string) =>
    `Am ${date} teilweise freigegeben; behalten für die Nebenkostenabrechnung: ${amount}.`,
  title: 'Bürgschaft teilweise freigeben',
  intro:
    'Steht nur noch die Nebenkostenabrechnung aus, geben Sie die Bürgschaft bis auf den Betrag frei, den Sie dafür behalten möchten. Ab heute sichert die Bürgschaft nur noch diesen Betrag, und der Beitrag Ihres Mieters sinkt im gleichen Verhältnis. Den Rest geben Sie später frei oder nehmen ihn in Anspruch. Sie brauchen dafür den Freigabecode aus unserem Brief.',
  retained: 'Betrag, den Sie behalten (in Euro)',
  retainedHint: 'Zum Beispiel 450,00. Er muss kleiner sein als der noch gesicherte Betrag.',
  code: 'Freigabecode',
  submit: 'Bis auf diesen Betrag freigeben',
  done: (amount: string) =>
    `Die Bürgschaft ist teilweise freigegeben; sie sichert noch ${amount}. Der Mieter ist informiert; wir bestätigen Ihnen die Teilfreigabe zusätzlich per Brief.`,
  errors: {
    not_in_force: 'Die Bürgschaft besteht nicht mehr; eine Teilfreigabe ist nicht möglich.',
    already_partial:
      'Die Bürgschaft ist bereits teilweise freigegeben. Den Rest können Sie ganz freigeben oder in Anspruch nehmen.',
    required: 'Bitte geben Sie den Betrag an, den Sie behalten möchten.',
    not_positive:
      'Bitte geben Sie einen Betrag über 0 Euro mit höchstens zwei Nachkommastellen an, z. B. 450,00.',
    not_below_remaining:
      'Der Betrag muss kleiner sein als der noch gesicherte Betrag. Möchten Sie nichts freigeben, ist nichts zu tun.',
  } satisfies Record<PartialReleaseProblem, string>,
} as const;
