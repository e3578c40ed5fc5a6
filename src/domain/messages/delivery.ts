// How the certificate reaches the landlord, in one wording for the result page and the
// acceptance e-mail (issue 27: the e-mail said "we post it to you, pass it on" while the page said
// it goes to the landlord directly). The destination is the tenant's choice (objective.deliverTo).

import type { deliverToValues } from '../fields/values';

type PostalDestination = Exclude<(typeof deliverToValues)[number], 'digital'>;

const byPost: Record<PostalDestination, string> = {
  landlordAddress:
    'Wir schicken die Bürgschaftsurkunde per Post direkt an Ihren Vermieter; Sie müssen sie nicht weitergeben.',
  objectAddresss:
    'Wir schicken Ihnen die Bürgschaftsurkunde per Post an die Anschrift der Mietwohnung. Geben Sie sie dann Ihrem Vermieter.',
  legalAddress:
    'Wir schicken Ihnen die Bürgschaftsurkunde per Post an Ihre aktuelle Anschrift. Geben Sie sie dann Ihrem Vermieter.',
};

const isPostal = (to: unknown): to is PostalDestination =>
  typeof to === 'string' && Object.hasOwn(byPost, to);

export const deliveryTexts = {
  /** Where the posted certificate goes; an application without a choice names no address. */
  byPost: (to: string | null | undefined): string =>
    isPostal(to)
      ? byPost[to]
      : 'Wir schicken die Bürgschaftsurkunde per Post an die Anschrift aus Ihrem Antrag.',
  /** Before the day is known (the result page). */
  postingRule:
    'Die Urkunde geht vor 15:00 Uhr am selben Werktag in den Versand, sonst am nächsten Werktag (ohne Wochenenden und gesetzliche Feiertage).',
  /** Once it is (the e-mail): the posting day of postingDay() in src/domain/contracts. */
  postedOn: (date: string) => `Die Urkunde geht am ${date} in den Versand.`,
} as const;
