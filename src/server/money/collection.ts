import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  addBusinessDays,
  debitEndToEndId,
  formatIsoDate,
  handedOverPeriods,
  inFlight,
  openByPeriod,
  planCollection,
  todayInBerlin,
  type FormModel,
  type LedgerEntry,
} from '../../domain/index';
import { anyText, anyUuid } from '../db/anyOf';
import { executeSqlIn, type Tx } from '../db/client';
import {
  applications,
  contracts,
  ledgerEntries,
  paymentBatches,
  sepaDebits,
  sepaMandates,
  type ContractRow,
  type SepaDebitRow,
} from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import { entriesByApplication, entryRows, ledgerPeriodOf } from './ledger';
import {
  handedOverCentsByApplication,
  instalmentsToCollectOf,
  type ToCollect,
} from './instalments';
import { debitsOfApplications } from './debitsOf';
import { currentMandate, isFirstMandate, type MandateRow } from './mandates';
import { creditorOf, type MoneyDeps } from './deps';
import { preNoticeMail } from './mails';
import type { DebitLine } from './painFiles';
import { DirectDebitWriter, type DebitBlock } from './painStream';
import { endOf, planOf, settleAndBook } from './settle';
import { salutationOf } from './people';
import { draftRefundBatch } from './refunds';
import { draftPayoutBatch, requestUndisputedPayouts } from './payouts';
import { runDunning } from './dunning';
import { settleRecourse } from '../claims/recourse';

export interface CollectionReport {
  collected: number;
  duesBooked: number;
  notices: number;
  batchId: string | undefined;
  refundBatchId: string | undefined;
  /** Claim payouts left open (e.g. from a discarded file) go into a new file (ADR 1256). */
  payoutBatchId: string | undefined;
  reminders: number;
  decisions: number;
}

/**
 * Contracts (or debits) per transaction of the collection run: keyset pages of this size keep
 * each transaction short and the main loop free between pages (ADR 1270).
 */
const COLLECTION_CHUNK = 500;

/**
 * Debits presented and due by today are booked as collected, a page at a time in one statement
 * each (status and ledger together); a return reverses them later. Money that arrives after the
 * contract ended is settled again (a refund may follow).
 */
async function bookCollected(
  deps: MoneyDeps,
  today: string,
  now: Date,
  chunk: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const booked = await executeSqlIn(
        tx,
        `WITH d AS (
           UPDATE sepa_debits SET status = 'collected'
            WHERE id IN (SELECT id FROM sepa_debits
                          WHERE status = 'presented' AND due_on <= $1::date
                          -- the order of sepa_debits_status_idx: a page reads its rows off the
                          -- index instead of sorting every debit still presented (ADR 1320)
                          ORDER BY due_on LIMIT $2)
              AND status = 'presented'
           RETURNING id, application_id, amount_cents, period, due_on, instalment_id)
         INSERT INTO ledger_entries
                (application_id, kind, amount_cents, period, booked_on, created_at, source)
         SELECT application_id, 'collected', amount_cents,
                -- an instalment pays an amount, not a period (ledgerPeriodOf)
                CASE WHEN instalment_id IS NULL THEN period END, due_on, $3::timestamptz,
                'debit:' || id || CASE WHEN instalment_id IS NULL
                                       THEN ':' || to_char(period, 'YYYY-MM-DD') ELSE '' END
           FROM d
         RETURNING application_id, source`,
        [today, chunk, now.toISOString()],
      );
      const rows = booked.rows as { application_id: string; source: string }[];
      if (rows.length === 0) return 0;
      const ended = await tx
        .select()
        .from(contracts)
        .where(
          and(
            inArray(contracts.applicationId, [...new Set(rows.map((r) => r.application_id))]),
            inArray(contracts.status, ['withdrawn', 'cancelled', 'released']),
          ),
        );
      for (const c of ended) {
        const end = endOf(c);
        if (!end) continue;
        for (const r of rows.filter((x) => x.application_id === c.applicationId)) {
          const debitId = r.source.split(':')[1]!;
          await settleAndBook(tx, c, end, now, `resettle:debit:${debitId}`);
        }
      }
      // Contracts owing recourse: what arrived may repay claim items (ADR 1280).
      const owingRecourse = await tx
        .selectDistinct({ id: ledgerEntries.applicationId })
        .from(ledgerEntries)
        .where(
          and(
            inArray(ledgerEntries.applicationId, [...new Set(rows.map((r) => r.application_id))]),
            eq(ledgerEntries.kind, 'claim_payout'),
          ),
        );
      for (const { id } of owingRecourse) await settleRecourse(tx, id, now);
      return rows.length;
    });
    total += n;
    if (n < chunk) return total;
  }
}

interface Planned {
  debitId: string;
  contract: ContractRow;
  model: FormModel;
  notice: NonNullable<Parameters<typeof preNoticeMail>[0]['reason']>;
}

/** A planned debit's pre-notification before its id and the tenant's model are known. */
type Notice = Omit<Planned, 'debitId' | 'model'>;

/** What the planning of one page of contracts reads, loaded for the whole page at once. */
interface PageData {
  mandates: Map<string, MandateRow>;
  entries: Map<string, LedgerEntry[]>;
  debits: Map<string, SepaDebitRow[]>;
  toCollect: Map<string, ToCollect>;
  handedOverCents: Map<string, number>;
}

/** What planning one contract writes; the page writes all its contracts' rows together. */
interface PageWrites {
  stale: string[];
  dues: ReturnType<typeof entryRows>;
  debits: (typeof sepaDebits.$inferInsert)[];
  notices: Map<string, Notice>;
}

const groupBy = <T>(rows: readonly T[], key: (r: T) => string) => {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
};

async function loadPage(tx: Tx, page: readonly ContractRow[]): Promise<PageData> {
  const ids = page.map((c) => c.applicationId);
  // One after the other: a transaction is one connection (pg refuses queries side by side).
  const mandates = await tx
    .select()
    .from(sepaMandates)
    .where(
      anyText(
        sepaMandates.reference,
        page.map((c) => c.mandateReference),
      ),
    );
  const entries = await entriesByApplication(tx, ids);
  const debits = await debitsOfApplications(tx, ids);
  const toCollect = await instalmentsToCollectOf(tx, ids);
  const handedOverCents = await handedOverCentsByApplication(tx, ids);
  return {
    mandates: new Map(mandates.map((m) => [m.reference, m])),
    entries,
    debits: groupBy(debits, (d) => d.applicationId),
    toCollect,
    handedOverCents,
  };
}

/** Books the premiums falling due and plans the debits of one contract (into `out`). */
async function planContract(
  deps: MoneyDeps,
  tx: Tx,
  c: ContractRow,
  today: string,
  now: Date,
  data: PageData,
  out: PageWrites,
): Promise<void> {
  const mandate =
    data.mandates.get(c.mandateReference) ??
    (await currentMandate(tx, c, (await modelsOf(tx, [c.applicationId])).get(c.applicationId)!));
  if (!mandate) return;
  const entries = data.entries.get(c.applicationId) ?? [];
  // Planned debits that no longer fit (a settlement changed the amount, a new mandate) go;
  // they are planned again below.
  const open = openByPeriod(entries);
  const mine = data.debits.get(c.applicationId) ?? [];
  const stale = mine.filter(
    (d) =>
      d.status === 'planned' &&
      (d.mandateReference !== mandate.reference ||
        mandate.stoppedAt !== null ||
        c.status === 'withdrawn' ||
        (!d.instalmentId && open.get(d.period) !== d.amountCents)),
  );
  out.stale.push(...stale.map((d) => d.id));
  const debits = mine.filter((d) => !stale.includes(d));
  const toCollect = data.toCollect.get(c.applicationId) ?? { instalments: [], coveredPeriods: [] };
  // What was handed over to collection the agency collects: never presented again (ADR 1229).
  const handedOverCents = data.handedOverCents.get(c.applicationId) ?? 0;
  const handedOver =
    handedOverCents > 0
      ? handedOverPeriods(
          open,
          handedOverCents,
          new Set([
            ...toCollect.coveredPeriods,
            ...debits.filter((d) => !d.instalmentId && inFlight.has(d.status)).map((d) => d.period),
          ]),
        )
      : [];
  const plan = planCollection({
    today,
    leadBusinessDays: deps.config.sepa.leadBusinessDays,
    noticeDays: deps.config.sepa.prenoticeDays,
    plan: planOf(c),
    endOn: c.status === 'active' ? null : c.endOn,
    entries,
    debits,
    mandate: {
      reference: mandate.reference,
      stopped: mandate.stoppedAt !== null,
      first: isFirstMandate(mandate.reference),
    },
    collect: c.status !== 'withdrawn',
    instalments: toCollect.instalments,
    coveredPeriods: [...toCollect.coveredPeriods, ...handedOver],
  });
  for (const e of plan.dues)
    out.dues.push(...entryRows(c.applicationId, [e], { source: 'due', bookedOn: today, now }));
  for (const d of plan.debits) {
    const e2e = debitEndToEndId(c.contractNumber, d);
    out.debits.push({
      applicationId: c.applicationId,
      period: d.period,
      attempt: d.attempt,
      amountCents: d.amountCents,
      dueOn: d.dueOn,
      mandateReference: mandate.reference,
      sequence: d.sequence,
      endToEndId: e2e,
      instalmentId: d.instalment?.id ?? null,
      status: 'planned',
      createdAt: now,
    });
    if (d.notice) out.notices.set(e2e, { contract: c, notice: d.notice });
  }
}

/** Contracts planned between two turns of the event loop. */
const YIELD_EVERY = 100;

/** Debits per piece of the file built between two turns of the event loop. */
const WRITE_LINES = 100;

/** A turn of the event loop: the server answers requests between stretches of batch work. */
const turn = () => new Promise<void>((r) => setImmediate(r));

/** Rows per INSERT: well below the 65,535 bind parameters of one statement. */
const INSERT_ROWS = 2000;

/**
 * The page's rows go in as one JSON parameter that the database unpacks (ADR 1350): building a
 * 2,000-row VALUES list with 14,000-22,000 bind parameters cost the main thread ~100 ms per
 * statement (drizzle's query builder) and the database as much again to parse and bind.
 */
async function insertDues(tx: Tx, rows: PageWrites['dues']): Promise<void> {
  if (rows.length === 0) return;
  await executeSqlIn(
    tx,
    `INSERT INTO ledger_entries
            (application_id, kind, amount_cents, period, booked_on, created_at, source)
     SELECT r.a, r.k, r.c, r.p, r.b, r.t, r.s
       FROM jsonb_to_recordset($1::jsonb)
            AS r(a uuid, k text, c integer, p date, b date, t timestamptz, s text)`,
    [
      JSON.stringify(
        rows.map((e) => ({
          a: e.applicationId,
          k: e.kind,
          c: e.amountCents,
          p: e.period,
          b: e.bookedOn,
          t: e.createdAt.toISOString(),
          s: e.source,
        })),
      ),
    ],
  );
}

/** The page's planned debits in one statement (as `insertDues`); their ids by end-to-end id. */
async function insertDebits(
  tx: Tx,
  rows: PageWrites['debits'],
): Promise<{ id: string; endToEndId: string }[]> {
  if (rows.length === 0) return [];
  const r = await executeSqlIn(
    tx,
    `INSERT INTO sepa_debits (application_id, period, attempt, amount_cents, due_on,
            mandate_reference, sequence, end_to_end_id, instalment_id, status, created_at)
     SELECT r.a, r.p, r.n, r.c, r.d, r.m, r.q, r.e, r.i, r.s, r.t
       FROM jsonb_to_recordset($1::jsonb)
            AS r(a uuid, p date, n integer, c integer, d date, m text, q text, e text, i uuid,
                 s text, t timestamptz)
     RETURNING id, end_to_end_id`,
    [
      JSON.stringify(
        rows.map((d) => ({
          a: d.applicationId,
          p: d.period,
          n: d.attempt,
          c: d.amountCents,
          d: d.dueOn,
          m: d.mandateReference,
          q: d.sequence,
          e: d.endToEndId,
          i: d.instalmentId ?? null,
          s: d.status,
          t: (d.createdAt as Date).toISOString(),
        })),
      ),
    ],
  );
  return (r.rows as { id: string; end_to_end_id: string }[]).map((x) => ({
    id: x.id,
    endToEndId: x.end_to_end_id,
  }));
}

/**
 * The tenants' form models of these contracts. Only a pre-notification (its address and
 * salutation) and a contract without a mandate row need one (ADR 1400): the page no longer
 * reads every contract's application (~2.3 kB of JSON each, 230 MB at 100,000 contracts).
 */
async function modelsOf(tx: Tx, ids: readonly string[]): Promise<Map<string, FormModel>> {
  if (ids.length === 0) return new Map();
  const apps = await tx.select().from(applications).where(anyUuid(applications.id, ids));
  return new Map(apps.map((a) => [a.id, formModelOf(a)]));
}

/** Plans one page of contracts in one transaction: reads and writes set-based. */
async function planPage(
  deps: MoneyDeps,
  page: readonly ContractRow[],
  today: string,
  now: Date,
): Promise<{ dues: number; planned: Planned[] }> {
  return deps.db.transaction(async (tx) => {
    const data = await loadPage(tx, page);
    const out: PageWrites = { stale: [], dues: [], debits: [], notices: new Map() };
    for (const [i, contract] of page.entries()) {
      // Let the server answer between stretches of planning (the loop stays ≤ 50 ms).
      if (i > 0 && i % YIELD_EVERY === 0) await turn();
      await planContract(deps, tx, contract, today, now, data, out);
    }
    if (out.stale.length > 0) await tx.delete(sepaDebits).where(inArray(sepaDebits.id, out.stale));
    for (let i = 0; i < out.dues.length; i += INSERT_ROWS)
      await insertDues(tx, out.dues.slice(i, i + INSERT_ROWS));
    const models = await modelsOf(tx, [
      ...new Set([...out.notices.values()].map((n) => n.contract.applicationId)),
    ]);
    const planned: Planned[] = [];
    for (let i = 0; i < out.debits.length; i += INSERT_ROWS) {
      for (const r of await insertDebits(tx, out.debits.slice(i, i + INSERT_ROWS))) {
        const n = out.notices.get(r.endToEndId);
        if (n) planned.push({ debitId: r.id, ...n, model: models.get(n.contract.applicationId)! });
      }
    }
    return { dues: out.dues.length, planned };
  });
}

/** The pre-notification of one planned debit, once (the key makes a retry the same e-mail). */
async function sendNotice(deps: MoneyDeps, p: Planned, now: Date): Promise<boolean> {
  const d = (await deps.db.orm.select().from(sepaDebits).where(eq(sepaDebits.id, p.debitId)))[0];
  const to = p.model.firstTenant.email;
  if (!d || d.noticeSentAt || !to) return false;
  await deps.mailer.send({
    to,
    key: `money-notice.${d.id}`,
    ...preNoticeMail({
      salutation: salutationOf(p.model),
      contractNumber: p.contract.contractNumber,
      reason: p.notice,
      amountCents: d.amountCents,
      dueOn: d.dueOn,
      period: ledgerPeriodOf(d),
      mandateReference: d.mandateReference,
      creditorId: deps.config.sepaCreditorId,
    }),
  });
  await deps.db.orm.update(sepaDebits).set({ noticeSentAt: now }).where(eq(sepaDebits.id, d.id));
  return true;
}

const messageId = (prefix: 'D' | 'R', today: string) =>
  `MK-${prefix}-${today.replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A debit of the page as the statement that takes it into the file answers it. */
interface TakenRow {
  end_to_end_id: string;
  amount_cents: number;
  sequence: 'FRST' | 'RCUR';
  period: string;
  instalment_id: string | null;
  mandate_reference: string;
  iban: string;
  debtor_name: string;
  signed_on: string;
  /** The debit's day before it joined the file: with the id, the key of the next page. */
  key_due: string;
}

/** A debit of the file as the writer needs it, asked for on its block's day. */
const lineOf = (d: TakenRow, dueOn: string): DebitLine => ({
  endToEndId: d.end_to_end_id,
  amountCents: d.amount_cents,
  // A debit left over from a discarded file is asked for on the earliest possible day: the
  // block's day is greatest(due day, earliest day).
  dueOn,
  sequence: d.sequence,
  mandateReference: d.mandate_reference,
  mandateSignedOn: d.signed_on,
  debtorName: d.debtor_name,
  debtorIban: d.iban,
  remittance: d.instalment_id
    ? `Rate Mietkautionsbuergschaft ${d.end_to_end_id}`
    : `Beitrag Mietkautionsbuergschaft ${d.end_to_end_id.slice(0, 14)} ab ${formatIsoDate(d.period)}`,
});

/**
 * Draws up today's file: every planned debit due by the earliest day a file made today may ask
 * for. The draft waits for a staff member to put it forward and another to approve it.
 *
 * Streamed (ADR 1270): the totals per block come from one aggregate; the debits are then read
 * a page at a time in file order, written as XML pieces into a temporary table and joined by
 * the database into the batch row, so the process never holds the whole file.
 */
async function draftDebitBatch(deps: MoneyDeps, today: string, now: Date, chunk: number) {
  const earliest = addBusinessDays(today, deps.config.sepa.leadBusinessDays);
  const asked = sql<string>`greatest(${sepaDebits.dueOn}, ${earliest}::date)`;
  const usable = and(
    eq(sepaDebits.status, 'planned'),
    sql`${sepaDebits.dueOn} <= ${earliest}::date`,
    isNull(sepaMandates.stoppedAt),
  );
  return deps.db.transaction(async (tx) => {
    const blocks: DebitBlock[] = (
      await tx
        .select({
          dueOn: sql<string>`to_char(${asked}, 'YYYY-MM-DD')`,
          sequence: sepaDebits.sequence,
          count: sql<number>`count(*)::int`,
          sumCents: sql<number>`sum(${sepaDebits.amountCents})::bigint`,
        })
        .from(sepaDebits)
        .innerJoin(sepaMandates, eq(sepaMandates.reference, sepaDebits.mandateReference))
        .where(usable)
        // by position: the day is a bound parameter, repeated it would be another expression
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`1`, sql`2`)
    ).map((b) => ({ ...b, count: Number(b.count), sumCents: Number(b.sumCents) }));
    if (blocks.length === 0) return undefined;
    const id = messageId('D', today);
    const count = blocks.reduce((a, b) => a + b.count, 0);
    const controlSumCents = blocks.reduce((a, b) => a + b.sumCents, 0);
    const batch = (
      await tx
        .insert(paymentBatches)
        .values({
          kind: 'debit',
          messageId: id,
          status: 'draft',
          xml: '',
          // replaced by the file's hash below, in the same transaction
          sha256: `pending:${id}`,
          count,
          controlSumCents,
          executionOn: blocks[0]!.dueOn,
          createdAt: now,
        })
        .returning({ id: paymentBatches.id })
    )[0]!;
    await executeSqlIn(
      tx,
      'CREATE TEMP TABLE pain_parts (n integer PRIMARY KEY, xml text NOT NULL) ON COMMIT DROP',
    );
    // The pieces of a page go into the table in one statement (ADR 1350): one row per page,
    // not per 100 lines; the process holds at most one page of the file.
    let part = 0;
    let pending: string[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const xml = pending.join('');
      pending = [];
      await executeSqlIn(tx, 'INSERT INTO pain_parts (n, xml) VALUES ($1, $2)', [part++, xml]);
    };
    const writer = new DirectDebitWriter(id, now, creditorOf(deps), blocks, (xml) => {
      pending.push(xml);
      return Promise.resolve();
    });
    for (const b of blocks) {
      // Before the first debit of every block (no day is before -infinity, no id before '').
      let key = { dueOn: '-infinity', endToEndId: '' };
      for (;;) {
        // One statement per page (ADR 1350): the next page of the block's debits still planned,
        // in file order, joins the batch (asked for on the block's day) and comes back in that
        // order (rn). The page starts after the last one's key (ADR 1400): a page taken leaves
        // `planned`, but the index keeps its old entries (dead only once the file's transaction
        // has committed), and without the key every page walked past all taken before it.
        const r = await executeSqlIn(
          tx,
          `WITH page AS (
             SELECT d.id, d.due_on, row_number() OVER (ORDER BY d.due_on, d.end_to_end_id) AS rn
               FROM sepa_debits d JOIN sepa_mandates m ON m.reference = d.mandate_reference
              WHERE d.status = 'planned' AND d.due_on <= $1::date AND m.stopped_at IS NULL
                AND d.sequence = $2 AND greatest(d.due_on, $1::date) = $3::date
                AND (d.due_on, d.end_to_end_id) > ($6::date, $7::text)
              ORDER BY d.due_on, d.end_to_end_id
              LIMIT $4),
           taken AS (
             UPDATE sepa_debits d SET status = 'in_batch', batch_id = $5, due_on = $3::date
               FROM page WHERE d.id = page.id
             RETURNING page.rn, d.end_to_end_id, d.amount_cents, d.sequence,
                       to_char(d.period, 'YYYY-MM-DD') AS period, d.instalment_id,
                       d.mandate_reference, to_char(page.due_on, 'YYYY-MM-DD') AS key_due)
           SELECT t.*, m.iban, m.debtor_name, to_char(m.signed_on, 'YYYY-MM-DD') AS signed_on
             FROM taken t JOIN sepa_mandates m ON m.reference = t.mandate_reference
            ORDER BY t.rn`,
          [earliest, b.sequence, b.dueOn, chunk, batch.id, key.dueOn, key.endToEndId],
        );
        const rows = r.rows as unknown as TakenRow[];
        if (rows.length === 0) break;
        const last = rows[rows.length - 1]!;
        key = { dueOn: last.key_due, endToEndId: last.end_to_end_id };
        const lines = rows.map((t) => lineOf(t, b.dueOn));
        // The `sepa` package builds a piece in one go: pieces of WRITE_LINES keep each one short.
        for (let i = 0; i < lines.length; i += WRITE_LINES) {
          await writer.add(lines.slice(i, i + WRITE_LINES));
          await turn();
        }
        await flush();
        if (rows.length < chunk) break;
      }
    }
    const file = await writer.end();
    await flush();
    await executeSqlIn(
      tx,
      `UPDATE payment_batches
          SET xml = (SELECT string_agg(xml, '' ORDER BY n) FROM pain_parts), sha256 = $2
        WHERE id = $1`,
      [batch.id, file.sha256],
    );
    return batch.id;
  });
}

/**
 * The daily collection run (pg-boss job `collection`): book what was collected, book premiums
 * falling due, plan debits and send their pre-notifications, draft the day's file. Safe to run
 * twice a day: every step looks at what is already there. Contracts are planned in keyset pages
 * of `chunk` (ADR 1270).
 */
export async function runCollection(
  deps: MoneyDeps,
  now = deps.clock.now(),
  chunk = COLLECTION_CHUNK,
): Promise<CollectionReport> {
  const today = todayInBerlin(now);
  const collected = await bookCollected(deps, today, now, chunk);
  let duesBooked = 0;
  let notices = 0;
  let after: string | undefined;
  for (;;) {
    // Contracts only: the applications' models are read for the few contracts that need one
    // (modelsOf, ADR 1400); every contract has its application (foreign key). In the order of
    // their numbers, which is the order they were made in (ADR 1498): a page's contracts, mandates,
    // debits and ledger entries then lie side by side on disk, where the order of the random
    // application ids read a page of the disk for nearly every row.
    const page = await deps.db.orm
      .select()
      .from(contracts)
      .where(after ? gt(contracts.contractNumber, after) : undefined)
      .orderBy(asc(contracts.contractNumber))
      .limit(chunk);
    if (page.length === 0) break;
    const r = await planPage(deps, page, today, now);
    duesBooked += r.dues;
    for (const p of r.planned) if (await sendNotice(deps, p, now)) notices++;
    after = page[page.length - 1]!.contractNumber;
    if (page.length < chunk) break;
    await turn();
  }
  const batchId = await draftDebitBatch(deps, today, now, chunk);
  const refundBatchId = await draftRefundBatch(deps, now);
  await requestUndisputedPayouts(deps, now);
  const payoutBatchId = await draftPayoutBatch(deps, now);
  const dunning = await runDunning(deps, now);
  const report = {
    collected,
    duesBooked,
    notices,
    batchId,
    refundBatchId,
    payoutBatchId,
    ...dunning,
  };
  deps.log.info({ report }, 'collection run');
  return report;
}
