import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  instalmentLabel,
  instalmentRefusal,
  instalmentSchedule,
  openByPeriod,
  owedNow,
  scheduledInstalmentCents,
  summaryOf,
  todayInBerlin,
  type InstalmentRefusal,
  type InstalmentToCollect,
} from '../../domain/index';
import { anyUuid } from '../db/anyOf';
import type { Orm, Tx } from '../db/client';
import {
  applications,
  collectionHandovers,
  contracts,
  instalmentPlans,
  instalments,
  moneyTasks,
  sepaDebits,
  sepaMandates,
} from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import type { MoneyDeps } from './deps';
import { entriesOf } from './ledger';
import { instalmentPlanMail } from './mails';
import { salutationOf } from './people';

/**
 * Instalment plans (ADR 1228) over an amount the tenant owes: agreed by staff as the dunning
 * decision or chosen by the tenant on the contract page. The schedule is the domain's
 * (`instalmentSchedule`); the daily run collects the parts through `instalmentsToCollect`.
 */

export interface ToCollect {
  instalments: InstalmentToCollect[];
  coveredPeriods: string[];
}

/**
 * The run's seam for a page of contracts (ADR 1270, one query per page, ADR 1320): each
 * contract's instalments in due order and the periods their plans pay.
 */
export async function instalmentsToCollectOf(
  tx: Tx | Orm,
  applicationIds: readonly string[],
): Promise<Map<string, ToCollect>> {
  const out = new Map<string, ToCollect>();
  if (applicationIds.length === 0) return out;
  const rows = await tx
    .select({ i: instalments, seq: instalmentPlans.seq, covered: instalmentPlans.coveredPeriods })
    .from(instalments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, instalments.planId))
    .where(anyUuid(instalments.applicationId, applicationIds))
    .orderBy(asc(instalments.dueOn));
  const covered = new Map<string, Set<string>>();
  for (const { i, seq, covered: periods } of rows) {
    let mine = out.get(i.applicationId);
    if (!mine) out.set(i.applicationId, (mine = { instalments: [], coveredPeriods: [] }));
    mine.instalments.push({
      id: i.id,
      label: instalmentLabel(seq, i.n),
      amountCents: i.amountCents,
      dueOn: i.dueOn,
    });
    let seen = covered.get(i.applicationId);
    if (!seen) covered.set(i.applicationId, (seen = new Set()));
    for (const p of periods) seen.add(p);
  }
  for (const [id, seen] of covered) out.get(id)!.coveredPeriods = [...seen];
  return out;
}

/** The run's seam: this contract's instalments and the periods their plans pay. */
export async function instalmentsToCollect(
  tx: Tx | Orm,
  applicationId: string,
): Promise<ToCollect> {
  return (
    (await instalmentsToCollectOf(tx, [applicationId])).get(applicationId) ?? {
      instalments: [],
      coveredPeriods: [],
    }
  );
}

/** All each contract of a page has handed over to collection (ADR 1229), one query. */
export async function handedOverCentsByApplication(
  db: Tx | Orm,
  applicationIds: readonly string[],
): Promise<Map<string, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: collectionHandovers.applicationId,
      cents: sql<number>`sum(${collectionHandovers.amountCents})::bigint`,
    })
    .from(collectionHandovers)
    .where(anyUuid(collectionHandovers.applicationId, applicationIds))
    .groupBy(collectionHandovers.applicationId);
  return new Map(rows.map((r) => [r.id, Number(r.cents)]));
}

/** All this contract has handed over to collection (ADR 1229); the agency collects it. */
async function handedOverCentsOf(db: Tx | Orm, applicationId: string): Promise<number> {
  return (await handedOverCentsByApplication(db, [applicationId])).get(applicationId) ?? 0;
}

/** What the tenant owes now that nothing is about to collect (`owedNow`), with its parts. */
export async function owedOf(db: Tx | Orm, applicationId: string) {
  const c = (
    await db.select().from(contracts).where(eq(contracts.applicationId, applicationId))
  )[0];
  const entries = await entriesOf(db, applicationId);
  const debits = await db
    .select()
    .from(sepaDebits)
    .where(eq(sepaDebits.applicationId, applicationId));
  const pendingDebitCents = debits
    .filter((d) => ['planned', 'in_batch', 'presented'].includes(d.status))
    .reduce((a, d) => a + d.amountCents, 0);
  const { instalments: parts } = await instalmentsToCollect(db, applicationId);
  const scheduled = scheduledInstalmentCents(parts, debits, c?.mandateReference ?? '');
  const handedOverCents = await handedOverCentsOf(db, applicationId);
  const facts = {
    openCents: summaryOf(entries).openCents,
    pendingDebitCents,
    scheduledInstalmentCents: scheduled,
    handedOverCents,
  };
  return { ...facts, owedCents: owedNow(facts), entries, debits };
}

export class InstalmentError extends Error {
  constructor(readonly code: InstalmentRefusal | 'mandate_stopped' | 'no_contract') {
    super(code);
  }
}

/**
 * Agrees a plan over what is owed now, in the caller's transaction: the schedule, the periods
 * it covers (open ones without a debit underway), and a done dunning decision if one was
 * waiting. Returns the plan for the confirmation e-mail.
 */
export async function agreeInstalments(
  deps: Pick<MoneyDeps, 'config'>,
  tx: Tx,
  p: {
    applicationId: string;
    count: number;
    allowed: readonly number[];
    agreedBy: string;
    now: Date;
  },
) {
  const c = (
    await tx.select().from(contracts).where(eq(contracts.applicationId, p.applicationId))
  )[0];
  if (!c) throw new InstalmentError('no_contract');
  const mandate = (
    await tx.select().from(sepaMandates).where(eq(sepaMandates.reference, c.mandateReference))
  )[0];
  if (mandate?.stoppedAt) throw new InstalmentError('mandate_stopped');
  const owed = await owedOf(tx, p.applicationId);
  const refusal = instalmentRefusal(owed.owedCents, p.count, p.allowed);
  if (refusal) throw new InstalmentError(refusal);
  const underway = new Set(
    owed.debits
      .filter((d) => ['planned', 'in_batch', 'presented'].includes(d.status))
      .map((d) => d.period),
  );
  const { coveredPeriods: already } = await instalmentsToCollect(tx, p.applicationId);
  const covered = [...openByPeriod(owed.entries)]
    .filter(([period, cents]) => cents > 0 && !underway.has(period) && !already.includes(period))
    .map(([period]) => period);
  // Recourse for a paid claim is part of what is owed (ADR 1280); the plan and its e-mail say so.
  const claimCents = Math.min(owed.owedCents, summaryOf(owed.entries).claimOpenCents);
  const today = todayInBerlin(p.now);
  const schedule = instalmentSchedule({
    totalCents: owed.owedCents,
    count: p.count,
    today,
    leadBusinessDays: deps.config.sepa.leadBusinessDays,
    noticeDays: deps.config.sepa.prenoticeDays,
  });
  const [last] = await tx
    .select({ seq: max(instalmentPlans.seq) })
    .from(instalmentPlans)
    .where(eq(instalmentPlans.applicationId, p.applicationId));
  const seq = (last?.seq ?? 0) + 1;
  const plan = (
    await tx
      .insert(instalmentPlans)
      .values({
        applicationId: p.applicationId,
        seq,
        purpose: claimCents > 0 ? 'claim_recourse' : 'premium_arrears',
        totalCents: owed.owedCents,
        count: p.count,
        mandateReference: c.mandateReference,
        coveredPeriods: covered,
        agreedBy: p.agreedBy,
        createdAt: p.now,
      })
      .returning({ id: instalmentPlans.id })
  )[0]!;
  await tx
    .insert(instalments)
    .values(schedule.map((s) => ({ planId: plan.id, applicationId: p.applicationId, ...s })));
  await tx
    .update(moneyTasks)
    .set({ doneAt: p.now, doneBy: p.agreedBy, decision: 'instalments' })
    .where(
      and(
        eq(moneyTasks.applicationId, p.applicationId),
        eq(moneyTasks.kind, 'dunning_decision'),
        isNull(moneyTasks.doneAt),
      ),
    );
  return { planId: plan.id, seq, totalCents: owed.owedCents, claimCents, schedule, contract: c };
}

/** The confirmation with the schedule, to the contract's address (after the commit). */
export async function sendPlanMail(
  deps: MoneyDeps,
  plan: Awaited<ReturnType<typeof agreeInstalments>>,
): Promise<void> {
  const app = (
    await deps.db.orm
      .select()
      .from(applications)
      .where(eq(applications.id, plan.contract.applicationId))
  )[0];
  if (!app) return;
  const model = formModelOf(app);
  const to = model.firstTenant.email;
  if (!to) return;
  await deps.mailer.send({
    to,
    key: `money-instalments.${plan.planId}`,
    ...instalmentPlanMail({
      salutation: salutationOf(model),
      contractNumber: plan.contract.contractNumber,
      totalCents: plan.totalCents,
      claimCents: plan.claimCents,
      schedule: plan.schedule,
      mandateReference: plan.contract.mandateReference,
      creditorId: deps.config.sepaCreditorId,
    }),
  });
}

/** The contract's plans with each part's state, for the tenant and staff. */
export async function plansOf(db: Orm, applicationId: string) {
  const plans = await db
    .select()
    .from(instalmentPlans)
    .where(eq(instalmentPlans.applicationId, applicationId))
    .orderBy(asc(instalmentPlans.seq));
  if (plans.length === 0) return [];
  const parts = await db
    .select()
    .from(instalments)
    .where(
      inArray(
        instalments.planId,
        plans.map((p) => p.id),
      ),
    )
    .orderBy(asc(instalments.n));
  const debits = await db
    .select({
      instalmentId: sepaDebits.instalmentId,
      status: sepaDebits.status,
      attempt: sepaDebits.attempt,
    })
    .from(sepaDebits)
    .where(eq(sepaDebits.applicationId, applicationId));
  const stateOf = (id: string) => {
    const mine = debits.filter((d) => d.instalmentId === id).sort((a, b) => b.attempt - a.attempt);
    return mine[0]?.status ?? 'scheduled';
  };
  return plans.map((p) => ({
    seq: p.seq,
    totalCents: p.totalCents,
    count: p.count,
    agreedBy: p.agreedBy === 'tenant' ? ('tenant' as const) : ('staff' as const),
    createdAt: p.createdAt.toISOString(),
    parts: parts
      .filter((i) => i.planId === p.id)
      .map((i) => ({ n: i.n, amountCents: i.amountCents, dueOn: i.dueOn, state: stateOf(i.id) })),
  }));
}
