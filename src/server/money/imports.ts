import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  BankFileError,
  readBankFile,
  returnActionOf,
  todayInBerlin,
  type BankItem,
} from '../../domain/index';
import type { Tx } from '../db/client';
import { keyset, QUEUE_PAGE } from '../db/keyset';
import {
  applications,
  bankImportItems,
  bankImports,
  contracts,
  ledgerEntries,
  moneyTasks,
  paymentBatches,
  claimPayouts,
  refunds,
  sepaDebits,
  sepaMandates,
  type SepaDebitRow,
} from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import { MoneyError } from './batches';
import type { MoneyDeps } from './deps';
import { book, entryRows, ledgerPeriodOf } from './ledger';
import { payoutPaid } from './payouts';
import { settleRecourse } from '../claims/recourse';
import { ibanNeededMail } from './mails';
import { salutationOf } from './people';

export interface ImportReport {
  duplicate: boolean;
  format?: string;
  matched: number;
  unmatched: number;
  /** What each matched item led to, e.g. 'AC04:stop_mandate,ask_iban'. */
  actions: string[];
}

interface AfterCommit {
  ibanMail?: { debit: SepaDebitRow; firstReturn: boolean };
}

/** A return (or rejection) of one of our debits, with the action of its reason code. */
async function applyReturn(
  tx: Tx,
  d: SepaDebitRow,
  item: BankItem,
  itemId: string,
  today: string,
  now: Date,
): Promise<{ action: string; after: AfterCommit }> {
  if (d.status === 'returned' || d.status === 'planned')
    return { action: 'already_returned', after: {} };
  await tx
    .update(sepaDebits)
    .set({ status: 'returned', returnReason: item.reason ?? null })
    .where(eq(sepaDebits.id, d.id));
  if (d.status === 'collected')
    await book(
      tx,
      d.applicationId,
      [{ kind: 'returned', amountCents: d.amountCents, period: ledgerPeriodOf(d) }],
      { source: `return:${d.id}`, bookedOn: today, now },
    );
  const earlier = await tx
    .select({ id: sepaDebits.id })
    .from(sepaDebits)
    .where(
      and(
        eq(sepaDebits.applicationId, d.applicationId),
        eq(sepaDebits.status, 'returned'),
        ne(sepaDebits.id, d.id),
      ),
    );
  const firstReturn = earlier.length === 0;
  const done: string[] = [];
  // The bank's fee is passed on only as charged, never for a contract's first return.
  if (item.feeCents > 0 && !firstReturn) {
    await book(tx, d.applicationId, [{ kind: 'fee', amountCents: item.feeCents }], {
      source: `fee:${itemId}`,
      bookedOn: today,
      now,
    });
    done.push(`fee_${item.feeCents}`);
  }
  const action = returnActionOf(item.reason);
  if (action.stopMandate) {
    await tx
      .update(sepaMandates)
      .set({ stoppedAt: now, stopReason: item.reason ?? 'unknown' })
      .where(eq(sepaMandates.reference, d.mandateReference));
    done.push('stop_mandate');
  }
  if (action.staffTask) {
    await tx.insert(moneyTasks).values({
      applicationId: d.applicationId,
      kind: 'mandate_dispute',
      reason: item.reason ?? null,
      createdAt: now,
    });
    done.push('staff_task');
  }
  if (action.represent !== 'never') done.push(`represent_${action.represent}`);
  if (action.dunning) done.push('dunning');
  const after: AfterCommit = {};
  if (action.askForIban) {
    after.ibanMail = { debit: d, firstReturn };
    done.push('ask_iban');
  }
  return { action: `${item.reason ?? '?'}:${done.join(',')}`, after };
}

/** The bank reverses an earlier return: the money is there after all. */
async function applyReversal(tx: Tx, d: SepaDebitRow, today: string, now: Date) {
  if (d.status !== 'returned') return 'reversal_ignored';
  await tx.update(sepaDebits).set({ status: 'collected' }).where(eq(sepaDebits.id, d.id));
  await book(
    tx,
    d.applicationId,
    [{ kind: 'collected', amountCents: d.amountCents, period: ledgerPeriodOf(d) }],
    { source: `reversal:${d.id}`, bookedOn: today, now },
  );
  await settleRecourse(tx, d.applicationId, now);
  return 'reversal';
}

/** A credit for a presented debit confirms it before the run would book it. */
async function applyCredit(tx: Tx, d: SepaDebitRow, today: string, now: Date) {
  if (d.status !== 'presented') return 'credit_seen';
  await tx.update(sepaDebits).set({ status: 'collected' }).where(eq(sepaDebits.id, d.id));
  await book(
    tx,
    d.applicationId,
    [{ kind: 'collected', amountCents: d.amountCents, period: ledgerPeriodOf(d) }],
    { source: `debit:${d.id}`, bookedOn: today, now },
  );
  // The money may repay claim payouts (recourse, ADR 1280).
  await settleRecourse(tx, d.applicationId, now);
  return 'collected';
}

/** Our refund transfer left the account: paid. */
export async function refundPaid(tx: Tx, refundId: string, today: string, now: Date) {
  const r = (
    await tx
      .update(refunds)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(refunds.id, refundId), ne(refunds.status, 'paid')))
      .returning()
  )[0];
  if (!r) return 'refund_seen';
  await book(tx, r.applicationId, [{ kind: 'refund_paid', amountCents: r.amountCents }], {
    source: `refund:${r.id}`,
    bookedOn: today,
    now,
  });
  return 'refund_paid';
}

/** Reads the file a few entries at a time, giving the event loop a turn in between. */
async function readInTurns(xml: string) {
  const steps = readBankFile(xml);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Entries matched per page: one query for their debits, one for their refunds. */
const IMPORT_PAGE = 1000;

/** The debits and refunds a page of entries names by end-to-end id. */
async function matchesOf(tx: Tx, page: readonly BankItem[]) {
  const ids = [...new Set(page.flatMap((i) => (i.endToEndId ? [i.endToEndId] : [])))];
  const debits =
    ids.length > 0
      ? await tx.select().from(sepaDebits).where(inArray(sepaDebits.endToEndId, ids))
      : [];
  const isDebit = new Set(debits.map((d) => d.endToEndId));
  const rest = ids.filter((id) => !isDebit.has(id));
  const found =
    rest.length > 0 ? await tx.select().from(refunds).where(inArray(refunds.endToEndId, rest)) : [];
  const isRefund = new Set(found.map((r) => r.endToEndId));
  const others = rest.filter((id) => !isRefund.has(id));
  // Payouts to landlords on claims (issue 26, ADR 1256) are the third kind of our transfers.
  const payouts =
    others.length > 0
      ? await tx.select().from(claimPayouts).where(inArray(claimPayouts.endToEndId, others))
      : [];
  return {
    debits: new Map(debits.map((d) => [d.endToEndId, d])),
    refunds: new Map(found.map((r) => [r.endToEndId, r])),
    payouts: new Map(payouts.map((p) => [p.endToEndId, p])),
    /** End-to-end ids an entry of this file has already acted on. */
    seen: new Set<string>(),
  };
}

interface PageRow {
  item: BankItem;
  debit: SepaDebitRow | undefined;
  refund: { applicationId: string } | undefined;
  payout: { applicationId: string } | undefined;
}

/**
 * The entries of a page that are the bank's credit for a presented debit and the only entry of
 * the page for their contract and their end-to-end id (and none before): what `applyCredit`
 * would do to each does not depend on any other entry, so they can be done together.
 */
function creditsAlone(
  rows: readonly PageRow[],
  seen: ReadonlySet<string>,
): Map<number, SepaDebitRow> {
  const perContract = new Map<string, number>();
  const perId = new Map<string, number>();
  for (const { item, debit, refund, payout } of rows) {
    const contract = (debit ?? refund ?? payout)?.applicationId;
    if (contract) perContract.set(contract, (perContract.get(contract) ?? 0) + 1);
    if (item.endToEndId) perId.set(item.endToEndId, (perId.get(item.endToEndId) ?? 0) + 1);
  }
  const alone = new Map<number, SepaDebitRow>();
  for (const [n, { item, debit }] of rows.entries())
    if (
      debit &&
      item.kind === 'credit' &&
      debit.status === 'presented' &&
      item.endToEndId &&
      !seen.has(item.endToEndId) &&
      perId.get(item.endToEndId) === 1 &&
      perContract.get(debit.applicationId) === 1
    )
      alone.set(n, debit);
  return alone;
}

/**
 * `applyCredit` for many debits in four statements: the debits collected, their ledger entries
 * (same source key, so a second booking is still refused), then the recourse of the few
 * contracts with claim payouts, in the order of the entries.
 */
async function collectCredits(
  tx: Tx,
  alone: ReadonlyMap<number, SepaDebitRow>,
  today: string,
  now: Date,
): Promise<void> {
  const debits = [...alone.values()];
  if (debits.length === 0) return;
  await tx
    .update(sepaDebits)
    .set({ status: 'collected' })
    .where(
      inArray(
        sepaDebits.id,
        debits.map((d) => d.id),
      ),
    );
  await tx
    .insert(ledgerEntries)
    .values(
      debits.flatMap((d) =>
        entryRows(
          d.applicationId,
          [{ kind: 'collected', amountCents: d.amountCents, period: ledgerPeriodOf(d) }],
          { source: `debit:${d.id}`, bookedOn: today, now },
        ),
      ),
    );
  const apps = debits.map((d) => d.applicationId);
  const owing = new Set(
    (
      await tx
        .selectDistinct({ id: ledgerEntries.applicationId })
        .from(ledgerEntries)
        .where(
          and(inArray(ledgerEntries.applicationId, apps), eq(ledgerEntries.kind, 'claim_payout')),
        )
    ).map((r) => r.id),
  );
  for (const id of apps) if (owing.has(id)) await settleRecourse(tx, id, now);
}

/**
 * A staff member uploads a bank file. The same file twice changes nothing (its SHA-256 is
 * unique); a return already known is not acted on again. Items we cannot match wait in the
 * queue (`bank_import_items.status = 'unmatched'`).
 */
export async function importBankFile(
  deps: MoneyDeps,
  xml: string,
  staffId: string,
): Promise<ImportReport> {
  if (!staffId.trim()) throw new MoneyError(401, 'staff_required', 'staff required');
  const sha256 = createHash('sha256').update(xml).digest('hex');
  const known = await deps.db.orm
    .select({ id: bankImports.id })
    .from(bankImports)
    .where(eq(bankImports.sha256, sha256));
  if (known.length > 0) return { duplicate: true, matched: 0, unmatched: 0, actions: [] };
  let file;
  try {
    file = await readInTurns(xml);
  } catch (err) {
    if (err instanceof BankFileError)
      throw new MoneyError(
        400,
        'invalid_file',
        `Die Datei ist keine lesbare Bankdatei (camt.053, camt.054 oder pain.002): ${err.message}`,
      );
    throw err;
  }
  const now = deps.clock.now();
  const today = todayInBerlin(now);
  const after: AfterCommit[] = [];
  const report = await deps.db.transaction(async (tx) => {
    const imp = (
      await tx
        .insert(bankImports)
        .values({ sha256, format: file.format, importedBy: staffId, importedAt: now, items: 0 })
        .onConflictDoNothing()
        .returning({ id: bankImports.id })
    )[0];
    if (!imp) return { duplicate: true, matched: 0, unmatched: 0, actions: [] };
    const items = file.items;
    // A whole file rejected (pain.002 group status RJCT): the file, not the accounts, was at
    // fault; its debits were never presented and go back to 'planned' for the next file.
    const actions: string[] = [];
    if (file.groupRejected && file.originalMessageId) {
      const batch = (
        await tx
          .select()
          .from(paymentBatches)
          .where(eq(paymentBatches.messageId, file.originalMessageId))
      )[0];
      if (batch) {
        const back = await tx
          .update(sepaDebits)
          .set({ status: 'planned', batchId: null })
          .where(and(eq(sepaDebits.batchId, batch.id), eq(sepaDebits.status, 'presented')))
          .returning({ id: sepaDebits.id });
        actions.push(`group_rejected:${file.groupRejected.reason ?? '?'}:${back.length}`);
      } else actions.push('group_rejected:unknown_file');
    }
    let matched = 0;
    for (let i = 0; i < items.length; i += IMPORT_PAGE) {
      const page = items.slice(i, i + IMPORT_PAGE);
      // One lookup per page of entries, not one per entry (ADR 1270).
      const known = await matchesOf(tx, page);
      const rows = page.map((item) => {
        const debit = item.endToEndId ? known.debits.get(item.endToEndId) : undefined;
        const refund = !debit && item.endToEndId ? known.refunds.get(item.endToEndId) : undefined;
        const payout =
          !debit && !refund && item.endToEndId ? known.payouts.get(item.endToEndId) : undefined;
        return {
          item,
          debit,
          refund,
          payout,
          row: {
            id: randomUUID(),
            importId: imp.id,
            endToEndId: item.endToEndId ?? null,
            kind: item.kind,
            reason: item.reason ?? null,
            amountCents: item.amountCents,
            feeCents: item.feeCents,
            debitId: debit?.id ?? null,
            refundId: refund?.id ?? null,
            payoutId: payout?.id ?? null,
            status: debit || refund || payout ? ('matched' as const) : ('unmatched' as const),
          },
        };
      });
      await tx.insert(bankImportItems).values(rows.map((r) => r.row));
      const done: (string | undefined)[] = rows.map(() => undefined);
      // The bank's credits for presented debits, the bulk of a statement, are booked for the
      // whole page at once when nothing else in the page touches their contract (ADR 1325).
      const alone = creditsAlone(rows, known.seen);
      await collectCredits(tx, alone, today, now);
      for (const n of alone.keys()) known.seen.add(page[n]!.endToEndId!);
      for (const [n, { item, row, refund, payout }] of rows.entries()) {
        if (alone.has(n)) {
          done[n] = 'collected';
          matched++;
          continue;
        }
        // An entry changes its debit: a later entry of the same debit reads it again.
        const id = item.endToEndId;
        const debit =
          id && known.debits.has(id)
            ? known.seen.has(id)
              ? (await tx.select().from(sepaDebits).where(eq(sepaDebits.endToEndId, id)))[0]
              : known.debits.get(id)
            : undefined;
        if (id) known.seen.add(id);
        let action: string | undefined;
        if (debit && item.kind === 'return') {
          const r = await applyReturn(tx, debit, item, row.id, today, now);
          action = r.action;
          after.push(r.after);
        } else if (debit && item.kind === 'reversal')
          action = await applyReversal(tx, debit, today, now);
        else if (debit && item.kind === 'credit') action = await applyCredit(tx, debit, today, now);
        else if (refund && item.kind === 'debit')
          action = await refundPaid(tx, refund.id, today, now);
        else if (payout && item.kind === 'debit')
          action = await payoutPaid(tx, payout.id, 'statement', 'system', now);
        else if (debit || refund || payout) action = `${item.kind}_not_applicable`;
        done[n] = action;
        if (debit || refund || payout) matched++;
      }
      for (const a of done) if (a !== undefined) actions.push(a);
    }
    await tx.update(bankImports).set({ items: items.length }).where(eq(bankImports.id, imp.id));
    return {
      duplicate: false,
      format: file.format,
      matched,
      unmatched: items.length - matched,
      actions,
    };
  });
  for (const a of after)
    if (a.ibanMail) await askForIban(deps, a.ibanMail.debit, a.ibanMail.firstReturn);
  deps.log.info(
    { format: report.format, matched: report.matched, unmatched: report.unmatched },
    'bank file imported',
  );
  return report;
}

/** AC01/AC04/AC06/AG01: the link to the contract page, where the IBAN change already is. */
async function askForIban(deps: MoneyDeps, d: SepaDebitRow, firstReturn: boolean) {
  const row = (
    await deps.db.orm
      .select({ app: applications, contract: contracts })
      .from(contracts)
      .innerJoin(applications, eq(applications.id, contracts.applicationId))
      .where(eq(contracts.applicationId, d.applicationId))
  )[0];
  if (!row) return;
  const model = formModelOf(row.app);
  const to = model.firstTenant.email;
  if (!to) return;
  await deps.mailer.send({
    to,
    key: `money-iban.${d.id}`,
    ...ibanNeededMail({
      salutation: salutationOf(model),
      contractNumber: row.contract.contractNumber,
      amountCents: d.amountCents,
      dueOn: d.dueOn,
      contractPageUrl: `${deps.config.publicUrl.replace(/\/$/, '')}/vertrag`,
      firstReturn,
    }),
  });
}

/** One page of the unmatched items, oldest import first (keyset on the import's time, item id). */
export async function unmatchedItems(deps: MoneyDeps, after?: string, size = QUEUE_PAGE) {
  const k = keyset(bankImports.importedAt, bankImportItems.id, 'asc', after, size);
  const rows = await deps.db.orm
    .select({
      id: bankImportItems.id,
      endToEndId: bankImportItems.endToEndId,
      kind: bankImportItems.kind,
      reason: bankImportItems.reason,
      amountCents: bankImportItems.amountCents,
      importedAt: bankImports.importedAt,
    })
    .from(bankImportItems)
    .innerJoin(bankImports, eq(bankImports.id, bankImportItems.importId))
    .where(and(eq(bankImportItems.status, 'unmatched'), k.after))
    .orderBy(...k.orderBy)
    .limit(k.limit);
  const { page, next } = k.page(rows, (r) => ({ at: r.importedAt, id: r.id }));
  return { items: page.map(({ importedAt: _at, ...item }) => item), next };
}

/** A staff member has dealt with an unmatched item (e.g. booked it by hand, sent it back). */
export async function resolveItem(deps: MoneyDeps, itemId: string, staffId: string) {
  if (!staffId.trim()) throw new MoneyError(401, 'staff_required', 'staff required');
  await deps.db.orm
    .update(bankImportItems)
    .set({ status: 'resolved', resolvedBy: staffId })
    .where(and(eq(bankImportItems.id, itemId), eq(bankImportItems.status, 'unmatched')));
}
