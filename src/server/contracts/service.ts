import { and, asc, eq, sql } from 'drizzle-orm';
import {
  cancellationEndOn,
  checkField,
  guaranteeInForce,
  nextStatus,
  contractTexts,
  fieldMessage,
  normalizeIban,
  retainUntil,
  todayInBerlin,
  withdrawalPossible,
  addDays,
  type ContractActor,
  type ContractStatus,
  type LetterKind,
  type FormModel,
  formatIsoDate,
  formatDateTime,
  type WithdrawalMoney,
} from '../../domain/index';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/client';
import {
  applications,
  contractLetters,
  contracts,
  documents,
  type ApplicationRow,
  type ContractRow,
} from '../db/schema/index';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';
import {
  addressChangedMail,
  cancellationEffectiveMail,
  cancelledMail,
  ibanChangedMail,
  releasedMail,
  withdrawalNotAppliedMail,
  withdrawnMail,
  type ContractFacts,
} from '../mail/contractTemplates';
import { factsOf, formatAddress } from '../processing/facts';
import { formModelOf } from '../services/storedModel';
import {
  nextMandateReference,
  landlordReleaseCode,
  normaliseReleaseCode,
  readWithdrawalLinkToken,
  sessionValue,
  sha256,
  withdrawalUrl,
} from './credentials';
import { recordContractEvent } from './events';
import { Guard } from './guard';
import { checkReleaseCode, overMailLimit } from './limits';
import { ContractError } from './contractError';
import { settleAndBook } from '../money/settle';
import { withdrawalMoneyOf } from '../money/withdrawal';
import { announceContractChange } from './webhooks';
import { guaranteeFigures } from './partialRelease';
import type { WebhookQueue } from '../services/tenancies';

const SESSION_MINUTES = 30;
const MINUTE = 60_000;

export { ContractError } from './contractError';

export interface ContractServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  serverSecret: string;
  sepaCreditorId: string;
  /** Read at each use (tests set PUBLIC_URL after start). */
  publicUrl: () => string;
  /** Partners' webhooks (ADR 0713); absent when processing does not run. */
  webhooks?: WebhookQueue;
}

interface Loaded {
  app: ApplicationRow;
  contract: ContractRow;
  model: FormModel;
}

const normEmail = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : '');
const normNumber = (s: unknown) => (typeof s === 'string' ? s.trim().toUpperCase() : '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** MK-2026-000042, or a partner sandbox's TEST-MK-2026-000001 (ADR 0712). */
const CONTRACT_NUMBER = /^(TEST-)?MK-\d{4}-\d{6}$/;

/** "DE89 … 3000": enough for the tenant to recognise the account, nothing more. */
const maskIban = (iban: string) => `${iban.slice(0, 4)} … ${iban.slice(-4)}`;

/** Checks the identification fields of the withdrawal and access forms (German messages). */
export function checkIdentification(body: Record<string, unknown>, withNumber = true) {
  const t = contractTexts.errors;
  const errors: ContractError[] = [];
  const number = normNumber(body.contractNumber);
  if (withNumber) {
    if (!number)
      errors.push(new ContractError(400, 'required', t.contractNumberRequired, 'contractNumber'));
    else if (!CONTRACT_NUMBER.test(number))
      errors.push(new ContractError(400, 'invalid', t.contractNumberInvalid, 'contractNumber'));
  }
  const email = normEmail(body.email);
  if (!email) errors.push(new ContractError(400, 'required', t.emailRequired, 'email'));
  else if (!EMAIL.test(email) || email.length > 254)
    errors.push(new ContractError(400, 'invalid', t.emailInvalid, 'email'));
  // A `confirmationEmail` of older clients is ignored: details go to the stored address only.
  return { errors, number, email };
}

export class ContractService {
  private readonly guard: Guard;
  constructor(private readonly deps: ContractServiceDeps) {
    this.guard = new Guard(deps.db, deps.clock, deps.serverSecret);
  }

  private now() {
    return this.deps.clock.now();
  }

  private async load(where: ReturnType<typeof eq>, tx?: Tx): Promise<Loaded | undefined> {
    const q = (tx ?? this.deps.db.orm)
      .select({ app: applications, contract: contracts })
      .from(contracts)
      .innerJoin(applications, eq(applications.id, contracts.applicationId))
      .where(where);
    const row = (tx ? await q.for('update') : await q)[0];
    return row ? { ...row, model: formModelOf(row.app) } : undefined;
  }

  private byId(applicationId: string, tx?: Tx) {
    return this.load(eq(contracts.applicationId, applicationId), tx);
  }

  private links(applicationId: string) {
    const base = this.deps.publicUrl();
    return {
      withdrawUrl: withdrawalUrl(base, this.deps.serverSecret, applicationId),
      contractPageUrl: `${base.replace(/\/$/, '')}/vertrag`,
    };
  }

  private facts(l: Loaded, withLinks = true): ContractFacts & { to: string | undefined } {
    const f = factsOf(l.model);
    const first = f.tenants[0];
    return {
      to: f.email,
      salutation: { gender: first?.gender, firstName: first?.firstName, lastName: first?.lastName },
      contractNumber: l.contract.contractNumber,
      deposit: f.deposit,
      objectAddress: f.objectAddress || '–',
      links: withLinks ? this.links(l.app.id) : undefined,
    };
  }

  private async mail(
    to: string | undefined | Array<string | undefined>,
    key: string,
    rendered: { subject: string; text: string; html: string },
  ) {
    const wanted = [...new Set((Array.isArray(to) ? to : [to]).filter((x): x is string => !!x))];
    const list = [];
    // Every contract mail counts per recipient (ADR 1117); past the hour's limit it is not sent.
    for (const address of wanted)
      if (!(await overMailLimit(this.guard, address))) list.push(address);
    if (list.length === 0) return;
    await this.deps.mailer.send({ to: list, ...rendered, key });
  }

  /** Landlord has no e-mail address in the model: the back office posts a letter. */
  private async letterToLandlord(tx: Tx, applicationId: string, kind: LetterKind, now: Date) {
    await tx.insert(contractLetters).values({
      applicationId,
      recipient: 'landlord',
      kind,
      // A sandbox test contract's letter is marked (ADR 1130): printed as MUSTER, never posted.
      sandbox: sql<boolean>`(SELECT sandbox FROM applications WHERE id = ${applicationId})`,
      createdAt: now,
    });
  }

  private async end(
    tx: Tx,
    l: Loaded,
    status: Exclude<ContractStatus, 'active' | 'cancellation_requested'>,
    endOn: string,
    settlement: { refundCents: number; outstandingCents: number },
    now: Date,
  ) {
    await tx
      .update(contracts)
      .set({
        status,
        endOn,
        endedAt: now,
        refundCents: settlement.refundCents,
        outstandingCents: settlement.outstandingCents,
        retainUntil: retainUntil(endOn > todayInBerlin(now) ? endOn : todayInBerlin(now)),
      })
      .where(eq(contracts.applicationId, l.app.id));
    await announceContractChange(
      tx,
      {
        applicationId: l.app.id,
        type: status,
        at: now,
        contractNumber: l.contract.contractNumber,
      },
      this.deps.webhooks,
    );
  }

  // ---- withdrawal (/widerruf and the contract page) ----

  /** The contract number a signed withdrawal link stands for (or undefined). */
  async withdrawalLink(token: string): Promise<{ contractNumber: string } | undefined> {
    const id = readWithdrawalLinkToken(this.deps.serverSecret, token);
    if (!id) return undefined;
    const l = await this.byId(id);
    return l ? { contractNumber: l.contract.contractNumber } : undefined;
  }

  /**
   * A withdrawal of the tenant's: through the signed link of a contract e-mail, the contract-page
   * session or a confirmed statement (ADR 1116; `receivedAt` is then the statement's time, which
   * stays the legal time of receipt, § 356a BGB). The e-mail goes to the stored address only.
   */
  async withdraw(input: {
    applicationId: string;
    receivedAt?: Date;
    actor: 'tenant';
  }): Promise<{ receivedAt: Date; applied: boolean; money?: WithdrawalMoney }> {
    const receivedAt = input.receivedAt ?? this.now();
    const today = todayInBerlin(receivedAt);
    const matched = await this.byId(input.applicationId);
    let applied = false;
    let landlordByLetter = false;
    let money: WithdrawalMoney = { kind: 'nothing' };
    if (matched) {
      await this.deps.db.transaction(async (tx) => {
        const l = await this.byId(matched.app.id, tx);
        if (!l) return;
        const possible = withdrawalPossible(
          l.contract.status,
          today,
          l.contract.withdrawalDeadline,
        );
        if (!possible) {
          await recordContractEvent(tx, {
            applicationId: l.app.id,
            type: 'withdrawal_received',
            actor: input.actor,
            at: receivedAt,
            details: {
              applied: false,
              status: l.contract.status,
              deadline: l.contract.withdrawalDeadline,
            },
          });
          return;
        }
        // Against what was really collected (issue 25), not what was due.
        const s = (await settleAndBook(tx, l.contract, { kind: 'withdrawn' }, receivedAt))
          .settlement;
        await this.end(tx, l, 'withdrawn', today, s, receivedAt);
        await recordContractEvent(tx, {
          applicationId: l.app.id,
          type: 'withdrawn',
          actor: input.actor,
          at: receivedAt,
          details: {
            refundCents: s.refundCents,
            deadline: l.contract.withdrawalDeadline,
            landlordNotice: 'letter',
          },
        });
        await this.letterToLandlord(tx, l.app.id, 'withdrawn', receivedAt);
        applied = true;
        landlordByLetter = true;
        money = await withdrawalMoneyOf(tx, l.app.id, s.refundCents);
      });
    }
    const key = `contract-withdrawal.${receivedAt.getTime()}.${sha256(input.applicationId).slice(0, 12)}`;
    if (matched && applied) {
      const f = this.facts(matched, false);
      await this.mail(f.to, key, withdrawnMail({ ...f, receivedAt, money, landlordByLetter }));
    } else if (matched) {
      await this.mail(
        this.facts(matched).to,
        key,
        withdrawalNotAppliedMail({
          contractNumber: matched.contract.contractNumber,
          receivedAt,
          contractPageUrl: this.links('').contractPageUrl,
        }),
      );
    }
    this.deps.log.info({ applied }, 'withdrawal declaration received');
    return applied ? { receivedAt, applied, money } : { receivedAt, applied };
  }

  // ---- magic link and session ----

  /** The session cookie's value and lifetime for a contract whose magic link was redeemed. */
  sessionFor(applicationId: string): { value: string; maxAgeSeconds: number } {
    const now = this.now();
    return {
      value: sessionValue(
        this.deps.serverSecret,
        applicationId,
        now.getTime() + SESSION_MINUTES * MINUTE,
      ),
      maxAgeSeconds: SESSION_MINUTES * 60,
    };
  }

  // ---- the contract page ----

  private async mustLoad(applicationId: string, tx?: Tx): Promise<Loaded> {
    const l = await this.byId(applicationId, tx);
    if (!l) throw new ContractError(401, 'session_expired', contractTexts.errors.sessionExpired);
    return l;
  }

  async view(applicationId: string) {
    const l = await this.mustLoad(applicationId);
    const c = l.contract;
    const f = factsOf(l.model);
    const today = todayInBerlin(this.now());
    const docs = await this.deps.db.orm
      .select({ kind: documents.kind, filename: documents.filename })
      .from(documents)
      .where(eq(documents.applicationId, applicationId))
      .orderBy(asc(documents.createdAt));
    const iban = l.model.bankAccount.iban ? normalizeIban(l.model.bankAccount.iban) : '';
    return {
      contractNumber: c.contractNumber,
      status: c.status,
      endedOn: endedOnText(c),
      deposit: f.deposit,
      objectAddress: f.objectAddress,
      ratePerPaymentCents: c.ratePerPaymentCents,
      paymentAdverb: f.premium.adverb,
      mandateReference: c.mandateReference,
      iban: iban ? maskIban(iban) : '',
      address: { ...l.model.firstTenant.address },
      withdrawalDeadline: formatIsoDate(c.withdrawalDeadline),
      withdrawalPossible: withdrawalPossible(c.status, today, c.withdrawalDeadline),
      refundCents: c.refundCents,
      outstandingCents: c.outstandingCents,
      documents: docs.map((d) => ({
        kind: d.kind,
        filename: d.filename,
        url: `/api/contracts/me/documents/${d.kind}`,
      })),
    };
  }

  async document(applicationId: string, kind: string) {
    return (
      await this.deps.db.orm
        .select()
        .from(documents)
        .where(and(eq(documents.applicationId, applicationId), sql`${documents.kind} = ${kind}`))
    )[0];
  }

  /** Changes (IBAN) are possible while the guarantee is in force, also after a cancellation. */
  private mustBeActive(l: Loaded) {
    if (!guaranteeInForce(l.contract.status))
      throw new ContractError(409, 'not_possible', contractTexts.errors.notPossible);
  }

  async changeIban(applicationId: string, input: unknown) {
    const raw = typeof input === 'string' ? input : '';
    const l0 = await this.mustLoad(applicationId);
    const probe = {
      ...l0.model,
      bankAccount: { ...l0.model.bankAccount, useIban: true, iban: raw },
    };
    const codes = checkField(probe, 'bankAccount.iban', {} as never);
    if (codes.length > 0)
      throw new ContractError(
        400,
        codes[0] as string,
        fieldMessage('bankAccount.iban', codes[0] as string),
        'iban',
      );
    const iban = normalizeIban(raw);
    const now = this.now();
    const ref = await this.deps.db.transaction(async (tx) => {
      const l = await this.mustLoad(applicationId, tx);
      this.mustBeActive(l);
      const next = nextMandateReference(l.contract.contractNumber, l.contract.mandateReference);
      const data = { ...(l.app.data as Record<string, unknown>) };
      data.bankAccount = {
        ...l.model.bankAccount,
        useIban: true,
        iban,
        accountNumber: undefined,
        bankCode: undefined,
      };
      await tx
        .update(applications)
        .set({ data, updatedAt: now })
        .where(eq(applications.id, applicationId));
      await tx
        .update(contracts)
        .set({ mandateReference: next })
        .where(eq(contracts.applicationId, applicationId));
      await recordContractEvent(tx, {
        applicationId,
        type: 'iban_changed',
        actor: 'tenant',
        at: now,
        details: {
          mandateReference: next,
          previousMandateReference: l.contract.mandateReference,
          country: iban.slice(0, 2),
        },
      });
      return next;
    });
    const f = this.facts(l0);
    await this.mail(
      f.to,
      `contract-iban.${applicationId}.${ref}`,
      ibanChangedMail({
        ...f,
        maskedIban: maskIban(iban),
        mandateReference: ref,
        creditorId: this.deps.sepaCreditorId,
      }),
    );
    return { mandateReference: ref };
  }

  async changeAddress(applicationId: string, input: unknown) {
    const body = (input ?? {}) as Record<string, unknown>;
    const address = {
      street: typeof body.street === 'string' ? body.street.trim() : '',
      number: typeof body.number === 'string' ? body.number.trim() : '',
      zip: typeof body.zip === 'string' ? body.zip.trim() : '',
      city: typeof body.city === 'string' ? body.city.trim() : '',
    };
    const l0 = await this.mustLoad(applicationId);
    const probe = {
      ...l0.model,
      firstTenant: {
        ...l0.model.firstTenant,
        address: { ...l0.model.firstTenant.address, ...address },
      },
    };
    const errors: ContractError[] = [];
    for (const k of ['street', 'number', 'zip', 'city'] as const) {
      const path = `firstTenant.address.${k}` as const;
      const codes = checkField(probe, path, {} as never);
      if (codes.length > 0)
        errors.push(
          new ContractError(400, codes[0] as string, fieldMessage(path, codes[0] as string), k),
        );
    }
    if (errors.length > 0) throw new ContractFieldErrors(errors);
    const now = this.now();
    await this.deps.db.transaction(async (tx) => {
      const l = await this.mustLoad(applicationId, tx);
      if (l.contract.status === 'withdrawn')
        throw new ContractError(409, 'not_possible', contractTexts.errors.notPossible);
      const data = { ...(l.app.data as Record<string, unknown>) };
      data.firstTenant = {
        ...l.model.firstTenant,
        address: { ...l.model.firstTenant.address, ...address },
      };
      await tx
        .update(applications)
        .set({ data, updatedAt: now })
        .where(eq(applications.id, applicationId));
      await recordContractEvent(tx, {
        applicationId,
        type: 'address_changed',
        actor: 'tenant',
        at: now,
      });
    });
    const f = this.facts(l0);
    await this.mail(
      f.to,
      `contract-address.${applicationId}.${now.getTime()}`,
      addressChangedMail({ ...f, newAddress: formatAddress(address) }),
    );
  }

  /**
   * The tenant's cancellation (ADR 0925): it never ends the guarantee by itself. The contract is
   * marked; the landlord gets a letter asking for the release; the cancellation takes effect on
   * the day the release (or the original certificate) arrives, see release().
   */
  async cancel(applicationId: string) {
    const now = this.now();
    const l = await this.deps.db.transaction(async (tx) => {
      const l = await this.mustLoad(applicationId, tx);
      const to = nextStatus(l.contract.status, 'cancel');
      if (!to) throw new ContractError(409, 'not_possible', contractTexts.errors.notPossible);
      await tx.update(contracts).set({ status: to }).where(eq(contracts.applicationId, l.app.id));
      await recordContractEvent(tx, {
        applicationId,
        type: 'cancellation_requested',
        actor: 'tenant',
        at: now,
        details: { landlordNotice: 'letter' },
      });
      await this.letterToLandlord(tx, applicationId, 'cancellation_requested', now);
      return l;
    });
    const f = this.facts(l, false);
    await this.mail(
      f.to,
      `contract-cancelled.${applicationId}`,
      cancelledMail({ ...f, receivedAt: now, landlordByLetter: true }),
    );
    return { status: 'cancellation_requested' as const, receivedAtText: formatDateTime(now) };
  }

  // ---- the landlord's verification page ----

  private byToken(token: string) {
    return this.load(eq(contracts.verificationTokenHash, sha256(token)));
  }

  /** What the certificate shows, and the status now; undefined for an unknown token. */
  async verification(token: string) {
    if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return undefined;
    const l = await this.byToken(token);
    if (!l) return undefined;
    const f = factsOf(l.model);
    return {
      ...(l.app.sandbox ? { sandbox: true } : {}),
      status: l.contract.status,
      endedOn: endedOnText(l.contract),
      contractNumber: l.contract.contractNumber,
      deposit: f.deposit,
      objectAddress: f.objectAddress,
      ...(await guaranteeFigures(this.deps.db.orm, l.contract)),
    };
  }

  /** The landlord's release with the code printed on the certificate. */
  async release(token: string, code: unknown, client: string) {
    const t = contractTexts.errors;
    const typed = typeof code === 'string' ? normaliseReleaseCode(code) : '';
    if (!typed) throw new ContractError(400, 'required', t.releaseCodeRequired, 'code');
    const found = /^[A-Za-z0-9_-]{22}$/.test(token) ? await this.byToken(token) : undefined;
    if (!found) throw new ContractError(404, 'unknown', t.unknownToken);
    // Wrong codes per contract and per client lock for the rest of their window (ADR 1117).
    // Only the code of the landlord's letter releases, never the one on the certificate.
    await checkReleaseCode(
      this.guard,
      found.app.id,
      client,
      sha256(typed) === sha256(landlordReleaseCode(this.deps.serverSecret, found.app.id)),
    );
    await this.endByLandlord(found.app.id, 'release', 'landlord', 'landlord_letter_code');
    return this.verification(token);
  }

  /**
   * The original certificate came back to us (staff records it, issue 27): like the landlord's
   * release it ends the guarantee, or makes a pending cancellation effective (ADR 0925).
   */
  async originalReturned(applicationId: string, actor: ContractActor) {
    await this.endByLandlord(applicationId, 'originalReturned', actor, 'original_returned');
  }

  /** Ends the guarantee on the landlord's side: a release or the original certificate returned. */
  private async endByLandlord(
    applicationId: string,
    act: 'release' | 'originalReturned',
    actor: ContractActor,
    confirmedBy: 'landlord_letter_code' | 'original_returned',
  ) {
    const t = contractTexts.errors;
    const now = this.now();
    const today = todayInBerlin(now);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const l = await this.mustLoad(applicationId, tx);
      const to = nextStatus(l.contract.status, act);
      if (to !== 'released' && to !== 'cancelled')
        return { error: new ContractError(409, 'not_possible', t.notPossible) };
      // A pending cancellation takes effect today: premiums owed through today (ADR 0925), settled
      // against what was really collected (issue 25).
      const endOn = to === 'cancelled' ? cancellationEndOn(today) : today;
      const { settlement: s } = await settleAndBook(tx, l.contract, { kind: to, endOn }, now);
      await this.end(tx, l, to, endOn, s, now);
      await recordContractEvent(tx, {
        applicationId: l.app.id,
        type: 'released',
        actor,
        at: now,
        details: {
          refundCents: s.refundCents,
          outstandingCents: s.outstandingCents,
          confirmedBy,
          landlordNotice: 'letter',
        },
      });
      // The code came by letter to the landlord's address (ADR 1119); a second letter tells the
      // landlord the release is done.
      await this.letterToLandlord(tx, l.app.id, 'released', now);
      return { l, s, to };
    });
    if ('error' in outcome) throw outcome.error;
    const f = this.facts(outcome.l, false);
    if (outcome.to === 'cancelled') {
      await this.mail(
        f.to,
        `contract-cancellation-effective.${outcome.l.app.id}`,
        cancellationEffectiveMail({
          ...f,
          effectiveOn: today,
          refundCents: outcome.s.refundCents,
          outstandingCents: outcome.s.outstandingCents,
        }),
      );
      return;
    }
    await this.mail(
      f.to,
      `contract-released.${outcome.l.app.id}`,
      releasedMail({
        ...f,
        releasedAt: now,
        refundCents: outcome.s.refundCents,
        outstandingCents: outcome.s.outstandingCents,
      }),
    );
  }
}

export class ContractFieldErrors extends Error {
  constructor(readonly errors: ContractError[]) {
    super('field errors');
  }
}

/** The date a status shows: withdrawn/released on the day, cancelled to its last day. */
function endedOnText(c: ContractRow): string | undefined {
  if (!c.endOn) return undefined;
  return formatIsoDate(c.status === 'cancelled' ? addDays(c.endOn, -1) : c.endOn);
}
