import { todayInBerlin, withdrawalPossible, type WithdrawalMoney } from '../../domain/index';
import { settleAndBook } from '../money/settle';
import { withdrawalMoneyOf } from '../money/withdrawal';
import { withdrawalNotAppliedMail, withdrawnMail } from '../mail/contractTemplates';
import type { ContractContext } from './context';
import { readWithdrawalLinkToken, sha256 } from './credentials';
import { recordContractEvent } from './events';

/** The tenant's withdrawal (§ 8 VVG): /widerruf, the e-mails' signed link, the contract page. */
export class Withdrawals {
  constructor(private readonly c: ContractContext) {}

  /** The contract number a signed withdrawal link stands for (or undefined). */
  async withdrawalLink(token: string): Promise<{ contractNumber: string } | undefined> {
    const id = readWithdrawalLinkToken(this.c.deps.serverSecret, token);
    if (!id) return undefined;
    const l = await this.c.store.byId(id);
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
    const { store } = this.c;
    const receivedAt = input.receivedAt ?? this.c.now();
    const today = todayInBerlin(receivedAt);
    const matched = await store.byId(input.applicationId);
    let applied = false;
    let landlordByLetter = false;
    let money: WithdrawalMoney = { kind: 'nothing' };
    if (matched) {
      await store.transaction(async (tx) => {
        const l = await store.byId(matched.app.id, tx);
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
        await store.end(tx, l, { status: 'withdrawn', endOn: today, settlement: s }, receivedAt);
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
        await store.letterToLandlord(tx, l.app.id, 'withdrawn', receivedAt);
        applied = true;
        landlordByLetter = true;
        money = await withdrawalMoneyOf(tx, l.app.id, s.refundCents);
      });
    }
    const key = `contract-withdrawal.${receivedAt.getTime()}.${sha256(input.applicationId).slice(0, 12)}`;
    if (matched && applied) {
      const f = this.c.facts(matched, false);
      await this.c.mail(f.to, key, withdrawnMail({ ...f, receivedAt, money, landlordByLetter }));
    } else if (matched) {
      await this.c.mail(
        this.c.facts(matched).to,
        key,
        withdrawalNotAppliedMail({
          contractNumber: matched.contract.contractNumber,
          receivedAt,
          contractPageUrl: this.c.links('').contractPageUrl,
        }),
      );
    }
    this.c.deps.log.info({ applied }, 'withdrawal declaration received');
    return applied ? { receivedAt, applied, money } : { receivedAt, applied };
  }
}
