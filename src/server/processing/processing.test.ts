import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { applications, decisions, mails } from '../db/schema/index';
import { leaves, parseMime } from '../mail/testing/mime';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { pdfText } from '../documents/testing/pdfText';
import { personas } from './testing/personas';
import { startHarness, type Harness } from './testing/harness';

async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  tries = 300,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe.each(engines)('processing on %s', (engine) => {
  let h: Harness;
  let peer: SmtpPeer;
  const submitted: Array<{ id: string; cid: string; persona: (typeof personas)[number] }> = [];

  beforeAll(async () => {
    peer = await startSmtpPeer();
    h = await startHarness(engine, { smtpUrl: peer.url });
    for (const persona of personas) {
      submitted.push({ ...(await h.submit(persona.model, persona.kind)), persona });
    }
  });
  afterAll(async () => {
    await h?.close();
    await peer?.close();
  });

  it.each(personas.map((p, i) => [p.name, i] as const))(
    '%s ends in its state within the 90 polls the browser allows',
    async (_name, i) => {
      const { id, persona } = submitted[i]!;
      const { state, polls } = await h.pollState(id, { intervalMs: 1000 });
      expect(state).toBe(persona.expected);
      expect(polls).toBeLessThanOrEqual(90);
      const row = (await h.db.orm.select().from(applications).where(eq(applications.id, id)))[0]!;
      const prefix = persona.kind === 'contract' ? 'MK' : 'MR';
      expect(row.contractNumber).toMatch(new RegExp(`^${prefix}-2026-\\d{6}$`));
      expect(row.orderId).toBe(row.contractNumber);
      if (persona.kind === 'contract') {
        expect(row.premiumCents).toBeGreaterThan(0);
        expect(row.rateCents).toBeGreaterThan(0);
      }
    },
  );

  it('sends exactly one e-mail per application to the SMTP peer, PDF attached when digital', async () => {
    await until(
      async () => (peer.received.length >= personas.length ? true : undefined),
      'all e-mails',
    );
    for (const { id, persona } of submitted) {
      const [decision] = await h.db.orm
        .select()
        .from(decisions)
        .where(eq(decisions.applicationId, id));
      const mine = peer.received.filter((m) => m.raw.toString('latin1').includes(`.${id}@`));
      expect(mine, persona.name).toHaveLength(1);
      expect(mine[0]!.to).toEqual([persona.model.firstTenant.email]);
      const mail = parseMime(mine[0]!.raw);
      const text = leaves(mail)
        .find((p) => p.contentType === 'text/plain')!
        .body.toString('utf8');
      expect(text).toContain(decision!.number);
      const pdfs = leaves(mail).filter((p) => p.contentType === 'application/pdf');
      const pdf = pdfs.find((p) => /^(Buergschaftsurkunde|Sofortzusage)-/.test(p.filename ?? ''));
      if (persona.kind === 'contract' && persona.expected === 'accepted') {
        // policy and the three legal texts, whatever the delivery of the certificate
        expect(pdfs.map((p) => p.filename).sort(), persona.name).toEqual(
          [
            ...(persona.pdfInMail ? [`Buergschaftsurkunde-${decision!.number}.pdf`] : []),
            'Verbraucherinformationen.pdf',
            'Versicherungsbedingungen.pdf',
            `Versicherungsschein-${decision!.number}.pdf`,
            'Widerrufsbelehrung.pdf',
          ].sort(),
        );
        expect(text).toContain('https://antrag.example/widerruf');
      }
      if (persona.pdfInMail && persona.expected === 'accepted') {
        expect(pdf, persona.name).toBeDefined();
        const extracted = await pdfText(pdf!.body);
        expect(extracted).toContain(decision!.number);
        expect(extracted).toContain(
          persona.kind === 'contract' ? 'Bürgschaftsurkunde' : 'Sofortzusage',
        );
        expect(extracted).toContain('1.500,00 €');
        expect(extracted).toContain(persona.model.firstTenant.lastName);
      } else {
        expect(pdf, persona.name).toBeUndefined();
      }
      if (persona.expected === 'declined') expect(text).toContain('Art. 22 Abs. 3 DSGVO');
      if (persona.kind === 'reservation' && persona.expected === 'accepted') {
        const cid = submitted.find((s) => s.id === id)!.cid;
        expect(text).toContain(`https://antrag.example/tenant?cid=${cid}`);
      }
      expect(await h.counts(id)).toEqual({
        decisions: 1,
        documents: persona.expected === 'accepted' ? (persona.kind === 'contract' ? 2 : 1) : 0,
        mailsSent: 1,
      });
    }
  });

  it('a repeated job delivery changes nothing (idempotent effects)', async () => {
    const { id } = submitted[0]!;
    const before = peer.received.length;
    await h.db.transaction((tx) => h.processing.enqueueDecision(tx, id));
    await new Promise((r) => setTimeout(r, 1500));
    expect(await h.counts(id)).toEqual({ decisions: 1, documents: 2, mailsSent: 1 });
    expect(peer.received.length).toBe(before);
  });

  it('a staff decision moves a pending application and sends the e-mail', async () => {
    const pending = submitted.find((s) => s.persona.name.startsWith('Paula'))!;
    const [d] = await h.db.orm
      .select()
      .from(decisions)
      .where(eq(decisions.applicationId, pending.id));
    await expect(h.processing.decide('MK-1999-000000', 'accept')).rejects.toThrow(
      /Keine Entscheidung/,
    );
    const res = await h.processing.decide(d!.number, 'accept');
    expect(res.outcome).toBe('accepted');
    const row = (
      await h.db.orm.select().from(applications).where(eq(applications.id, pending.id))
    )[0]!;
    expect(row.orderState).toBe('accepted');
    await until(
      async () =>
        (await h.db.orm.select().from(mails).where(eq(mails.applicationId, pending.id))).filter(
          (m) => m.kind === 'contract-accepted' && m.sentAt,
        ).length === 1
          ? true
          : undefined,
      'the acceptance e-mail',
    );
    const mail = peer.received.find((m) =>
      m.raw.toString('latin1').includes(`contract-accepted.${pending.id}@`),
    );
    expect(mail).toBeDefined();
    expect(leaves(parseMime(mail!.raw)).some((p) => p.contentType === 'application/pdf')).toBe(
      true,
    );
    // an accepted decision cannot be declined afterwards
    await expect(h.processing.decide(d!.number, 'decline')).rejects.toThrow(/nicht offen/);
    expect(await h.counts(pending.id)).toEqual({ decisions: 1, documents: 2, mailsSent: 2 });
  });
});

describe.each(engines)('the sweep on %s', (engine) => {
  it('queues a lost decision job and an unsent e-mail again', async () => {
    const peer = await startSmtpPeer();
    const h = await startHarness(engine, { smtpUrl: peer.url });
    try {
      const { id } = await h.submit(personas[0]!.model, 'contract');
      expect((await h.pollState(id, { intervalMs: 200 })).state).toBe('accepted');
      await until(async () => ((await h.counts(id)).mailsSent === 1 ? true : undefined), 'mail');
      // a lost job: submitted, nothing queued
      const lost = (
        await h.db.orm
          .insert(applications)
          .values({
            cidHash: `lost-${id}`,
            kind: 'contract',
            data: personas[0]!.model,
            reachedSteps: [],
            orderState: 'submitted',
            createdAt: h.clock.now(),
            updatedAt: h.clock.now(),
            submittedAt: h.clock.now(),
          })
          .returning({ id: applications.id })
      )[0]!.id;
      // an e-mail whose job gave up
      await h.db.orm.update(mails).set({ sentAt: null }).where(eq(mails.applicationId, id));
      expect(await h.processing.runSweep(h.clock.now())).toEqual({ decisions: 0, mails: 0 });
      const later = new Date(h.clock.now().getTime() + 16 * 60_000);
      expect(await h.processing.runSweep(later)).toEqual({ decisions: 1, mails: 1 });
      expect((await h.pollState(lost, { intervalMs: 200 })).state).toBe('accepted');
      await until(async () => ((await h.counts(id)).mailsSent === 1 ? true : undefined), 'resend');
      await until(async () => ((await h.counts(lost)).mailsSent === 1 ? true : undefined), 'mail');
      const ids = peer.received.map((m) => parseMime(m.raw).headers.get('message-id'));
      // the resent e-mail carries the same Message-ID as the first one
      expect(ids.filter((x) => x?.includes(`.${id}@`))).toHaveLength(2);
      expect(new Set(ids.filter((x) => x?.includes(`.${id}@`))).size).toBe(1);
    } finally {
      await h.close();
      await peer.close();
    }
  });
});

describe.each(engines)('a permanently rejected e-mail on %s (issue 15 item 13)', (engine) => {
  it('is tried once, recorded as rejected, never retried or swept', async () => {
    const peer = await startSmtpPeer();
    peer.rejectRecipient('bounce@example.org');
    const h = await startHarness(engine, { smtpUrl: peer.url });
    try {
      const model = {
        ...personas[0]!.model,
        firstTenant: {
          ...personas[0]!.model.firstTenant,
          email: 'bounce@example.org',
          emailRepeat: 'bounce@example.org',
        },
      };
      const { id } = await h.submit(model, 'contract');
      expect((await h.pollState(id, { intervalMs: 200 })).state).toBe('accepted');
      const row = await until(async () => {
        const m = (await h.db.orm.select().from(mails).where(eq(mails.applicationId, id)))[0];
        return m?.rejectedAt ? m : undefined;
      }, 'rejection recorded');
      expect(row.sentAt).toBeNull();
      expect(row.rejectCode).toBe(550);
      const later = new Date(h.clock.now().getTime() + 60 * 60_000);
      expect((await h.processing.runSweep(later)).mails).toBe(0);
      expect(peer.rejectedAttempts.get('bounce@example.org')).toBe(1);
    } finally {
      await h.close();
      await peer.close();
    }
  });
});

describe('processing without SMTP_URL', () => {
  it('writes the e-mails as .eml files to DATA_DIR/outbox', async () => {
    const h = await startHarness('pglite');
    try {
      const { id } = await h.submit(personas[0]!.model, 'contract');
      expect((await h.pollState(id, { intervalMs: 200 })).state).toBe('accepted');
      const files = await until(async () => {
        // a file still being written has a .tmp name; only finished .eml files are e-mails
        const f = (await readdir(join(h.dataDir, 'outbox')).catch(() => [])).filter((x) =>
          x.endsWith('.eml'),
        );
        return f.length > 0 ? f : undefined;
      }, 'the outbox file');
      expect(files).toEqual([`contract-accepted.${id}.eml`]);
      const mail = parseMime(await readFile(join(h.dataDir, 'outbox', files[0]!)));
      expect(leaves(mail).some((p) => p.filename?.startsWith('Buergschaftsurkunde-MK-'))).toBe(
        true,
      );
    } finally {
      await h.close();
    }
  });
});
