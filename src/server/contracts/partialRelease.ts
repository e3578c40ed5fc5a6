import { eq, sql } from 'drizzle-orm';
import {
  contractTexts,
  guaranteeAfterPartialRelease,
  partialReleaseProblem,
  reducedRateCents,
  settlePremiumChange,
  todayInBerlin,
  type PartialReleaseProblem,
} from '../../domain/index';
import { parseRequestAmount } from '../../domain/requests/guaranteeRequest';
import { partialReleaseTexts } from '../../domain/messages/partialRelease';
import type { Orm } from '../db/client';
import { guaranteeLeft } from '../claims/store';
import { applications, contractLetters, contracts, type ContractRow } from '../db/schema/index';
import { partialReleasedMail } from '../mail/partialReleaseMail';
import { book, entriesOf, openRefund } from '../money/ledger';
import { planOf } from '../money/settle';
import { factsOf } from '../processing/facts';
import { formModelOf } from '../services/storedModel';
import { ContractError } from './contractError';
import { landlordReleaseCode, normaliseReleaseCode, sha256 } from './credentials';
import { recordContractEvent } from './events';
import { Guard } from './guard';
import { checkReleaseCode, overMailLimit } from './limits';
import type { ContractServiceDeps } from './context';

/**
 * Partial release (issue 26 item 5, ADR 1255): on the verification page, with the release code
 * of the landlord's letter (ADR 1119) like the full release, the landlord releases the guarantee
 * except a named amount kept for the utility-cost settlement. In one transaction: the contract
 * row keeps the amount and the reduced rate, the ledger charges the periods already charged again
 * to the day (a credit from premiums really collected comes back), the timeline, the partners'
 * webhook and a confirming letter to the landlord. Then the tenant's e-mail.
 */

/** What the verification page shows about the amount: still covered, and a partial release. */
export async function guaranteeFigures(q: Orm, c: ContractRow) {
  const left = await guaranteeLeft(q, c.applicationId);
  return {
    remainingCents: left.remainingCents,
    ...(c.partiallyReleasedOn && c.retainedCents !== null
      ? { partialRelease: { on: c.partiallyReleasedOn, retainedCents: c.retainedCents } }
      : {}),
  };
}

const problemStatus: Record<PartialReleaseProblem, { status: number; field?: string }> = {
  not_in_force: { status: 409 },
  already_partial: { status: 409 },
  required: { status: 400, field: 'retained' },
  not_positive: { status: 400, field: 'retained' },
  not_below_remaining: { status: 400, field: 'retained' },
};

const problemError = (p: PartialReleaseProblem) =>
  new ContractError(
    problemStatus[p].status,
    p,
    partialReleaseTexts.errors[p],
    problemStatus[p].field,
  );

/** The amount typed on the form in whole cents ("450", "450,00", "1.200,50"). */
function retainedOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const euros = parseRequestAmount(raw);
  return euros === undefined ? Number.NaN : Math.round(euros * 100);
}

export async function partialRelease(
  deps: ContractServiceDeps,
  token: string,
  body: { code?: unknown; retained?: unknown },
  client: string,
): Promise<{ remainingCents: number }> {
  const errors = contractTexts.errors;
  const typed = typeof body.code === 'string' ? normaliseReleaseCode(body.code) : '';
  const retained = retainedOf(body.retained);
  // The amount's own mistakes first (a typo costs no code attempt).
  if (retained === undefined) throw problemError('required');
  if (!typed) throw new ContractError(400, 'required', errors.releaseCodeRequired, 'code');
  const found = /^[A-Za-z0-9_-]{22}$/.test(token)
    ? (
        await deps.db.orm
          .select({ id: contracts.applicationId })
          .from(contracts)
          .where(eq(contracts.verificationTokenHash, sha256(token)))
      )[0]
    : undefined;
  if (!found) throw new ContractError(404, 'unknown', errors.unknownToken);
  const guard = new Guard(deps.db, deps.clock, deps.serverSecret);
  await checkReleaseCode(
    guard,
    found.id,
    client,
    sha256(typed) === sha256(landlordReleaseCode(deps.serverSecret, found.id)),
  );
  const now = deps.clock.now();
  const today = todayInBerlin(now);
  const done = await deps.db.transaction(async (tx) => {
    const row = (
      await tx
        .select({ c: contracts, app: applications })
        .from(contracts)
        .innerJoin(applications, eq(applications.id, contracts.applicationId))
        .where(eq(contracts.applicationId, found.id))
        .for('update')
    )[0]!;
    const model = formModelOf(row.app);
    const f = factsOf(model);
    // What claims hold (paid or pending) stays covered; the release concerns the rest.
    const left = await guaranteeLeft(tx, found.id);
    const remaining = left.remainingCents;
    const held = left.guaranteeCents - remaining;
    const problem = partialReleaseProblem({
      status: row.c.status,
      remainingCents: remaining,
      retainedCents: Number.isNaN(retained) ? -1 : retained,
      alreadyPartial: row.c.partiallyReleasedOn !== null,
    });
    if (problem) throw problemError(problem);
    // The cover falls from what it covered until now to the amount kept; the premium with it.
    const newRate = reducedRateCents(row.c.ratePerPaymentCents, remaining, retained);
    const changed = (
      await tx
        .update(contracts)
        .set({
          partiallyReleasedOn: today,
          retainedCents: retained,
          guaranteeLimitCents: guaranteeAfterPartialRelease(held, retained),
          reducedRatePerPaymentCents: newRate,
        })
        .where(eq(contracts.applicationId, found.id))
        .returning()
    )[0]!;
    const r = settlePremiumChange(await entriesOf(tx, found.id), planOf(changed));
    await book(tx, found.id, r.entries, { source: 'partial_release', bookedOn: today, now });
    let refundCents = 0;
    for (const e of r.entries)
      if (e.kind === 'refund_due') {
        refundCents += e.amountCents;
        await openRefund(tx, found.id, changed.contractNumber, e.amountCents, today, now);
      }
    await recordContractEvent(tx, {
      applicationId: found.id,
      type: 'partially_released',
      actor: 'landlord',
      at: now,
      details: {
        retainedCents: retained,
        guaranteeLimitCents: changed.guaranteeLimitCents,
        previousRateCents: row.c.ratePerPaymentCents,
        reducedRateCents: newRate,
        refundCents,
        confirmedBy: 'landlord_letter_code',
        landlordNotice: 'letter',
      },
    });
    await deps.webhooks?.enqueue(tx, found.id, 'partially_released');
    await tx.insert(contractLetters).values({
      applicationId: found.id,
      recipient: 'landlord',
      kind: 'partially_released',
      sandbox: sql<boolean>`(SELECT sandbox FROM applications WHERE id = ${found.id})`,
      createdAt: now,
    });
    return { c: changed, f, refundCents, previousRate: row.c.ratePerPaymentCents };
  });
  const { c, f } = done;
  const first = f.tenants[0];
  if (f.email && !(await overMailLimit(guard, f.email)))
    await deps.mailer.send({
      to: [f.email],
      key: `contract-partial-release.${found.id}`,
      ...partialReleasedMail({
        salutation: {
          gender: first?.gender,
          firstName: first?.firstName,
          lastName: first?.lastName,
        },
        contractNumber: c.contractNumber,
        deposit: f.deposit,
        objectAddress: f.objectAddress || '–',
        releasedAt: now,
        releasedOn: today,
        retainedCents: retained,
        oldRateCents: done.previousRate,
        newRateCents: c.reducedRatePerPaymentCents!,
        paymentAdverb: f.premium.adverb,
        refundCents: done.refundCents,
        mandateReference: c.mandateReference,
        creditorId: deps.sepaCreditorId,
      }),
    });
  deps.log.info({ refund: done.refundCents > 0 }, 'partial release');
  return { remainingCents: retained };
}
