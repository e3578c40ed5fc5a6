import { and, desc, eq, isNull } from 'drizzle-orm';
import { disputeTexts, DISPUTE_REASON_MAX, instalmentTexts } from '../../domain/messages/payments';
import {
  firstInstalmentDay,
  splitCents,
  tenantInstalmentChoices,
  tenantInstalmentCounts,
  todayInBerlin,
} from '../../domain/index';
import { contracts, paymentDisputes, sepaMandates } from '../db/schema/index';
import { ContractError } from '../contracts/contractError';
import { recordContractEvent } from '../contracts/events';
import type { MoneyDeps } from './deps';
import { agreeInstalments, InstalmentError, owedOf, plansOf, sendPlanMail } from './instalments';

/**
 * The tenant's own money actions on the contract page (ADRs 1228, 1230): instalments over what
 * is owed (3, 6 or 12, a new mandate only with a new IBAN, which the contract page's IBAN change
 * makes), and disputing a debit, which pauses dunning until staff close it.
 */
export function tenantMoney(deps: MoneyDeps) {
  const orm = deps.db.orm;
  const now = () => deps.clock.now();

  async function offer(applicationId: string) {
    const owed = await owedOf(orm, applicationId);
    const c = (
      await orm.select().from(contracts).where(eq(contracts.applicationId, applicationId))
    )[0];
    const mandate = c
      ? (
          await orm
            .select()
            .from(sepaMandates)
            .where(eq(sepaMandates.reference, c.mandateReference))
        )[0]
      : undefined;
    const today = todayInBerlin(now());
    const dispute = (
      await orm
        .select({ openedAt: paymentDisputes.openedAt })
        .from(paymentDisputes)
        .where(
          and(eq(paymentDisputes.applicationId, applicationId), isNull(paymentDisputes.closedAt)),
        )
        .orderBy(desc(paymentDisputes.openedAt))
    )[0];
    return {
      owedCents: owedNowOrZero(c?.status, owed.owedCents),
      choices: tenantInstalmentChoices(owedNowOrZero(c?.status, owed.owedCents)).map((count) => ({
        count,
        amountCents: splitCents(owed.owedCents, count)[0]!,
      })),
      firstDueOn: firstInstalmentDay(today, {
        leadBusinessDays: deps.config.sepa.leadBusinessDays,
        noticeDays: deps.config.sepa.prenoticeDays,
      }),
      ibanRequired: Boolean(mandate?.stoppedAt),
      plans: await plansOf(orm, applicationId),
      disputeOpenedAt: dispute?.openedAt.toISOString(),
    };
  }

  /** The count is one of 3, 6, 12 (the edge checks the form, this the amount). */
  async function agree(applicationId: string, count: number) {
    const at = now();
    let plan;
    try {
      plan = await deps.db.transaction(async (tx) => {
        const c = (
          await tx.select().from(contracts).where(eq(contracts.applicationId, applicationId))
        )[0];
        // Withdrawn contracts present no debits any more (ADR 1220).
        if (!c || c.status === 'withdrawn') throw new InstalmentError('nothing_owed');
        const p = await agreeInstalments(deps, tx, {
          applicationId,
          count,
          allowed: tenantInstalmentCounts,
          agreedBy: 'tenant',
          now: at,
        });
        await recordContractEvent(tx, {
          applicationId,
          type: 'instalments_agreed',
          actor: 'tenant',
          at,
          details: { count, totalCents: p.totalCents },
        });
        return p;
      });
    } catch (err) {
      if (err instanceof InstalmentError)
        throw new ContractError(
          409,
          err.code,
          instalmentTexts.errors[err.code],
          err.code === 'mandate_stopped' ? 'iban' : 'count',
        );
      throw err;
    }
    await sendPlanMail(deps, plan);
    return {
      count,
      totalCents: plan.totalCents,
      schedule: plan.schedule,
      mandateReference: plan.contract.mandateReference,
    };
  }

  async function dispute(applicationId: string, reason: string) {
    const text = reason.trim();
    if (!text)
      throw new ContractError(400, 'reason_required', disputeTexts.reasonRequired, 'reason');
    if (text.length > DISPUTE_REASON_MAX)
      throw new ContractError(400, 'too_long', disputeTexts.reasonTooLong, 'reason');
    const at = now();
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(paymentDisputes)
        .values({ applicationId, openedBy: 'tenant', reason: text, openedAt: at });
      await recordContractEvent(tx, {
        applicationId,
        type: 'payment_disputed',
        actor: 'tenant',
        at,
        details: {},
      });
    });
    return { openedAt: at.toISOString() };
  }

  return { offer, agree, dispute };
}

/** A withdrawn contract has nothing to pay in instalments (no debits are presented). */
const owedNowOrZero = (status: string | undefined, cents: number) =>
  status === undefined || status === 'withdrawn' ? 0 : cents;

export type TenantMoney = ReturnType<typeof tenantMoney>;
