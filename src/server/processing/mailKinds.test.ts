import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mails } from '../db/schema/index';
import { leaves, parseMime } from '../mail/testing/mime';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import type { FormModel } from '../../domain/index';
import type { ClaimMailData, ClaimMailKind } from '../claims/mails';
import { mailKinds, renderClaimMail } from './notify';
import type { MailKind } from './rules';
import { applicationModel } from './testing/personas';
import { startHarness, type Harness } from './testing/harness';

// Issue 27/29: every mail kind is an entry of one table the compiler checks (mailKinds in
// notify.ts): the decisions' kinds and the claims'. Each decision kind is produced once through
// the real pipeline (decision, mail job, mailer, SMTP peer) and must arrive with its own subject;
// only the declined kinds carry the Art. 22 paragraph. Each claim kind is rendered once by its
// entry (the claims' journey tests send them through the SMTP peer). The cases are Records over
// MailKind and ClaimMailKind too: a new kind fails tsc here until it has a case.

const person = (lastName: string, firstName: string, email: string) =>
  applicationModel({
    firstTenant: { ...applicationModel().firstTenant, lastName, firstName, email },
  });

const cases: Record<MailKind, { model: FormModel; subject: RegExp }> = {
  'contract-accepted': {
    model: person('Mustermann', 'Max', 'ca@example.org'),
    subject: /^Ihre Mietkautionsbürgschaft ist angenommen – Vertrag MK-/,
  },
  'contract-pending': {
    model: person('Pruefung', 'Paula', 'cp@example.org'),
    subject: /^Wir prüfen Ihren Antrag – Vorgang MK-/,
  },
  'contract-declined': {
    model: person('Abgelehnt', 'Anna', 'cd@example.org'),
    subject: /^Ihr Antrag auf eine Mietkautionsbürgschaft – Vorgang MK-/,
  },
  'reservation-accepted': {
    model: person('Reserviert', 'Rita', 'ra@example.org'),
    subject: /^Ihre Reservierung MR-\d{4}-\d{6}: Sofortzusage/,
  },
  'reservation-pending': {
    model: person('Pruefung', 'Rudi', 'rp@example.org'),
    subject: /^Wir prüfen Ihren Antrag – Vorgang MR-/,
  },
  'reservation-declined': {
    model: person('Abgelehnt', 'Rolf', 'rd@example.org'),
    subject: /^Ihr Antrag auf eine Mietkautionsbürgschaft – Vorgang MR-/,
  },
};
const kinds = Object.keys(cases) as MailKind[];
const ART22 = 'Art. 22 Abs. 3 DSGVO';

const claimData: ClaimMailData = {
  salutation: { gender: 'f', firstName: 'Erika', lastName: 'Musterfrau' },
  contractNumber: 'MK-2026-000042',
  reference: 'MK-2026-000042-F1',
  items: [
    { position: 1, kind: 'rent_arrears', claimedCents: 120_000 },
    { position: 2, kind: 'damage', claimedCents: 35_050 },
  ],
  totalCents: 155_050,
  dueOn: '2026-12-10',
  daysLeft: 5,
  url: 'https://example.org/claim-link',
  linkDays: 30,
};
const claimCases: Record<ClaimMailKind, { subject: RegExp; text: string[] }> = {
  tenant_notified: {
    subject: /^Ihr Vermieter macht eine Forderung geltend \(MK-2026-000042-F1\)$/,
    text: ['1.200,00', '350,50', '1.550,50', '10.12.2026', claimData.url],
  },
  tenant_reminder: {
    subject: /^Erinnerung: Ihre Antwort zur Forderung MK-2026-000042-F1$/,
    text: ['10.12.2026', '1.200,00', claimData.url],
  },
  tenant_expired: {
    subject: /^Antwortfrist abgelaufen: Forderung MK-2026-000042-F1$/,
    text: ['10.12.2026', '350,50'],
  },
  landlord_filed: {
    subject: /^Ihre Forderung ist eingegangen \(MK-2026-000042-F1\)$/,
    text: ['MK-2026-000042', '1.550,50', claimData.url],
  },
  landlord_link: { subject: /^Ihr Link zur Bürgschaft MK-2026-000042$/, text: [claimData.url] },
};
const claimKinds = Object.keys(claimCases) as ClaimMailKind[];

describe('every claim mail kind, once, by its entry of the one table', () => {
  it('the table has exactly the kinds of MailKind and ClaimMailKind', () => {
    expect(Object.keys(mailKinds).sort()).toEqual([...kinds, ...claimKinds].sort());
  });

  it.each(claimKinds)('%s: its own subject and its values', (kind) => {
    const mail = renderClaimMail(kind, claimData);
    expect(mail.subject).toMatch(claimCases[kind].subject);
    for (const piece of claimCases[kind].text) expect(mail.text).toContain(piece);
    expect(mail.text).not.toContain('undefined');
    expect(mail.text).not.toContain(ART22);
  });
});

describe('every mail kind, once, through the SMTP peer', () => {
  let h: Harness;
  let peer: SmtpPeer;
  const ids = new Map<MailKind, string>();

  beforeAll(async () => {
    peer = await startSmtpPeer();
    h = await startHarness('pglite', { smtpUrl: peer.url });
    for (const kind of kinds) {
      const [decision] = kind.split('-') as ['contract' | 'reservation'];
      ids.set(kind, (await h.submit(cases[kind].model, decision)).id);
    }
  });
  afterAll(async () => {
    await h?.close();
    await peer?.close();
  });

  it.each(kinds)('%s: its own subject; Art. 22 only when declined', async (kind) => {
    const id = ids.get(kind)!;
    await h.pollState(id, { intervalMs: 200 });
    const to = cases[kind].model.firstTenant.email!;
    let got: { subject: string; text: string } | undefined;
    for (let i = 0; i < 300 && !got; i++) {
      const r = peer.received.find((m) => m.to.includes(to));
      if (r) {
        const p = parseMime(r.raw);
        got = {
          subject: p.headers.get('subject') ?? '',
          text: leaves(p)
            .find((l) => l.contentType === 'text/plain')!
            .body.toString('utf8'),
        };
      } else await new Promise((res) => setTimeout(res, 100));
    }
    expect(got, `no mail for ${kind}`).toBeDefined();
    expect(got!.subject).toMatch(cases[kind].subject);
    expect(got!.text.includes(ART22)).toBe(kind.endsWith('-declined'));
    // Without a contract there is no Vertragsnummer: one term, Vorgangsnummer (issue 27).
    if (!kind.endsWith('-accepted')) {
      expect(got!.text).not.toContain('Vertragsnummer');
      expect(got!.text).toContain('Vorgangsnummer');
    }
    // the row of this kind is the one that was sent
    let rows = await h.db.orm.select().from(mails).where(eq(mails.applicationId, id));
    for (let i = 0; i < 100 && !rows[0]?.sentAt; i++) {
      await new Promise((res) => setTimeout(res, 100)); // marked sent just after delivery
      rows = await h.db.orm.select().from(mails).where(eq(mails.applicationId, id));
    }
    expect(rows.map((r) => [r.kind, !!r.sentAt])).toEqual([[kind, true]]);
  });
});
