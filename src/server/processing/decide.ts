import { eq, sql } from 'drizzle-orm';
import { applications, decisions, documents, mails } from '../db/schema/index';
import type { ApplicationRow } from '../db/schema/index';
import type { Tx } from '../db/client';
import type { ProcessingContext } from './context';
import { formModelOf } from '../services/storedModel';
import { creditSubjects, factsOf } from './facts';
import { issueDocuments, type Issued } from './issue';
import { nextNumber } from './numbers';
import { queues } from './queue';
import type { ContractActor } from '../../domain/contracts/status';
import { applyRules, combine, type MailKind, type Outcome } from './rules';
import { openContract } from '../contracts/open';
import { recordContractEvent } from '../contracts/events';

/**
 * Records an outcome's effects in the caller's transaction: the document (if any), the
 * application's order state, the e-mail row and its job. Each is unique per application and
 * kind, so a repeated call changes nothing.
 */
export async function recordEffects(
  ctx: ProcessingContext,
  tx: Tx,
  args: {
    app: ApplicationRow;
    kind: 'contract' | 'reservation';
    outcome: Outcome;
    number: string;
    premiumCents: number | null;
    rateCents: number | null;
    digital: boolean;
    issued: Issued | undefined;
    now: Date;
    decidedBy?: 'auto' | 'staff';
    /** The timeline's actor when not derived from decidedBy (a back-office member). */
    actor?: ContractActor;
  },
): Promise<void> {
  const { app, now } = args;
  await recordContractEvent(tx, {
    applicationId: app.id,
    type: args.outcome,
    actor: args.actor ?? (args.decidedBy === 'staff' ? 'staff' : 'system'),
    at: now,
    details: { kind: args.kind, number: args.number },
  });
  if (args.kind === 'contract' && args.outcome === 'accepted') {
    await openContract(tx, {
      secret: ctx.settings.serverSecret,
      applicationId: app.id,
      contractNumber: args.number,
      model: formModelOf(app),
      submittedAt: app.submittedAt,
      ratePerPaymentCents: args.rateCents ?? 0,
      digital: args.digital,
      now,
    });
  }
  // The certificate and the policy in one statement (ADR 1356).
  const issuedDocuments = args.issued?.documents ?? [];
  if (issuedDocuments.length > 0) {
    await tx
      .insert(documents)
      .values(
        issuedDocuments.map((doc) => ({
          applicationId: app.id,
          kind: doc.kind,
          filename: doc.filename,
          content: doc.content,
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  await tx
    .update(applications)
    .set({
      orderState: args.outcome,
      orderId: args.number,
      contractNumber: args.number,
      premiumCents: args.premiumCents,
      rateCents: args.rateCents,
      digital: args.digital,
    })
    .where(eq(applications.id, app.id));
  const mailKind: MailKind = `${args.kind}-${args.outcome}`;
  const inserted = await tx
    .insert(mails)
    .values({ applicationId: app.id, kind: mailKind, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: mails.id });
  if (inserted.length > 0) {
    await ctx.queue.send(queues.mail, { applicationId: app.id, kind: mailKind }, tx);
  }
  await ctx.webhooks.enqueue(tx, app.id, args.outcome);
}

/** What issuing documents needs from the context (the seal is loaded once). */
export async function issueSettings(ctx: ProcessingContext) {
  return {
    issuer: ctx.settings.issuer,
    serverSecret: ctx.settings.serverSecret,
    seal: await ctx.sealIdentity(),
    sandboxSeal: ctx.supply.sandboxSealIdentity,
    tariff: ctx.settings.tariff,
    reservationDays: ctx.settings.reservationDays,
  };
}

/**
 * The decision job: submitted -> created -> accepted | declined | pending. Safe to run any number
 * of times for the same application (at-least-once delivery): the first run that commits a
 * decision wins; later runs find it and stop.
 */
export async function processDecision(
  ctx: ProcessingContext,
  applicationId: string,
): Promise<void> {
  const { db, clock, log } = ctx;
  // submitted -> created, and the row as it is then, in one statement (it was an UPDATE and a
  // SELECT, ADR 1356): any other state stays as it is, a decided row is returned unchanged.
  const app = (
    await db.orm
      .update(applications)
      .set({
        orderState: sql`CASE WHEN ${applications.orderState} = 'submitted' THEN 'created' ELSE ${applications.orderState} END`,
      })
      .where(eq(applications.id, applicationId))
      .returning()
  )[0];
  if (!app) return; // deleted meanwhile
  if (app.orderState !== 'created') return; // decided by an earlier run

  const kind = app.kind;
  const model = formModelOf(app);
  const facts = factsOf(model, ctx.settings.tariff);
  // Outside any transaction: a credit bureau may take seconds and PGlite has one connection.
  const rules = applyRules(model);
  const credit: Outcome =
    rules.outcome === 'declined' ? 'declined' : await ctx.creditCheck.check(creditSubjects(model));
  const result = combine(rules, credit);
  const now = clock.now();
  const number = await nextNumber(db.orm, kind, now, app.sandbox);
  const issued =
    result.outcome === 'accepted'
      ? await issueDocuments(await issueSettings(ctx), { app, model, kind, number, issuedAt: now })
      : undefined;
  const premiumCents = kind === 'contract' ? facts.premium.ratePerYearCents : null;
  const rateCents = kind === 'contract' ? facts.premium.ratePerPaymentCents : null;

  const decided = await db.transaction(async (tx) => {
    const locked = (
      await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
    )[0];
    if (!locked || locked.orderState !== 'created') return false;
    const inserted = await tx
      .insert(decisions)
      .values({
        applicationId,
        kind,
        number,
        outcome: result.outcome,
        autoOutcome: result.outcome,
        reasons: result.reasons,
        decidedBy: 'auto',
        premiumCents,
        rateCents,
        digital: facts.digital,
        partnerCode: locked.partnerCode,
        subPartnerCode: locked.subPartnerCode,
        decidedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: decisions.id });
    if (inserted.length === 0) return false;
    await recordEffects(ctx, tx, {
      app: locked,
      kind,
      outcome: result.outcome,
      number,
      premiumCents,
      rateCents,
      digital: facts.digital,
      issued,
      now,
    });
    return true;
  });
  if (decided) {
    log.info(
      { applicationId, kind, outcome: result.outcome, reasons: result.reasons, number },
      'application decided',
    );
  }
}
