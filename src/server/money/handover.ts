import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { formatCents, formatDate, formatIsoDate, todayInBerlin } from '../../domain/index';
import type { Orm, Tx } from '../db/client';
import {
  applications,
  collectionHandovers,
  contracts,
  dunningNotices,
  moneyTasks,
} from '../db/schema/index';
import { csvCell } from '../services/csv';
import { formModelOf } from '../services/storedModel';
import { moneyOpsTexts } from '../texts/moneyOps';
import { owedOf } from './instalments';

/**
 * Hand-over to a collection agency (ADR 1229): the amount owed now is recorded (dunning leaves
 * it alone from then on) and the waiting decision is done. The export is a CSV for the agency,
 * streamed page by page, every cell through `csvCell` (no formulas, no bidi controls; ADR 1135).
 */
export async function handOver(
  tx: Tx,
  applicationId: string,
  staffId: string,
  now: Date,
): Promise<number> {
  const { owedCents } = await owedOf(tx, applicationId);
  if (owedCents <= 0) return 0;
  await tx
    .insert(collectionHandovers)
    .values({ applicationId, amountCents: owedCents, handedOverBy: staffId, handedOverAt: now });
  await tx
    .update(moneyTasks)
    .set({ doneAt: now, doneBy: staffId, decision: 'collection' })
    .where(
      and(
        eq(moneyTasks.applicationId, applicationId),
        eq(moneyTasks.kind, 'dunning_decision'),
        isNull(moneyTasks.doneAt),
      ),
    );
  return owedCents;
}

const PAGE = 500;
const cell = (v: string) => csvCell(v, ';');

/** One CSV line per hand-over (all of them, oldest first), header first; streamed. */
export function handoverCsv(db: Orm): Readable {
  const t = moneyOpsTexts.handoverCsv;
  async function* lines() {
    yield `${t.header.map(cell).join(';')}\r\n`;
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const page = await db
        .select({ h: collectionHandovers, number: contracts.contractNumber, app: applications })
        .from(collectionHandovers)
        .innerJoin(contracts, eq(contracts.applicationId, collectionHandovers.applicationId))
        .innerJoin(applications, eq(applications.id, collectionHandovers.applicationId))
        .where(
          after
            ? or(
                gt(collectionHandovers.handedOverAt, after.at),
                and(
                  eq(collectionHandovers.handedOverAt, after.at),
                  gt(collectionHandovers.id, after.id),
                ),
              )
            : undefined,
        )
        .orderBy(asc(collectionHandovers.handedOverAt), asc(collectionHandovers.id))
        .limit(PAGE);
      if (page.length === 0) return;
      const notices = await db
        .select()
        .from(dunningNotices)
        .where(
          inArray(
            dunningNotices.applicationId,
            page.map((r) => r.h.applicationId),
          ),
        );
      for (const { h, number, app } of page) {
        const m = formModelOf(app);
        const a = m.firstTenant.address;
        const sent = (level: number) =>
          notices
            .filter((n) => n.applicationId === h.applicationId && n.level === level)
            .map((n) => formatDate(n.sentAt))
            .at(-1) ?? '';
        yield `${[
          number,
          m.firstTenant.firstName ?? '',
          m.firstTenant.lastName ?? '',
          [a.street, a.number].filter(Boolean).join(' '),
          a.zip ?? '',
          a.city ?? '',
          m.firstTenant.email ?? '',
          formatCents(h.amountCents).replace(' €', ''),
          sent(1),
          sent(2),
          formatIsoDate(todayInBerlin(h.handedOverAt)),
        ]
          .map((v) => cell(String(v)))
          .join(';')}\r\n`;
      }
      const last = page[page.length - 1]!.h;
      after = { at: last.handedOverAt, id: last.id };
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
