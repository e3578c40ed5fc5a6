import type { ApplicationKind, ApplicationStore } from './applications';
import { isPlausibleCid } from './cid';
import { rates, type FormModel, type PaymentConditions, type Tariff } from './rulebook';
import { TenancyError } from './tenancies';

/** The order status of spec §3, polled by the processing overlay every second. */
export interface OrderStatus {
  state: string;
  orderId: string | null;
  /** Amount per payment in euros, with the chosen frequency. */
  rate: number | null;
  digital: boolean;
}

export class StatusService {
  constructor(
    private readonly store: ApplicationStore,
    private readonly tariff: Tariff,
  ) {}

  /** GET /api/application/state/{cid} (contract) and /api/reservation/state/{cid}. */
  async status(cid: unknown, kind: ApplicationKind): Promise<OrderStatus> {
    if (!isPlausibleCid(cid)) throw new TenancyError('unknown');
    const row = await this.store.findByCid(cid);
    // A continued reservation is a contract now, but its reservation stays accepted.
    const wasReservation = row?.kind === 'contract' && row.reservedAt !== null;
    if (!row || (row.kind !== kind && !(kind === 'reservation' && wasReservation))) {
      throw new TenancyError('unknown');
    }
    const model = row.data as Partial<FormModel>;
    const digital = row.digital || model.objective?.deliverTo === 'digital';
    if (kind === 'reservation' && wasReservation) {
      return { state: 'accepted', orderId: null, rate: null, digital };
    }
    let rate = row.rateCents !== null ? row.rateCents / 100 : null;
    const deposit = model.objective?.deposit;
    const frequency = (model.objective?.paymentConditions ?? 12) as PaymentConditions;
    if (rate === null && typeof deposit === 'number') {
      rate = rates(deposit, this.tariff)[frequency]?.rate_per_payment ?? null;
    }
    return { state: row.orderState ?? 'not_submitted', orderId: row.orderId, rate, digital };
  }
}
