/**
 * The /api/contracts/... part of the OpenAPI document (src/server/api/openapi.ts spreads it in).
 * Errors are the shared ErrorList; field errors carry `field` (contractNumber, email,
 * confirmationEmail, iban, street, number, zip, city, date, code).
 */
type Schema = Record<string, unknown>;

const json = (schema: Schema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const errors = (description: string) =>
  json({ $ref: '#/components/schemas/ContractErrors' }, description);
const body = (properties: Record<string, Schema>, required: string[] = []) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', required, properties } } },
});
const str = (description: string): Schema => ({ type: 'string', description });
const received = json(
  {
    type: 'object',
    properties: {
      receivedAt: { type: 'string', format: 'date-time' },
      receivedAtText: str('Europe/Berlin, e.g. "02.03.2026 um 10:00:05 Uhr"'),
      next: str('confirm_by_email (a link went to the stored address, if it matched) or done'),
      applied: { type: 'boolean', description: 'With next=done: the contract is withdrawn' },
      money: {
        type: 'array',
        items: { type: 'string' },
        description:
          'When applied: the German sentences on refunds and debits still underway (the e-mail says the same)',
      },
    },
  },
  'Declaration received (the same answer whether or not a contract matched)',
);
const session = '401';
const sessionErr = errors('session_expired: no or an expired contract-page session');
const status = {
  type: 'string',
  enum: ['active', 'cancellation_requested', 'withdrawn', 'cancelled', 'released'],
  description:
    'cancellation_requested: the tenant cancelled; the guarantee stays in force until the landlord releases it (or the original certificate comes back); it then becomes cancelled (ADR 0925)',
};
const cancellation = json(
  {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['cancellation_requested'] },
      receivedAtText: str('TT.MM.JJJJ um HH:MM:SS Uhr (Berlin)'),
    },
  },
  'Cancellation received; it takes effect on the day the release or the original arrives',
);

export const contractSchemas: Record<string, Schema> = {
  ContractErrors: {
    type: 'object',
    required: ['errors'],
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string' },
            message: str('German sentence for the user'),
            field: str('The field the message belongs to'),
          },
        },
      },
    },
  },
  ContractVerification: {
    type: 'object',
    properties: {
      sandbox: {
        type: 'boolean',
        description: 'true (only then present): a sandbox test contract, a specimen, no guarantee',
      },
      status,
      endedOn: str(
        'TT.MM.JJJJ: the day it was withdrawn or released, or the cancellation took effect',
      ),
      contractNumber: { type: 'string' },
      deposit: { type: 'number' },
      objectAddress: { type: 'string' },
      remainingCents: {
        type: 'integer',
        description:
          'What the guarantee still covers, in cents (after claims and a partial release)',
      },
      partialRelease: {
        type: 'object',
        description: 'Present after a partial release (ADR 1255): its day and the amount kept',
        properties: { on: str('YYYY-MM-DD'), retainedCents: { type: 'integer' } },
      },
    },
  },
};

export const contractPaths: Record<string, Schema> = {
  '/api/contracts/withdrawal': {
    post: {
      summary: 'Withdrawal declaration without login (the withdrawal button, § 356a BGB)',
      description:
        "With the signed `link` of a contract e-mail the contract is withdrawn at once (`next: done`). With contractNumber + email the statement is recorded with its time of receipt and a single-use link to confirm it is e-mailed to the address stored with the contract (`next: confirm_by_email`); it takes effect when confirmed (`/api/contracts/withdrawal/confirm`), the time of receipt staying the statement's. The answer is the same whether or not number and address match. `confirmationEmail` is ignored (ADR 1116).",
      requestBody: body({
        contractNumber: str('MK-2026-000042 or TEST-MK-2026-000001'),
        email: str('E-mail address of the application'),
        link: str('Signed link token of a contract e-mail (instead of number and e-mail)'),
        confirmationEmail: str('Ignored: confirmations go to the stored address only'),
      }),
      responses: { '200': received, '400': errors('Field errors'), '404': errors('invalid_link') },
    },
  },
  '/api/contracts/withdrawal/statement': {
    get: {
      summary: 'The contract number and time of receipt a confirmation link stands for',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { '200': received, '404': errors('link_expired: expired, used or unknown') },
    },
  },
  '/api/contracts/withdrawal/confirm': {
    post: {
      summary: 'Confirm a withdrawal statement with the link sent to the stored address',
      requestBody: body({ token: str('From the e-mailed link') }, ['token']),
      responses: { '200': received, '404': errors('link_expired: expired, used or unknown') },
    },
  },
  '/api/contracts/withdrawal-link': {
    get: {
      summary: 'The contract number a signed withdrawal link stands for',
      parameters: [{ name: 'link', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        '200': json({ type: 'object', properties: { contractNumber: { type: 'string' } } }, 'ok'),
        '404': errors('invalid_link'),
      },
    },
  },
  '/api/contracts/access': {
    post: {
      summary: 'Request a magic link to the contract page (sent only if number and e-mail match)',
      requestBody: body({ contractNumber: str('MK-2026-000042'), email: str('E-mail address') }, [
        'contractNumber',
        'email',
      ]),
      responses: {
        '202': json({ type: 'object' }, 'Accepted (the same answer whether or not it matched)'),
        '400': errors('Field errors'),
      },
    },
  },
  '/api/contracts/session': {
    post: {
      summary: 'Redeem a magic-link token (single use, 30 minutes): sets the session cookie',
      requestBody: body({ token: str('From the e-mailed link') }, ['token']),
      responses: {
        '200': json({ type: 'object' }, 'Cookie mk_contract set (HttpOnly, SameSite=Strict)'),
        '401': errors('link_expired: expired, used or unknown'),
      },
    },
    delete: { summary: 'End the session', responses: { '204': { description: 'Ended' } } },
  },
  '/api/contracts/me': {
    get: {
      summary: 'The contract of the session: status, premium, mandate, address, documents',
      responses: { '200': json({ type: 'object' }, 'Contract view'), [session]: sessionErr },
    },
  },
  '/api/contracts/me/payments': {
    get: {
      summary:
        "Payments of the session's contract: debits with date and state, fees, open amount with a GiroCode (SVG), refunds",
      responses: { '200': json({ type: 'object' }, 'Payments'), [session]: sessionErr },
    },
  },
  '/api/contracts/me/statements/{year}': {
    get: {
      summary:
        'Beitragsbescheinigung {year} (PDF): premiums collected minus returned minus refunds paid in that calendar year, from the ledger',
      responses: {
        '200': { description: 'PDF', content: { 'application/pdf': {} } },
        '400': errors('invalid_year'),
        [session]: sessionErr,
      },
    },
  },
  '/api/contracts/me/instalments': {
    get: {
      summary:
        'What the tenant owes now and the instalment choices (3, 6, 12 monthly parts), the agreed plans and an open dispute (ADR 1228)',
      responses: { '200': json({ type: 'object' }, 'Offer and plans'), [session]: sessionErr },
    },
    post: {
      summary:
        'Agree an instalment plan over what is owed; a new IBAN first makes a new mandate (as PUT iban); the schedule is e-mailed',
      requestBody: body({ count: str('3, 6 or 12'), iban: str('optional new IBAN') }, ['count']),
      responses: {
        '200': json({ type: 'object' }, 'The plan: count, total, schedule, mandate reference'),
        '400': errors('count, invalid, notAllowedCountry'),
        '409': errors('nothing_owed, too_small, mandate_stopped (give a new IBAN), not_possible'),
        [session]: sessionErr,
      },
    },
  },
  '/api/contracts/me/disputes': {
    post: {
      summary: 'Dispute a debit or an open amount: dunning pauses until staff close it (ADR 1230)',
      requestBody: body({ reason: str('What is wrong, at most 1,000 characters') }, ['reason']),
      responses: {
        '200': json({ type: 'object' }, 'Recorded'),
        '400': errors('reason_required, too_long'),
        [session]: sessionErr,
      },
    },
  },
  '/api/contracts/me/documents/{kind}': {
    get: {
      summary: 'Download a document of the contract (PDF)',
      parameters: [{ name: 'kind', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'PDF', content: { 'application/pdf': {} } },
        '404': errors('not_found'),
        [session]: sessionErr,
      },
    },
  },
  '/api/contracts/me/iban': {
    put: {
      summary: 'Change the bank account: new SEPA mandate reference, confirmation e-mail',
      requestBody: body({ iban: str('IBAN (allowed countries of the domain)') }, ['iban']),
      responses: {
        '200': json(
          { type: 'object', properties: { mandateReference: { type: 'string' } } },
          'Saved',
        ),
        '400': errors('invalid, notAllowedCountry, required'),
        '409': errors('not_possible: the contract has ended'),
        [session]: sessionErr,
      },
    },
  },
  '/api/contracts/me/address': {
    put: {
      summary: 'Change the postal address of the tenant',
      requestBody: body({ street: str(''), number: str(''), zip: str(''), city: str('') }),
      responses: {
        '200': json({ type: 'object' }, 'Saved'),
        '400': errors('Field errors'),
        '409': errors('not_possible'),
        [session]: sessionErr,
      },
    },
  },
  '/api/contracts/me/cancellation': {
    post: {
      summary:
        'Cancel (Kündigung): marks the contract; it ends on the day the landlord releases the guarantee or the original certificate arrives',
      responses: {
        '200': cancellation,
        '409': errors('not_possible: already cancelled or ended'),
        [session]: sessionErr,
      },
    },
  },
  '/api/contracts/me/withdrawal': {
    post: {
      summary: 'Withdraw from the contract page (while the withdrawal period runs)',
      responses: { '200': received, [session]: sessionErr },
    },
  },
  '/api/contracts/verification/{token}': {
    get: {
      summary: "The landlord's verification (token from the certificate's QR code)",
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': json({ $ref: '#/components/schemas/ContractVerification' }, 'Status'),
        '404': errors('unknown'),
      },
    },
  },
  '/api/contracts/verification/{token}/release': {
    post: {
      summary:
        'Release (Freigabe) by the landlord with the code of our letter to the landlord (never on the certificate, ADR 1119)',
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: body({ code: str('8 characters; spaces and dashes ignored') }, ['code']),
      responses: {
        '200': json({ $ref: '#/components/schemas/ContractVerification' }, 'Released'),
        '400': errors('required, wrong_code'),
        '404': errors('unknown'),
        '409': errors('not_possible: already ended'),
        '429': errors('locked: ten wrong codes'),
      },
    },
  },
  '/api/contracts/verification/{token}/partial-release': {
    post: {
      summary:
        'Partial release (Teilfreigabe, ADR 1255): release all but `retained` euros kept for the utility-cost settlement; same code as the release',
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: body(
        {
          code: str('8 characters; spaces and dashes ignored'),
          retained: str('Euros kept, e.g. 450,00; below what the guarantee still covers'),
        },
        ['code', 'retained'],
      ),
      responses: {
        '200': json(
          { type: 'object', properties: { remainingCents: { type: 'integer' } } },
          'Partially released',
        ),
        '400': errors('required, not_positive, not_below_remaining, wrong_code'),
        '404': errors('unknown'),
        '409': errors('not_in_force, already_partial'),
        '429': errors('locked: ten wrong codes'),
      },
    },
  },
};
