// The claims process on the server (issue 26): the landlord files from the verification page,
// the tenant is told at once and answers each item within 14 days, deadline jobs remind and
// expire. State changes go through the store (store.ts) and its pure tables.
import { eq } from 'drizzle-orm';
import {
  answerDaysLeft,
  answerPeriod,
  answerPeriodOver,
  awaitsAnswer,
  claimJobDue,
  readClaimAnswer,
  readClaimFiling,
  type ClaimFieldError,
  type ClaimJobName,
} from '../../domain/claims/index';
import { claimErrorText, claimTexts } from '../../domain/messages/claims';
import { contractTexts, guaranteeInForce, todayInBerlin } from '../../domain/index';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/client';
import {
  applications,
  claimAnswersTable,
  claims,
  contracts,
  type ClaimRow,
} from '../db/schema/index';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';
import { factsOf } from '../processing/facts';
import { formModelOf } from '../services/storedModel';
import { ContractError } from '../contracts/contractError';
import { HttpErrors } from '../http/errors';
import { landlordReleaseCode, normaliseReleaseCode, sha256 } from '../contracts/credentials';
import { Guard } from '../contracts/guard';
import { checkReleaseCode, overMailLimit } from '../contracts/limits';
import type { ClaimMailData, ClaimMailKind } from './mails';
import { renderClaimMail } from '../processing/notify';
import { landlordLinkDays, landlordLinkToken, readLandlordLink } from './landlordLink';
import {
  evidenceLink,
  evidenceUploadLink,
  listEvidence,
  type EvidenceDeps,
} from '../evidence/index';
import type { EvidenceAudience, EvidenceOwner } from '../../domain/evidence/rules';
import {
  ClaimStateError,
  claimsOfContract,
  decideItem,
  guaranteeLeft,
  insertClaim,
  loadClaim,
  moveClaim,
  moveItem,
  type ClaimAnnouncer,
  type ClaimChangeContext,
  type ClaimWithItems,
} from './store';

/** Sends a claim's deadline job at its time, in the caller's transaction. */
export interface ClaimJobs {
  schedule(tx: Tx, claimId: string, job: ClaimJobName, at: Date): Promise<void>;
}

export interface ClaimServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  serverSecret: string;
  publicUrl: () => string;
  announcer?: ClaimAnnouncer | undefined;
  /** Absent when processing does not run (the deadline jobs are then not scheduled). */
  jobs?: ClaimJobs | undefined;
  /** Evidence files (src/server/evidence, ADR 1250): the claim's and the answers' uploads. */
  evidence?: EvidenceDeps | undefined;
}

/** Field errors of a form: 400 with one entry per field (answered by the one error handler). */
const fieldErrors = (list: ClaimFieldError[], prefix = '') =>
  new HttpErrors(
    list.map((e) => new ContractError(400, e.code, claimErrorText(e), `${prefix}${e.field}`)),
  );

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export class ClaimService {
  private readonly guard: Guard;
  constructor(private readonly deps: ClaimServiceDeps) {
    this.guard = new Guard(deps.db, deps.clock, deps.serverSecret);
  }

  private base() {
    return this.deps.publicUrl().replace(/\/$/, '');
  }

  private async contractByToken(token: string) {
    if (!TOKEN.test(token)) return undefined;
    const [row] = await this.deps.db.orm
      .select({ app: applications, contract: contracts })
      .from(contracts)
      .innerJoin(applications, eq(applications.id, contracts.applicationId))
      .where(eq(contracts.verificationTokenHash, sha256(token)));
    return row;
  }

  /** What the verification page shows about claims: the remaining amount, whether one may claim. */
  async landlordView(token: string, link?: string) {
    const found = await this.contractByToken(token);
    if (!found) return undefined;
    const left = await guaranteeLeft(this.deps.db.orm, found.app.id);
    const linked = readLandlordLink(this.deps.serverSecret, link, this.deps.clock.now());
    return {
      guaranteeCents: left.guaranteeCents,
      paidCents: left.paidCents,
      remainingCents: left.remainingCents,
      mayClaim: guaranteeInForce(found.contract.status) && left.remainingCents > 0,
      linkValid: linked === found.app.id,
    };
  }

  /**
   * The landlord files a claim: authenticated by the release code of our letter or by our link,
   * checked against what is left of the guarantee with the contract locked, the tenant told at
   * once, the deadline jobs scheduled in the same transaction.
   */
  async file(token: string, body: Record<string, unknown>, client: string) {
    const e = contractTexts.errors;
    const found = await this.contractByToken(token);
    if (!found) throw new ContractError(404, 'unknown', e.unknownToken);
    const now = this.deps.clock.now();
    const linked = readLandlordLink(this.deps.serverSecret, body.link, now);
    let via: ClaimRow['filedVia'] = 'email_link';
    if (linked !== found.app.id) {
      const typed = typeof body.code === 'string' ? normaliseReleaseCode(body.code) : '';
      if (!typed)
        throw new HttpErrors([new ContractError(400, 'required', e.releaseCodeRequired, 'code')]);
      await checkReleaseCode(
        this.guard,
        found.app.id,
        client,
        sha256(typed) === sha256(landlordReleaseCode(this.deps.serverSecret, found.app.id)),
      );
      via = 'release_code';
    }
    const ctx: ClaimChangeContext = { at: now, actor: 'landlord', announcer: this.deps.announcer };
    const done = await this.deps.db.transaction(async (tx) => {
      const [c] = await tx
        .select()
        .from(contracts)
        .where(eq(contracts.applicationId, found.app.id))
        .for('update');
      if (!c || !guaranteeInForce(c.status))
        return { error: new ContractError(409, 'not_in_force', claimTexts.errors.notInForce) };
      const left = await guaranteeLeft(tx, found.app.id);
      const read = readClaimFiling(body, {
        today: todayInBerlin(now),
        remainingCents: left.remainingCents,
      });
      if (read.errors) return { error: fieldErrors(read.errors) };
      const stored = await insertClaim(tx, ctx, {
        applicationId: found.app.id,
        filing: read.filing,
        via,
      });
      const period = answerPeriod(now);
      const claim = await moveClaim(
        tx,
        { ...ctx, actor: 'system' },
        {
          claimId: stored.claim.id,
          act: 'notify',
          set: { notifiedAt: now, answerDueOn: period.dueOn, answerEndsAt: period.endsAt },
          details: { answerDueOn: period.dueOn },
        },
      );
      for (const job of Object.keys(claimJobDue) as ClaimJobName[])
        await this.deps.jobs?.schedule(tx, claim.id, job, claimJobDue[job](period));
      return { claim: { ...stored, claim } };
    });
    if ('error' in done) throw done.error;
    const { claim } = done;
    await this.mailTenant('tenant_notified', claim);
    await this.mailLandlord('landlord_filed', claim.claim.landlordEmail, found.app.id, {
      contractNumber: found.contract.contractNumber,
      claim,
      token,
    });
    return {
      claimId: claim.claim.id,
      reference: claim.claim.reference,
      state: claim.claim.state,
      totalCents: claim.claim.totalClaimedCents,
      answerDueOn: claim.claim.answerDueOn,
      // The landlord's evidence (handover protocol, invoices, photos) goes to the claim.
      ...this.uploadTo({ kind: 'claim', id: claim.claim.id }, 'landlord'),
    };
  }

  /**
   * Sends the landlord's link to the address of an earlier claim on this contract, if the address
   * typed is one; the answer is the same either way (it reveals no address).
   */
  async requestLink(token: string, email: unknown) {
    const found = await this.contractByToken(token);
    if (!found) throw new ContractError(404, 'unknown', contractTexts.errors.unknownToken);
    const typed = typeof email === 'string' ? email.trim().toLowerCase() : '';
    if (!typed)
      throw new HttpErrors([
        new ContractError(400, 'required', contractTexts.errors.emailRequired, 'email'),
      ]);
    const known = (await claimsOfContract(this.deps.db.orm, found.app.id)).some(
      (c) => c.claim.landlordEmail === typed,
    );
    if (known)
      await this.mailLandlord('landlord_link', typed, found.app.id, {
        contractNumber: found.contract.contractNumber,
        token,
      });
    return { sent: true };
  }

  // ---- evidence ----

  /** A grant to upload files to `owner` (when the evidence module is there). */
  private uploadTo(owner: EvidenceOwner, audience: EvidenceAudience) {
    const ev = this.deps.evidence;
    if (!ev) return {};
    return { uploadUrl: evidenceUploadLink(ev, owner, audience).url };
  }

  /** An owner's files with short-lived links for one party. */
  private async filesOf(owner: EvidenceOwner, audience: EvidenceAudience) {
    const ev = this.deps.evidence;
    if (!ev) return [];
    return (await listEvidence(ev, owner)).map((f) => ({
      id: f.id,
      fileName: f.fileName,
      mime: f.mime,
      size: f.size,
      url: evidenceLink(ev, f.id, audience).url,
    }));
  }

  // ---- the tenant ----

  /** The contract page's claims: items, answers, the countdown. */
  async tenantView(applicationId: string) {
    const now = this.deps.clock.now();
    const list = await claimsOfContract(this.deps.db.orm, applicationId);
    const files = new Map<string, Awaited<ReturnType<ClaimService['filesOf']>>>();
    for (const { claim, items } of list) {
      files.set(claim.id, await this.filesOf({ kind: 'claim', id: claim.id }, 'tenant'));
      for (const i of items)
        if (i.answer)
          files.set(
            i.answer.id,
            await this.filesOf({ kind: 'claim_answer', id: i.answer.id }, 'tenant'),
          );
    }
    return {
      claims: list.map(({ claim, items }) => ({
        id: claim.id,
        reference: claim.reference,
        state: claim.state,
        filedAt: claim.filedAt.toISOString(),
        answerDueOn: claim.answerDueOn,
        daysLeft: claim.notifiedAt ? (answerDaysLeft(claim.notifiedAt, now) ?? null) : null,
        totalCents: claim.totalClaimedCents,
        files: files.get(claim.id) ?? [],
        items: items.map((i) => ({
          id: i.id,
          position: i.position,
          kind: i.kind,
          state: i.state,
          claimedCents: i.claimedCents,
          details: i.details,
          answer: i.answer
            ? {
                answer: i.answer.answer,
                reason: i.answer.reason,
                counterCents: i.answer.counterCents,
                answeredAt: i.answer.answeredAt.toISOString(),
                files: files.get(i.answer.id) ?? [],
              }
            : null,
          decidedCents: i.decidedCents,
          decisionReason: i.decisionReason,
          paidCents: i.paidCents,
        })),
      })),
    };
  }

  /**
   * The tenant's answer to one item, while the period runs: accept (the system decides the item
   * at the amount claimed, payable at once), object with a reason, or propose a lower amount.
   */
  async answer(applicationId: string, claimId: string, body: Record<string, unknown>) {
    const t = claimTexts.errors;
    const now = this.deps.clock.now();
    const found = await loadClaim(this.deps.db.orm, claimId);
    if (!found || found.claim.applicationId !== applicationId)
      throw new ContractError(404, 'unknown_claim', t.unknownClaim);
    const item = found.items.find((i) => i.id === body.itemId);
    if (!item) throw new ContractError(404, 'unknown_claim', t.unknownClaim);
    if (!found.claim.notifiedAt || answerPeriodOver(found.claim.notifiedAt, now))
      throw new ContractError(409, 'period_over', t.periodOver);
    if (!awaitsAnswer(item.state))
      throw new ContractError(409, 'already_answered', t.alreadyAnswered);
    const read = readClaimAnswer(body, item.claimedCents);
    if (read.errors) throw fieldErrors(read.errors, `items.${item.position - 1}.`);
    const a = read.answer;
    const ctx: ClaimChangeContext = { at: now, actor: 'tenant', announcer: this.deps.announcer };
    let answerId = '';
    try {
      await this.deps.db.transaction(async (tx) => {
        await moveItem(tx, ctx, {
          itemId: item.id,
          act: a.answer,
          expectClaim: ['notified'],
          details: a.counterCents ? { counterCents: a.counterCents } : {},
        });
        const [stored] = await tx
          .insert(claimAnswersTable)
          .values({
            itemId: item.id,
            answer: a.answer,
            reason: a.reason ?? null,
            counterCents: a.counterCents ?? null,
            answeredAt: now,
          })
          .returning({ id: claimAnswersTable.id });
        answerId = stored?.id ?? '';
        // Accepted: undisputed, decided at once at the amount claimed (claimpay pays it).
        if (a.answer === 'accept')
          await decideItem(
            tx,
            { ...ctx, actor: 'system' },
            {
              itemId: item.id,
              decision: 'accepted_by_tenant',
              decidedCents: item.claimedCents,
              reason: null,
              decidedBy: 'system',
            },
          );
      });
    } catch (err) {
      if (err instanceof ClaimStateError)
        throw new ContractError(409, 'already_answered', t.alreadyAnswered);
      throw err;
    }
    // The tenant's evidence for an objection or a proposal (a photo, a receipt) goes to the answer.
    return {
      ...(await this.tenantView(applicationId)),
      ...(a.answer === 'accept'
        ? {}
        : this.uploadTo({ kind: 'claim_answer', id: answerId }, 'tenant')),
    };
  }

  // ---- the deadline jobs ----

  /**
   * A reminder or the expiry, due by the claim's period (checked against the clock, so an early
   * or repeated run changes nothing): reminders only while items are open and each only once;
   * the expiry moves every open item to `expired` and the claim with them.
   */
  async runDeadline(claimId: string, job: ClaimJobName): Promise<'done' | 'not_due' | 'nothing'> {
    const now = this.deps.clock.now();
    const found = await loadClaim(this.deps.db.orm, claimId);
    if (!found?.claim.notifiedAt || found.claim.state !== 'notified') return 'nothing';
    const period = answerPeriod(found.claim.notifiedAt);
    if (now.getTime() < claimJobDue[job](period).getTime()) return 'not_due';
    if (job === 'answer_expiry') {
      const ctx: ClaimChangeContext = { at: now, actor: 'system', announcer: this.deps.announcer };
      const expired = await this.deps.db.transaction(async (tx) => {
        const fresh = await loadClaim(tx, claimId);
        if (fresh?.claim.state !== 'notified') return undefined;
        const open = fresh.items.filter((i) => awaitsAnswer(i.state));
        // The last open item's expiry carries the claim to `expired` (claimActsDue).
        // The last open item's expiry carries the claim to `expired` (claimActsDue).
        for (const i of open) await moveItem(tx, ctx, { itemId: i.id, act: 'expire' });
        return { open };
      });
      if (expired && expired.open.length > 0)
        await this.mailTenant('tenant_expired', { ...found, items: expired.open });
      return 'done';
    }
    const n = job === 'reminder_1' ? 1 : 2;
    const open = found.items.filter((i) => awaitsAnswer(i.state));
    if (open.length === 0 || found.claim.remindersSent >= n) return 'nothing';
    await this.deps.db.orm.update(claims).set({ remindersSent: n }).where(eq(claims.id, claimId));
    await this.mailTenant('tenant_reminder', { ...found, items: open }, job);
    return 'done';
  }

  // ---- e-mails ----

  private async mailTenant(kind: ClaimMailKind, c: ClaimWithItems, keyPart = '') {
    const [app] = await this.deps.db.orm
      .select()
      .from(applications)
      .where(eq(applications.id, c.claim.applicationId));
    const [contract] = await this.deps.db.orm
      .select({ number: contracts.contractNumber })
      .from(contracts)
      .where(eq(contracts.applicationId, c.claim.applicationId));
    if (!app || !contract) return;
    const f = factsOf(formModelOf(app));
    if (!f.email) return;
    const first = f.tenants[0];
    await this.send(kind, f.email, `${c.claim.id}${keyPart}`, {
      ...this.mailData(c, contract.number),
      salutation: { gender: first?.gender, firstName: first?.firstName, lastName: first?.lastName },
      url: `${this.base()}/vertrag`,
    });
  }

  private async mailLandlord(
    kind: 'landlord_filed' | 'landlord_link',
    to: string,
    applicationId: string,
    d: { contractNumber: string; claim?: ClaimWithItems; token: string },
  ) {
    const now = this.deps.clock.now();
    const link = landlordLinkToken(this.deps.serverSecret, applicationId, now);
    // Only the verification token's hash is stored: the link goes to the page the landlord used.
    const url = `${this.base()}/pruefen/${d.token}?link=${encodeURIComponent(link)}`;
    const data: ClaimMailData = d.claim
      ? { ...this.mailData(d.claim, d.contractNumber), salutation: {}, url }
      : {
          salutation: {},
          contractNumber: d.contractNumber,
          reference: '',
          items: [],
          totalCents: 0,
          dueOn: todayInBerlin(now),
          daysLeft: 0,
          url,
          linkDays: landlordLinkDays,
        };
    await this.send(kind, to, `${applicationId}.${now.getTime()}`, data);
  }

  private mailData(
    c: ClaimWithItems,
    contractNumber: string,
  ): Omit<ClaimMailData, 'salutation' | 'url'> {
    const now = this.deps.clock.now();
    return {
      contractNumber,
      reference: c.claim.reference,
      items: c.items.map((i) => ({
        position: i.position,
        kind: i.kind,
        claimedCents: i.claimedCents,
      })),
      totalCents: c.items.reduce((s, i) => s + i.claimedCents, 0),
      dueOn: c.claim.answerDueOn ?? todayInBerlin(now),
      daysLeft: c.claim.notifiedAt ? (answerDaysLeft(c.claim.notifiedAt, now) ?? 0) : 0,
      linkDays: landlordLinkDays,
    };
  }

  private async send(kind: ClaimMailKind, to: string, key: string, data: ClaimMailData) {
    // Claim e-mails count per recipient with every contract e-mail (ADR 1117).
    if (await overMailLimit(this.guard, to)) return;
    await this.deps.mailer.send({
      to: [to],
      ...renderClaimMail(kind, data),
      key: `claim-${kind}.${key}`,
    });
  }
}
