/**
 * The claims' part of the OpenAPI document (issue 26; src/server/api/openapi.ts spreads it in).
 * Parameters and bodies come from the routes' edge schemas; here the summaries and answers.
 */
type Schema = Record<string, unknown>;

const json = (schema: Schema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const errors = (description: string) =>
  json({ $ref: '#/components/schemas/ErrorList' }, description);
const cents = (description: string): Schema => ({ type: 'integer', description });

const landlordView = json(
  {
    type: 'object',
    properties: {
      guaranteeCents: cents("The guarantee's amount"),
      paidCents: cents('Paid out on claims so far'),
      remainingCents: cents('What a new claim may still ask'),
      mayClaim: { type: 'boolean' },
      linkValid: { type: 'boolean', description: "The landlord's link (query link) is valid" },
    },
  },
  'Remaining amount of the guarantee',
);

export const claimPaths: Record<string, Record<string, Schema>> = {
  '/api/claims/verification/{token}': {
    get: {
      summary: "The guarantee's remaining amount for the landlord's verification page",
      responses: { '200': landlordView, '404': errors('unknown') },
    },
    post: {
      summary:
        'The landlord files a claim (rent arrears, utility costs, damage) with the release code of our letter or our link; the tenant is told at once and has 14 days to answer each item',
      responses: {
        '201': json(
          {
            type: 'object',
            properties: {
              claimId: { type: 'string', format: 'uuid' },
              reference: { type: 'string', description: 'MK-2026-000042-F1' },
              state: { type: 'string', description: 'notified' },
              totalCents: cents('Total claimed'),
              answerDueOn: { type: 'string', format: 'date' },
            },
          },
          'Filed and the tenant notified',
        ),
        '400': errors('field errors (items.N.…, iban, accountHolder, email, declaration, code)'),
        '404': errors('unknown'),
        '409': errors('not_in_force: the guarantee has ended'),
        '429': errors('locked: too many wrong codes'),
      },
    },
  },
  '/api/claims/verification/{token}/link': {
    post: {
      summary:
        "Sends the landlord's link to the address of an earlier claim (same answer for any address)",
      responses: { '202': json({ type: 'object' }, 'Sent if the address is on record') },
    },
  },
  '/api/contracts/me/claims': {
    get: {
      summary: "The contract's claims with items, answers and the days left to answer",
      responses: {
        '200': json({ type: 'object' }, 'Claims'),
        '401': errors('session_expired'),
      },
    },
  },
  '/api/contracts/me/claims/{claimId}/answers': {
    post: {
      summary:
        "The tenant's answer to one item within 14 days: accept, object (reason) or counter (lower amount); free of charge",
      responses: {
        '200': json({ type: 'object' }, 'Claims after the answer'),
        '400': errors('field errors (items.N.answer, items.N.reason, items.N.counterAmount)'),
        '401': errors('session_expired'),
        '404': errors('unknown_claim'),
        '409': errors('period_over, already_answered'),
      },
    },
  },
};
