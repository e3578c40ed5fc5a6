import {
  addDays,
  cancellationEndOn,
  contractTexts,
  formatIsoDate,
  nextStatus,
  todayInBerlin,
  type ContractActor,
} from '../../domain/index';
import type { ContractRow } from '../db/schema/index';
import { cancellationEffectiveMail, releasedMail } from '../mail/contractTemplates';
import { settleAndBook } from '../money/settle';
import { factsOf } from '../processing/facts';
import { ContractError } from './contractError';
import type { ContractContext } from './context';
import { landlordReleaseCode, normaliseReleaseCode, sha256 } from './credentials';
import { recordContractEvent } from './events';
import { checkReleaseCode } from './limits';
import { guaranteeFigures } from './partialRelease';

const verificationToken = /^[A-Za-z0-9_-]{22}$/;

/** The date a status shows: withdrawn/released on the day, cancelled to its last day. */
export function endedOnText(c: ContractRow): string | undefined {
  if (!c.endOn) return undefined;
  return formatIsoDate(c.status === 'cancelled' ? addDays(c.endOn, -1) : c.endOn);
}

/**
 * The landlord's side (ADR 0924, 0925): the verification page, the release with the code of our
 * letter, and the original certificate returned (recorded by staff). Each ends the guarantee or
 * makes a pending cancellation effective.
 */
export class Releases {
  constructor(private readonly c: ContractContext) {}

  /** What the certificate shows, and the status now; undefined for an unknown token. */
  async verification(token: string) {
    if (!verificationToken.test(token)) return undefined;
    const l = await this.c.store.byVerificationToken(token);
    if (!l) return undefined;
    const f = factsOf(l.model);
    return {
      ...(l.app.sandbox ? { sandbox: true } : {}),
      status: l.contract.status,
      endedOn: endedOnText(l.contract),
      contractNumber: l.contract.contractNumber,
      deposit: f.deposit,
      objectAddress: f.objectAddress,
      ...(await guaranteeFigures(this.c.deps.db.orm, l.contract)),
    };
  }

  /** The landlord's release with the code of our letter to the landlord. */
  async release(token: string, code: unknown, client: string) {
    const t = contractTexts.errors;
    const typed = typeof code === 'string' ? normaliseReleaseCode(code) : '';
    if (!typed) throw new ContractError(400, 'required', t.releaseCodeRequired, 'code');
    const found = verificationToken.test(token)
      ? await this.c.store.byVerificationToken(token)
      : undefined;
    if (!found) throw new ContractError(404, 'unknown', t.unknownToken);
    // Wrong codes per contract and per client lock for the rest of their window (ADR 1117).
    // Only the code of the landlord's letter releases, never the one on the certificate.
    await checkReleaseCode(
      this.c.guard,
      found.app.id,
      client,
      sha256(typed) === sha256(landlordReleaseCode(this.c.deps.serverSecret, found.app.id)),
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
    const { store } = this.c;
    const t = contractTexts.errors;
    const now = this.c.now();
    const today = todayInBerlin(now);
    const outcome = await store.transaction(async (tx) => {
      const l = await this.c.mustLoad(applicationId, tx);
      const to = nextStatus(l.contract.status, act);
      if (to !== 'released' && to !== 'cancelled')
        return { error: new ContractError(409, 'not_possible', t.notPossible) };
      // A pending cancellation takes effect today: premiums owed through today (ADR 0925), settled
      // against what was really collected (issue 25).
      const endOn = to === 'cancelled' ? cancellationEndOn(today) : today;
      const { settlement: s } = await settleAndBook(tx, l.contract, { kind: to, endOn }, now);
      await store.end(tx, l, { status: to, endOn, settlement: s }, now);
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
      await store.letterToLandlord(tx, l.app.id, 'released', now);
      return { l, s, to };
    });
    if ('error' in outcome) throw outcome.error;
    const f = this.c.facts(outcome.l, false);
    if (outcome.to === 'cancelled') {
      await this.c.mail(
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
    await this.c.mail(
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
