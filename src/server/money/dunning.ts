import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  addDays,
  DUNNING_DEADLINE_DAYS,
  epcPayload,
  nextDunningStep,
  returnActionOf,
  dunningPaused,
  todayInBerlin,
} from '../../domain/index';
import {
  applications,
  contracts,
  dunningNotices,
  moneyTasks,
  sepaMandates,
} from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import { moneyMailTexts } from '../texts/money';
import type { MoneyDeps } from './deps';
import { creditorOf } from './deps';
import { owedOf } from './instalments';
import { pauseFactsOf } from './pauses';
import { reminderMail } from './mails';
import { salutationOf } from './people';

/**
 * The dunning step of the daily run (ADR 1224): for each contract with an amount owed that no
 * planned or presented debit will collect, the next step of `nextDunningStep`: a reminder with
 * the amount, a deadline of two weeks and a GiroCode; a second one with the consequence; then
 * a staff decision (money_tasks 'dunning_decision'). "Owed" leaves out debits underway,
 * instalments still to come and amounts handed over to collection (`owedNow`); an open dispute
 * or claim pauses it (`dunningPaused`, ADR 1230).
 */
export async function runDunning(deps: MoneyDeps, now = deps.clock.now()) {
  const today = todayInBerlin(now);
  const all = await deps.db.orm
    .select({ contract: contracts, app: applications })
    .from(contracts)
    .innerJoin(applications, eq(applications.id, contracts.applicationId));
  let reminders = 0;
  let decisions = 0;
  for (const { contract: c, app } of all) {
    const id = c.applicationId;
    const owed = await owedOf(deps.db.orm, id);
    if (owed.owedCents <= 0) continue;
    // The tenant was asked for a new account (AC01/AC04/AC06/AG01): two weeks for that first.
    const mandate = (
      await deps.db.orm
        .select()
        .from(sepaMandates)
        .where(eq(sepaMandates.reference, c.mandateReference))
    )[0];
    if (
      mandate?.stoppedAt &&
      returnActionOf(mandate.stopReason).askForIban &&
      today < addDays(todayInBerlin(mandate.stoppedAt), DUNNING_DEADLINE_DAYS)
    )
      continue;
    const notices = await deps.db.orm
      .select()
      .from(dunningNotices)
      .where(eq(dunningNotices.applicationId, id));
    const decisionOpen =
      (
        await deps.db.orm
          .select({ id: moneyTasks.id })
          .from(moneyTasks)
          .where(
            and(
              eq(moneyTasks.applicationId, id),
              eq(moneyTasks.kind, 'dunning_decision'),
              isNull(moneyTasks.doneAt),
            ),
          )
      ).length > 0;
    const step = nextDunningStep({
      today,
      dueCents: owed.owedCents,
      notices: notices.map((n) => ({ level: n.level as 1 | 2, deadline: n.deadline })),
      decisionOpen,
      paused: dunningPaused(await pauseFactsOf(deps.db.orm, id)),
    });
    if (step.kind === 'decision') {
      await deps.db.orm.insert(moneyTasks).values({
        applicationId: id,
        kind: 'dunning_decision',
        reason: `open ${owed.owedCents}`,
        createdAt: now,
      });
      decisions++;
    }
    if (step.kind !== 'reminder') continue;
    const model = formModelOf(app);
    const to = model.firstTenant.email;
    const creditor = creditorOf(deps);
    const amountCents = owed.owedCents;
    await deps.db.orm.insert(dunningNotices).values({
      applicationId: id,
      level: step.level,
      amountCents,
      deadline: step.deadline,
      sentAt: now,
    });
    if (!to) continue; // no address: the back office writes (the notice row says what)
    const png = await QRCode.toBuffer(
      epcPayload({ ...creditor, amountCents, reference: c.contractNumber }),
      { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 300 },
    );
    await deps.mailer.send({
      to,
      key: `money-reminder.${id}.${step.level}`,
      attachments: [
        { filename: moneyMailTexts.reminder.attachment, content: png, contentType: 'image/png' },
      ],
      ...reminderMail({
        salutation: salutationOf(model),
        contractNumber: c.contractNumber,
        level: step.level,
        amountCents,
        deadline: step.deadline,
        transfer: { name: creditor.name, iban: creditor.iban, reference: c.contractNumber },
        contractPageUrl: `${deps.config.publicUrl.replace(/\/$/, '')}/vertrag`,
      }),
    });
    reminders++;
  }
  return { reminders, decisions };
}
