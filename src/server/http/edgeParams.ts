import { stepIds } from '../services/rulebook';
import { apiMessages } from '../texts/api';
import {
  bodyText,
  edgeObject,
  memoisedQuery,
  pathParam,
  queryOneOf,
  queryText,
  requiredQueryText,
} from './edge';

// The values both API generations and the after-sale API take at the edge, each described once
// (ADR 0309). Steps come from the domain's step list, so a step the domain does not know is refused
// here with the sentence the save answered with before.

/** The payment frequencies by number (old API, spec §3) and by the new API's words. */
const paymentValues = [
  '1',
  '2',
  '4',
  '12',
  'annually',
  'semi-annually',
  'quarterly',
  'monthly',
] as const;

export const cidParam = queryText({ description: 'Session id (144 random bits); keep it secret.' });

export const stepParam = queryOneOf(stepIds, {
  description:
    'Step saved (start, uce, tenant, landlord, object, payment, selling, check). Without step: the whole application in one call (final submission).',
  code: 'invalid_step',
  message: apiMessages.unknownStep,
});

export const productSelectionParam = queryText({
  description:
    'Product selection of the page: kept for the application a save creates (ADR 0831); one tariff for all products',
});

/** Old API: the answer format of the reconfigured endpoints; json is the only one (ADR 0831). */
export const reconfToParam = queryOneOf(['json'], {
  description: 'Answer format of the reconfigured endpoints: json (or empty)',
  code: 'invalid_reconf_to',
  message: apiMessages.invalidReconfTo,
});

/** The bank code under the three names clients have used for it. */
export const bankCodeQuery = edgeObject({
  bankCode: queryText({ description: 'Bankleitzahl, 8 digits' }),
  bank_code: queryText({ description: 'Bankleitzahl (old name)' }),
  blz: queryText({ description: 'Bankleitzahl (old name)' }),
});
export const bankCodeOf = (q: { bankCode?: string; bank_code?: string; blz?: string }) =>
  q.bankCode ?? q.bank_code ?? q.blz;

/** Public and without personal data: checked once per distinct query (ADR 1336). */
export const ratesQuery = memoisedQuery(
  edgeObject({
    sum: requiredQueryText({
      description: 'Deposit in euros (decimal point or comma)',
      code: 'invalid_sum',
      message: apiMessages.invalidSum,
    }),
    payment: queryOneOf(paymentValues, {
      description:
        'Chosen frequency (1, 2, 4, 12 or the new-API words); every frequency is answered, an unknown one is refused',
      code: 'invalid_payment',
      message: apiMessages.invalidPayment,
    }),
    product_selection: productSelectionParam,
  }),
);

export const cidPath = edgeObject({ cid: pathParam({ description: 'Session id' }) });

/** Save progress ("Später fortfahren"): in the body, or cid and step in the query. */
export const saveProgressBody = edgeObject({
  cid: bodyText({ description: 'Session id' }),
  step: bodyText({ description: 'Step the tenant was on' }),
  email: bodyText({ description: 'Address the resume link goes to' }),
});
export const saveProgressQuery = edgeObject({
  cid: cidParam,
  step: queryText({ description: 'Step the tenant was on' }),
});
