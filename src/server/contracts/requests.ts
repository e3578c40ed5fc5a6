import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { todayInBerlin, withdrawalPossible } from '../../domain/index';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { applications, contractRequests, contracts } from '../db/schema/index';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';
import { accessLinkMail, withdrawalConfirmMail } from '../mail/contractTemplates';
import { factsOf } from '../processing/facts';
import { formModelOf } from '../services/storedModel';
import type { Later } from './afterReply';
import { ContractError } from './contractError';
import type { Guard } from './guard';
import { contractTexts } from '../../domain/index';
import { newAccessToken, sha256 } from './credentials';
import { recordContractEvent } from './events';

const MINUTE = 60_000;
const ACCESS_LINK_MINUTES = 30;
/** How long the link that confirms a withdrawal statement works (ADR 1116). */
const WITHDRAWAL_CONFIRM_DAYS = 14;

export interface ContractRequestDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  publicUrl: () => string;
  guard: Guard;
  /** Requests with number and address per client and hour (CONTRACT_REQUESTS_PER_CLIENT). */
  requestsPerClient: number;
  /** Link mails per recipient and hour (CONTRACT_MAILS_PER_ADDRESS). */
  mailsPerAddress: number;
}

const HOUR = 3_600_000;

/**
 * The contract of this number whose stored e-mail address is this one, in one statement that
 * costs the same whether or not anything matches (no model is parsed, nothing else is read).
 */
const matchSql = `
  SELECT c.application_id AS id
  FROM contracts c JOIN applications a ON a.id = c.application_id
  WHERE c.contract_number = $1
    AND lower(btrim(coalesce(a.data->'firstTenant'->>'email', ''))) = $2`;

/**
 * Requests made with a contract number and an e-mail address (ADR 1116): a magic link for
 * /vertrag and a withdrawal statement at /widerruf. Neither does anything by itself: each sends a
 * single-use link to the address stored with the contract, so nobody who merely knows a number
 * and the tenant's address can act on the contract or receive its details. Both answers are the
 * same and take the same time whether or not number and address match: the same lookup and the
 * same insert run in either case, and the mail goes out after the answer.
 */
export class ContractRequests {
  constructor(private readonly deps: ContractRequestDeps) {}

  /**
   * The work every request does, matching or not (ADR 1117): the client's count (429 past its
   * limit, which depends on the client alone), the lookup, the row, the recipient's count. The
   * answer `mail` says whether a link may be mailed: only to a match whose address has had fewer
   * than CONTRACT_MAILS_PER_ADDRESS links this hour.
   */
  private async record(
    kind: 'access' | 'withdrawal',
    number: string,
    email: string,
    client: string,
    validMs: number,
  ): Promise<{ token: string; applicationId: string | undefined; receivedAt: Date }> {
    const { guard } = this.deps;
    const byClient = await guard.hit(
      { purpose: 'contract_request_client', windowMs: HOUR },
      client,
    );
    if (byClient.count > this.deps.requestsPerClient)
      throw new ContractError(
        429,
        'too_many_requests',
        contractTexts.errors.tooManyRequests(Math.max(1, Math.ceil(byClient.ttlMs / 60_000))),
      );
    const receivedAt = this.deps.clock.now();
    const found = await this.deps.db.executeSql(matchSql, [number, email]);
    const matched = (found.rows[0] as { id?: string } | undefined)?.id;
    const byAddress = await guard.hit({ purpose: 'contract_mail_address', windowMs: HOUR }, email);
    const applicationId = byAddress.count <= this.deps.mailsPerAddress ? matched : undefined;
    const token = newAccessToken();
    await this.deps.db.orm.insert(contractRequests).values({
      tokenHash: sha256(token),
      kind,
      applicationId: matched ?? null,
      receivedAt,
      expiresAt: new Date(receivedAt.getTime() + validMs),
    });
    return { token, applicationId, receivedAt };
  }

  private base() {
    return this.deps.publicUrl().replace(/\/$/, '');
  }

  private async storedAddress(applicationId: string) {
    const row = (
      await this.deps.db.orm
        .select({ app: applications, contract: contracts })
        .from(contracts)
        .innerJoin(applications, eq(applications.id, contracts.applicationId))
        .where(eq(contracts.applicationId, applicationId))
    )[0];
    if (!row) return undefined;
    const f = factsOf(formModelOf(row.app));
    const first = f.tenants[0];
    return {
      to: f.email,
      contract: row.contract,
      salutation: { gender: first?.gender, firstName: first?.firstName, lastName: first?.lastName },
    };
  }

  /** "Zugang anfordern": a single-use link to the contract page, to the stored address. */
  async requestAccess(number: string, email: string, client: string, later: Later): Promise<void> {
    const r = await this.record('access', number, email, client, ACCESS_LINK_MINUTES * MINUTE);
    const id = r.applicationId;
    if (!id) return;
    later('access link mail', async () => {
      const s = await this.storedAddress(id);
      if (!s?.to) return;
      await this.deps.db.transaction((tx) =>
        recordContractEvent(tx, {
          applicationId: id,
          type: 'access_requested',
          actor: 'tenant',
          at: r.receivedAt,
        }),
      );
      await this.deps.mailer.send({
        to: [s.to],
        key: `contract-access.${sha256(r.token).slice(0, 24)}`,
        ...accessLinkMail({
          contractNumber: s.contract.contractNumber,
          url: `${this.base()}/vertrag?token=${r.token}`,
          validMinutes: ACCESS_LINK_MINUTES,
        }),
      });
    });
  }

  /**
   * A withdrawal statement made with number and address: its time of receipt is recorded now and
   * stays the legal one (§ 356a BGB); the statement takes effect when the tenant confirms it with
   * the link we send to the stored address (`confirmWithdrawal`).
   */
  async declareWithdrawal(
    number: string,
    email: string,
    client: string,
    later: Later,
  ): Promise<{ receivedAt: Date }> {
    const r = await this.record(
      'withdrawal',
      number,
      email,
      client,
      WITHDRAWAL_CONFIRM_DAYS * 1440 * MINUTE,
    );
    const id = r.applicationId;
    if (id) {
      later('withdrawal confirmation mail', async () => {
        const s = await this.storedAddress(id);
        if (!s?.to) return;
        await this.deps.db.transaction((tx) =>
          recordContractEvent(tx, {
            applicationId: id,
            type: 'withdrawal_declared',
            actor: 'tenant',
            at: r.receivedAt,
            details: { confirmBy: 'link_to_stored_address' },
          }),
        );
        const possible = withdrawalPossible(
          s.contract.status,
          todayInBerlin(r.receivedAt),
          s.contract.withdrawalDeadline,
        );
        await this.deps.mailer.send({
          to: [s.to],
          key: `contract-withdrawal-confirm.${sha256(r.token).slice(0, 24)}`,
          ...withdrawalConfirmMail({
            salutation: s.salutation,
            contractNumber: s.contract.contractNumber,
            receivedAt: r.receivedAt,
            url: `${this.base()}/widerruf?confirm=${r.token}`,
            validDays: WITHDRAWAL_CONFIRM_DAYS,
            possible,
          }),
        });
      });
    }
    return { receivedAt: r.receivedAt };
  }

  /** What a confirmation link stands for (contract number and time of the statement). */
  async withdrawalStatement(
    token: string,
  ): Promise<{ contractNumber: string; receivedAt: Date } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const row = (
      await this.deps.db.orm
        .select({ n: contracts.contractNumber, at: contractRequests.receivedAt })
        .from(contractRequests)
        .innerJoin(contracts, eq(contracts.applicationId, contractRequests.applicationId))
        .where(this.open(token))
    )[0];
    return row ? { contractNumber: row.n, receivedAt: row.at } : undefined;
  }

  private open(token: string) {
    return and(
      eq(contractRequests.tokenHash, sha256(token)),
      eq(contractRequests.kind, 'withdrawal'),
      isNotNull(contractRequests.applicationId),
      isNull(contractRequests.usedAt),
      gt(contractRequests.expiresAt, this.deps.clock.now()),
    );
  }

  /**
   * Redeems a confirmation link once: the statement's contract and its time of receipt, which
   * the withdrawal then takes as its own. Undefined for an unknown, used or expired link.
   */
  async redeemWithdrawal(
    token: string,
  ): Promise<{ applicationId: string; receivedAt: Date } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const used = await this.deps.db.orm
      .update(contractRequests)
      .set({ usedAt: this.deps.clock.now() })
      .where(this.open(token))
      .returning({ id: contractRequests.applicationId, at: contractRequests.receivedAt });
    const row = used[0];
    return row?.id ? { applicationId: row.id, receivedAt: row.at } : undefined;
  }

  /** Redeems a magic-link token once: the contract it opens. */
  async redeemAccess(token: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const used = await this.deps.db.orm
      .update(contractRequests)
      .set({ usedAt: this.deps.clock.now() })
      .where(
        and(
          eq(contractRequests.tokenHash, sha256(token)),
          eq(contractRequests.kind, 'access'),
          isNotNull(contractRequests.applicationId),
          isNull(contractRequests.usedAt),
          gt(contractRequests.expiresAt, this.deps.clock.now()),
        ),
      )
      .returning({ id: contractRequests.applicationId });
    return used[0]?.id ?? undefined;
  }
}
