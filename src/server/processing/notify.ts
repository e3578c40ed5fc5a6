import { and, eq, inArray, sql } from 'drizzle-orm';
import { applications, decisions, documents, mails, resumeLinks } from '../db/schema/index';
import {
  acceptedMail,
  declinedMail,
  isPermanentRejection,
  pendingMail,
  reservationMail,
  resumeUrl,
  type ContractMailData,
  type MailAttachment,
  type MailDocument,
  type RenderedMail,
} from '../mail/index';
import { documentLinks, downloadableKinds } from '../documents/index';
import { mailForwardingPriceEur } from '../../domain/rules/limits';
import { postingDay } from '../../domain/index';
import type { ProcessingContext } from './context';
import { formModelOf } from '../services/storedModel';
import { factsOf } from './facts';
import { firstDebitOn, reservationValidUntil } from './issue';
import type { MailKind } from './rules';
import { unseal } from './seal';
import { firstMandateReferenceOf, withdrawalUrl } from '../contracts/credentials';
import {
  landlordFiledMail,
  landlordLinkMail,
  tenantExpiredMail,
  tenantNotifiedMail,
  tenantReminderMail,
  type ClaimMailData,
  type ClaimMailKind,
} from '../claims/mails';

const DAY = 86_400_000;

const mailForwarding = (m: { selling?: unknown }) =>
  (m.selling as Record<string, unknown> | undefined)?.mailForwarding === true;

/**
 * The acceptance e-mail's documents: the stored policy (and certificate when digital) and the three
 * legal texts attached, each with a download link (signed and expiring for the personal ones).
 */
async function contractDocuments(
  ctx: ProcessingContext,
  applicationId: string,
  digital: boolean,
  decidedAt: Date,
  attach: MailSource['attach'],
  attachments: MailAttachment[],
): Promise<{ documents: MailDocument[] }> {
  const kinds = downloadableKinds('contract', digital) as Array<'certificate' | 'policy'>;
  const filenames = new Map<string, string>();
  const attached = await attach(...kinds);
  kinds.forEach((kind, i) => filenames.set(kind, attached[i]!));
  for (const legal of await ctx.supply.legal.all()) {
    attachments.push({
      filename: legal.filename,
      content: legal.content,
      contentType: 'application/pdf',
    });
    filenames.set(legal.slug, legal.filename);
  }
  // From the decision, so a retried e-mail carries the same links.
  const expiresAt = new Date(decidedAt.getTime() + ctx.settings.documentLinkDays * DAY);
  const links = documentLinks({
    secret: ctx.settings.serverSecret,
    base: ctx.settings.publicUrl,
    applicationId,
    kinds,
    expiresAt,
    withLegal: true,
  });
  return {
    documents: links.map((l) => ({
      title: l.title,
      filename: filenames.get(l.kind),
      url: l.url,
      expiresAt: l.expiresAt ? new Date(l.expiresAt) : undefined,
    })),
  };
}

type DecisionRow = typeof decisions.$inferSelect;
type AttachedKind = 'certificate' | 'policy' | 'reservation_confirmation';
type ApplicationRow = typeof applications.$inferSelect;

/** What every mail kind's renderer may read (loaded once by sendApplicationMail). */
interface MailSource {
  ctx: ProcessingContext;
  app: ApplicationRow;
  applicationId: string;
  decision: DecisionRow;
  data: ContractMailData;
  model: ReturnType<typeof formModelOf>;
  now: Date;
  /** Attaches stored documents in this order and answers their file names. */
  attach: (...kinds: AttachedKind[]) => Promise<string[]>;
  attachments: MailAttachment[];
}

/** An e-mail about a decision, sent by the mail job (sendApplicationMail below). */
interface DecisionMailEntry {
  about: 'decision';
  /** The decision the e-mail is about (its number and outcome are read from it). */
  decision: 'contract' | 'reservation';
  render: (s: MailSource) => Promise<RenderedMail>;
}

/** An e-mail about a claim (issue 26), rendered from the claim service's data (claims/service.ts). */
interface ClaimMailEntry {
  about: 'claim';
  render: (d: ClaimMailData) => RenderedMail;
}

/** Every kind of e-mail the product sends: about a decision or about a claim. */
export type AnyMailKind = MailKind | ClaimMailKind;

type MailKindEntry<K extends AnyMailKind> = K extends ClaimMailKind
  ? ClaimMailEntry
  : DecisionMailEntry;

const declined = async ({ ctx, data, decision }: MailSource) =>
  declinedMail({
    ...data,
    automated: decision.decidedBy === 'auto',
    reviewUntil: new Date(decision.decidedAt.getTime() + ctx.settings.declinedRetentionDays * DAY),
  });

const pending = async ({ data }: MailSource) => pendingMail(data);

/**
 * Every e-mail, one entry per kind (issue 27/29): the decisions' (MailKind) and the claims'
 * (ClaimMailKind). The compiler checks the table is complete and each entry of its sort, so a new
 * kind cannot fall through to another kind's text (it once rendered the decline letter with its
 * Art. 22 paragraph for any kind it did not know), and a claim kind has its renderer here.
 */
export const mailKinds = {
  'contract-accepted': {
    about: 'decision',
    decision: 'contract',
    async render({ ctx, app, applicationId, decision, data, model, attach, attachments }) {
      const base = ctx.settings.publicUrl.replace(/\/$/, '');
      return acceptedMail({
        ...data,
        digital: decision.digital,
        deliverTo: model.objective.deliverTo,
        // Working days without Germany's public holidays (postingDay, ADR 0927); noon keeps the date.
        postedOn: new Date(`${postingDay(decision.decidedAt)}T12:00:00Z`),
        links: {
          withdrawUrl: withdrawalUrl(base, ctx.settings.serverSecret, applicationId),
          contractPageUrl: `${base}/vertrag`,
        },
        ...(await contractDocuments(
          ctx,
          applicationId,
          decision.digital,
          decision.decidedAt,
          attach,
          attachments,
        )),
        firstDebit: {
          on: firstDebitOn(app.submittedAt ?? decision.decidedAt),
          amount: data.ratePerPayment + (mailForwarding(model) ? mailForwardingPriceEur : 0),
          mandateReference: firstMandateReferenceOf(applicationId),
        },
      });
    },
  },
  'contract-pending': { about: 'decision', decision: 'contract', render: pending },
  'contract-declined': { about: 'decision', decision: 'contract', render: declined },
  'reservation-accepted': {
    about: 'decision',
    decision: 'reservation',
    async render({ ctx, app, applicationId, decision, data, now, attach }) {
      const link = (
        await ctx.db.orm
          .select()
          .from(resumeLinks)
          .where(eq(resumeLinks.applicationId, applicationId))
      )[0];
      const cid = link ? unseal(ctx.settings.serverSecret, link.sealedCid) : undefined;
      await attach('reservation_confirmation');
      return reservationMail({
        salutation: data.salutation,
        reservationNumber: decision.number,
        deposit: data.deposit,
        validUntil: reservationValidUntil(app, ctx.settings.reservationDays, now),
        continueUrl: cid
          ? resumeUrl(ctx.settings.publicUrl, '/tenant', cid)
          : ctx.settings.publicUrl,
      });
    },
  },
  'reservation-pending': { about: 'decision', decision: 'reservation', render: pending },
  'reservation-declined': { about: 'decision', decision: 'reservation', render: declined },
  tenant_notified: { about: 'claim', render: tenantNotifiedMail },
  tenant_reminder: { about: 'claim', render: tenantReminderMail },
  tenant_expired: { about: 'claim', render: tenantExpiredMail },
  landlord_filed: { about: 'claim', render: landlordFiledMail },
  landlord_link: { about: 'claim', render: landlordLinkMail },
} satisfies { [K in AnyMailKind]: MailKindEntry<K> };

/**
 * Whether a mail job's kind names a decision's entry of the table (a stale or foreign job, or a
 * claim kind, which no mail job sends, does nothing).
 */
export const isMailKind = (s: string): s is MailKind =>
  Object.hasOwn(mailKinds, s) && mailKinds[s as AnyMailKind].about === 'decision';

/** A claim's e-mail, rendered by its entry of the one table (claims/service.ts sends it). */
export const renderClaimMail = (kind: ClaimMailKind, data: ClaimMailData): RenderedMail =>
  mailKinds[kind].render(data);

/**
 * The e-mail job for one (application, kind). Renders from the database, delivers, then marks the
 * row sent. A retry after a crash between delivery and marking sends the same message again
 * with the same Message-ID and outbox file name, which receivers and the outbox de-duplicate.
 */
export async function sendApplicationMail(
  ctx: ProcessingContext,
  applicationId: string,
  kind: MailKind,
): Promise<void> {
  const { db, clock, log } = ctx;
  const row = (
    await db.orm
      .select()
      .from(mails)
      .where(and(eq(mails.applicationId, applicationId), eq(mails.kind, kind)))
  )[0];
  if (!row || row.sentAt || row.rejectedAt) return;
  const app = (
    await db.orm.select().from(applications).where(eq(applications.id, applicationId))
  )[0];
  if (!app) return;
  const decisionKind = mailKinds[kind].decision;
  const decision = (
    await db.orm
      .select()
      .from(decisions)
      .where(and(eq(decisions.applicationId, applicationId), eq(decisions.kind, decisionKind)))
  )[0];
  if (!decision) throw new Error(`no ${decisionKind} decision for the mail ${kind}`);
  const model = formModelOf(app);
  const facts = factsOf(model, ctx.settings.tariff);
  if (!facts.email) {
    log.warn({ applicationId, kind }, 'no e-mail address; nothing to send');
    await db.orm.update(mails).set({ sentAt: clock.now() }).where(eq(mails.id, row.id));
    return;
  }
  const first = facts.tenants[0];
  const salutation = {
    gender: first?.gender,
    firstName: first?.firstName,
    lastName: first?.lastName,
  };
  const data: ContractMailData = {
    salutation,
    contractNumber: decision.number,
    deposit: facts.deposit,
    ratePerPayment: (decision.rateCents ?? facts.premium.ratePerPaymentCents) / 100,
    ratePerYear: (decision.premiumCents ?? facts.premium.ratePerYearCents) / 100,
    paymentAdverb: facts.premium.adverb,
    objectAddress: facts.objectAddress || '–',
  };
  const attachments: MailAttachment[] = [];
  // The documents an e-mail attaches, read in one statement (certificate and policy, ADR 1356).
  const attach = async (...docKinds: AttachedKind[]) => {
    const rows = await db.orm
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, applicationId), inArray(documents.kind, docKinds)));
    return docKinds.map((docKind) => {
      const doc = rows.find((r) => r.kind === docKind);
      if (!doc) throw new Error(`document ${docKind} missing for the mail ${kind}`);
      attachments.push({
        filename: doc.filename,
        content: doc.content,
        contentType: 'application/pdf',
      });
      return doc.filename;
    });
  };

  const now = clock.now();
  const mail = await mailKinds[kind].render({
    ctx,
    app,
    applicationId,
    decision,
    data,
    model,
    now,
    attach,
    attachments,
  });
  try {
    await ctx.mailer.deliver({
      to: facts.email,
      ...mail,
      attachments,
      key: `${kind}.${applicationId}`,
    });
  } catch (err) {
    // Temporary (4xx, server away): the job is retried with back-off, and the sweep queues it
    // again, until MAIL_RETRY_HOURS after the mail was due; then it is given up (ADR 1132).
    const givenUp =
      clock.now().getTime() - row.createdAt.getTime() >= ctx.settings.mailRetryHours * 3_600_000;
    if (!isPermanentRejection(err) && !givenUp) throw err;
    // Refused for good (unknown mailbox, ADR 1106) or for too long: recorded with the last reply
    // code, the job ends, nothing retries it.
    const code = (err as { responseCode?: number }).responseCode ?? null;
    await db.orm
      .update(mails)
      .set({ rejectedAt: clock.now(), rejectCode: code, attempts: sql`${mails.attempts} + 1` })
      .where(eq(mails.id, row.id));
    log.warn(
      { applicationId, kind, responseCode: code },
      givenUp && !isPermanentRejection(err)
        ? 'mail given up after MAIL_RETRY_HOURS of temporary failures'
        : 'mail permanently rejected',
    );
    return;
  }
  await db.orm
    .update(mails)
    .set({ sentAt: clock.now(), attempts: sql`${mails.attempts} + 1` })
    .where(eq(mails.id, row.id));
}
