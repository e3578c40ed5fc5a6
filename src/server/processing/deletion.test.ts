import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { engines } from '../testing/database';
import {
  applications,
  decisions,
  deletedApplications,
  documents,
  mails,
  resumeLinks,
} from '../db/schema/index';
import { hashCid, newCid } from '../services/cid';
import { deletedReason, runDeletion } from './deletion';
import { applicationModel, personas } from './testing/personas';
import { startHarness, testNow, type Harness } from './testing/harness';

const DAY = 86_400_000;
const t0 = new Date(testNow).getTime();
const at = (days: number) => new Date(t0 + days * DAY);

describe.each(engines)('deletion on time on %s', (engine) => {
  let h: Harness;
  const ids: Record<string, string> = {};
  const cids: Record<string, string> = {};

  async function unfinished(name: string, lastChange: Date) {
    const cid = newCid();
    const row = (
      await h.db.orm
        .insert(applications)
        .values({
          cidHash: hashCid(cid),
          kind: 'contract',
          data: applicationModel(),
          reachedSteps: ['start'],
          createdAt: at(0),
          updatedAt: lastChange,
        })
        .returning({ id: applications.id })
    )[0]!;
    ids[name] = row.id;
    cids[name] = cid;
  }

  beforeAll(async () => {
    h = await startHarness(engine);
    const byName = (prefix: string) => personas.find((p) => p.name.startsWith(prefix))!;
    for (const [name, prefix] of [
      ['accepted', 'Max'],
      ['declined', 'Anna'],
      ['pending', 'Paula'],
      ['reservation', 'Rita'],
    ] as const) {
      const p = byName(prefix);
      const s = await h.submit(p.model, p.kind);
      ids[name] = s.id;
      cids[name] = s.cid;
      expect((await h.pollState(s.id, { intervalMs: 200 })).state).toBe(p.expected);
      // The e-mail is a job of its own after the decision: wait for it (a loaded machine is slow).
      for (let i = 0; i < 100 && (await h.counts(s.id)).mailsSent === 0; i++)
        await new Promise((r) => setTimeout(r, 200));
    }
    await unfinished('unfinishedOld', at(0));
    await unfinished('unfinishedRecent', at(2));
    // submitted, its job not yet run: never deleted by age
    const cid = newCid();
    ids.stuck = (
      await h.db.orm
        .insert(applications)
        .values({
          cidHash: hashCid(cid),
          kind: 'contract',
          data: applicationModel(),
          reachedSteps: [],
          orderState: 'submitted',
          createdAt: at(0),
          updatedAt: at(0),
          submittedAt: at(0),
        })
        .returning({ id: applications.id })
    )[0]!.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const remaining = async () =>
    (
      await h.db.orm
        .select({ id: applications.id })
        .from(applications)
        .where(inArray(applications.id, Object.values(ids)))
    ).map((r) => Object.keys(ids).find((k) => ids[k] === r.id));

  it('deletes nothing before the periods have passed', async () => {
    const report = await h.processing.runDeletion(at(29));
    expect(report).toMatchObject({
      days_to_keep_data_exceeded: 0,
      reservation_expired: 0,
      declined_retention: 0,
    });
    expect((await remaining()).length).toBe(7);
  });

  it('after 30 days deletes exactly the unfinished, the expired reservation and the declined', async () => {
    const report = await h.processing.runDeletion(at(31));
    expect(report).toMatchObject({
      days_to_keep_data_exceeded: 1,
      reservation_expired: 1,
      declined_retention: 1,
    });
    expect((await remaining()).sort()).toEqual(
      ['accepted', 'pending', 'stuck', 'unfinishedRecent'].sort(),
    );
    // what belonged to them went too
    for (const name of ['declined', 'reservation', 'unfinishedOld']) {
      for (const table of [decisions, documents, mails] as const) {
        const n = await h.db.orm
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.applicationId, ids[name]!));
        expect(n[0]?.n, `${name}`).toBe(0);
      }
      const links = await h.db.orm
        .select()
        .from(resumeLinks)
        .where(eq(resumeLinks.applicationId, ids[name]!));
      expect(links).toEqual([]);
    }
    // the accepted contract keeps its decision, certificate and policy, and e-mail
    expect(await h.counts(ids.accepted!)).toEqual({ decisions: 1, documents: 2, mailsSent: 1 });
  });

  it('leaves tombstones without personal data that explain a later resume link', async () => {
    const tombs = await h.db.orm.select().from(deletedApplications);
    expect(Object.keys(tombs[0]!).sort()).toEqual(['cidHash', 'deletedAt', 'reason']);
    expect(await deletedReason(h.db, hashCid(cids.unfinishedOld!))).toBe(
      'days_to_keep_data_exceeded',
    );
    expect(await deletedReason(h.db, hashCid(cids.declined!))).toBe('days_to_keep_data_exceeded');
    expect(await deletedReason(h.db, hashCid(cids.reservation!))).toBe('reservation_expired');
    expect(await deletedReason(h.db, hashCid(cids.accepted!))).toBeUndefined();
    expect(await deletedReason(h.db, hashCid(newCid()))).toBeUndefined();
  });

  it('the recent unfinished one goes once its own 30 days are over; tombstones after a year', async () => {
    const report = await h.processing.runDeletion(at(33));
    expect(report.days_to_keep_data_exceeded).toBe(1);
    expect((await remaining()).sort()).toEqual(['accepted', 'pending', 'stuck']);
    const later = await h.processing.runDeletion(at(31 + 366));
    expect(later.tombstonesRemoved).toBe(3);
    expect((await remaining()).sort()).toEqual(['accepted', 'pending', 'stuck']);
  });

  it('deletes in batches until none is left, each batch its own transaction', async () => {
    for (let i = 0; i < 5; i++) await unfinished(`batch${i}`, at(400));
    const report = await runDeletion(h.db, h.processing.context.settings, at(431), 2);
    expect(report.days_to_keep_data_exceeded).toBe(5);
    expect((await remaining()).sort()).toEqual(['accepted', 'pending', 'stuck']);
  });
});
