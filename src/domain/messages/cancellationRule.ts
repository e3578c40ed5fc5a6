// The one wording of how a cancellation ends the contract (DECISIONS.md "After the sale", ADR 0925).
// Every text that speaks of it uses these sentences verbatim: the check step, the contract page,
// the landlord's verification page, the e-mails, the certificate, and content/legal (conditions
// § 7/§ 8 and the consumer information, which texts.test.ts and the artefact test compare with
// these). Kept in a file of its own so the check step's chunk does not load the after-sale texts.

/** When a tenant's cancellation takes effect, and what it means for the premiums. */
const effect =
  'Ihre Kündigung wird an dem Tag wirksam, an dem die Freigabe Ihres Vermieters oder die Originalurkunde bei uns eingeht; bis dahin besteht die Bürgschaft gegenüber Ihrem Vermieter fort. Die Beiträge sind bis zu diesem Tag geschuldet; zu viel gezahlte Beiträge erstatten wir ab dem Tag danach tagesgenau.';

export const cancellationRule = {
  /** To the tenant before cancelling (conditions § 8, consumer information, check step, contract page). */
  tenant: `Sie können jederzeit ohne Frist kündigen. ${effect}`,
  /** To the tenant who has cancelled (confirmation on the page and by e-mail). */
  effect,
  /** To the landlord (certificate, verification page, conditions § 7, consumer information). */
  landlord:
    'Eine Kündigung des Mieters allein beendet die Bürgschaft nicht. Die Bürgschaft endet erst, wenn die Freigabe des Vermieters oder die Originalurkunde beim Bürgen eingeht oder wenn der Bürge den Höchstbetrag gezahlt hat.',
} as const;
