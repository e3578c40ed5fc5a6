import { contractTexts, formatDateTime, nextStatus } from '../../domain/index';
import { cancelledMail } from '../mail/contractTemplates';
import { ContractError } from './contractError';
import type { ContractContext } from './context';
import { recordContractEvent } from './events';

/** The tenant's cancellation (Kündigung) from the contract page. */
export class Cancellations {
  constructor(private readonly c: ContractContext) {}

  /**
   * The tenant's cancellation (ADR 0925): it never ends the guarantee by itself. The contract is
   * marked; the landlord gets a letter asking for the release; the cancellation takes effect on
   * the day the release (or the original certificate) arrives, see release.ts.
   */
  async cancel(applicationId: string) {
    const { store } = this.c;
    const now = this.c.now();
    const l = await store.transaction(async (tx) => {
      const l = await this.c.mustLoad(applicationId, tx);
      const to = nextStatus(l.contract.status, 'cancel');
      if (!to) throw new ContractError(409, 'not_possible', contractTexts.errors.notPossible);
      await store.setStatus(tx, l.app.id, to);
      await recordContractEvent(tx, {
        applicationId,
        type: 'cancellation_requested',
        actor: 'tenant',
        at: now,
        details: { landlordNotice: 'letter' },
      });
      await store.letterToLandlord(tx, applicationId, 'cancellation_requested', now);
      return l;
    });
    const f = this.c.facts(l, false);
    await this.c.mail(
      f.to,
      `contract-cancelled.${applicationId}`,
      cancelledMail({ ...f, receivedAt: now, landlordByLetter: true }),
    );
    return { status: 'cancellation_requested' as const, receivedAtText: formatDateTime(now) };
  }
}
