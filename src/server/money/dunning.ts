import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import {
  addDays,
  DUNNING_DEADLINE_DAYS,
  epcPayload,
  nextDunningStep,
  returnActionOf,
  dunningPaused,
  summaryOf,
  todayInBerlin,
} from '../../domain/index';
import {
  applications,
  contracts,
  type ContractRow,
  dunningNotices,
  moneyTasks,
  sepaMandates,
} from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import { qrCodeLoaded } from './qrCode';
import { moneyMailTexts } from '../texts/money';
import type { MoneyDeps } from './deps';
import { creditorOf } from './deps';
import { owedOf } from './instalments';
import { centsOfApplications } from './debitsOf';
import { kindTotalsByApplication } from './ledger';
import { pauseFactsOf } from './pauses';
import { reminderMail } from './mails';
import { salutationOf } from './people';

/** Contracts per page of the dunning step. */
const DUNNING_PAGE = 1000;

/**
 * The dunning step of the daily run (ADR 1224): for each contract with an amount owed that no
 * planned or presented debit will collect, the next step of `nextDunningStep`: a reminder with
 * the amount, a deadline of two weeks and a GiroCode; a second one with the consequence; then
 * a staff decision (money_tasks 'dunning_decision'). "Owed" leaves out debits underway,
 * instalments still to come and amounts handed over to collection (`owedNow`); an open dispute
 * or claim pauses it (`dunningPaused`, ADR 1230). The page's ledgers only pre-select the
 * contracts that can owe anything (open minus debits underway is an upper bound of `owedNow`).
 */
export async function runDunning(deps: MoneyDeps, now = deps.clock.now(), chunk = DUNNING_PAGE) {
  const today = todayInBerlin(now);
  let reminders = 0;
  let decisions = 0;
  // Keyset pages of contracts with their ledgers read in one query each (ADR 1270): only those
  // with an amount open go on to the per-contract steps below.
  let after: string | undefined;
  for (;;) {
    // Only what the steps below use of a contract (ADR 1420: not the whole row).
    const page = await deps.db.orm
      .select({
        applicationId: contracts.applicationId,
        contractNumber: contracts.contractNumber,
        mandateReference: contracts.mandateReference,
      })
      .from(contracts)
      // In the order of their numbers, the order they were made in (ADR 1498): the page's
      // ledgers and debits lie side by side on disk.
      .where(after ? gt(contracts.contractNumber, after) : undefined)
      .orderBy(asc(contracts.contractNumber))
      .limit(chunk);
    if (page.length === 0) break;
    const ids = page.map((c) => c.applicationId);
    // The page's ledgers as totals per kind and what planned and presented debits will still
    // collect as one sum per contract, both added up by the database (ADR 1420); read by index
    // (ADR 1320: `application_id IN (page)` alone scanned every debit once per page).
    const ledgers = await kindTotalsByApplication(deps.db.orm, ids);
    const inFlight = await centsOfApplications(deps.db.orm, ids, [
      'planned',
      'in_batch',
      'presented',
    ]);
    for (const c of page) {
      const open = summaryOf(ledgers.get(c.applicationId) ?? []).openCents;
      if (open - (inFlight.get(c.applicationId) ?? 0) <= 0) continue;
      const step = await dunContract(deps, c, today, now);
      if (step === 'reminder') reminders++;
      if (step === 'decision') decisions++;
    }
    after = page[page.length - 1]!.contractNumber;
    if (page.length < chunk) break;
  }
  return { reminders, decisions };
}

/** The next dunning step of one contract that may owe something. */
async function dunContract(
  deps: MoneyDeps,
  c: Pick<ContractRow, 'applicationId' | 'contractNumber' | 'mandateReference'>,
  today: string,
  now: Date,
): Promise<'reminder' | 'decision' | undefined> {
  const id = c.applicationId;
  const owed = (await owedOf(deps.db.orm, id)).owedCents;
  if (owed <= 0) return undefined;
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
    return undefined;
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
    dueCents: owed,
    notices: notices.map((n) => ({ level: n.level as 1 | 2, deadline: n.deadline })),
    decisionOpen,
    paused: dunningPaused(await pauseFactsOf(deps.db.orm, id)),
  });
  if (step.kind === 'decision') {
    await deps.db.orm.insert(moneyTasks).values({
      applicationId: id,
      kind: 'dunning_decision',
      reason: `open ${owed}`,
      createdAt: now,
    });
    return 'decision';
  }
  if (step.kind !== 'reminder') return undefined;
  const app = (await deps.db.orm.select().from(applications).where(eq(applications.id, id)))[0];
  if (!app) return undefined;
  const model = formModelOf(app);
  const to = model.firstTenant.email;
  const creditor = creditorOf(deps);
  const amountCents = owed;
  await deps.db.orm.insert(dunningNotices).values({
    applicationId: id,
    level: step.level,
    amountCents,
    deadline: step.deadline,
    sentAt: now,
  });
  if (!to) return 'reminder'; // no address: the back office writes (the notice row says what)
  const png = await (
    await qrCodeLoaded()
  ).toBuffer(epcPayload({ ...creditor, amountCents, reference: c.contractNumber }), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 300,
  });
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
  return 'reminder';
}
