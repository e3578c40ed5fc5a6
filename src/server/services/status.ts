import type { ApplicationKind, ApplicationStore } from './applications';
import { isPlausibleCid } from './cid';
import { addDays, rates, todayInBerlin, type PaymentConditions, type Tariff } from './rulebook';
import { reportedState, type ContractStatus } from '../../domain/index';
import { formModelOf } from './storedModel';
import { TenancyError } from './tenancyErrors';
import { documentLinks, downloadableKinds, type DocumentLink } from '../documents/index';
import type { Clock } from '../clock';

/** How long the result page's download links work; the page asks again on every load. */
const pageLinkMinutes = 60;

/** The order status of spec §3, polled by the processing overlay every second. */
export interface OrderStatus {
  state: string;
  orderId: string | null;
  /** Amount per payment in euros, with the chosen frequency. */
  rate: number | null;
  digital: boolean;
  /** The application's checked partner and sub-partner codes (ADR 0700); null when none. */
  partnerCode: string | null;
  subPartnerCode: string | null;
  /**
   * What the result pages show (issue 11): payments per year of `rate` (1, 2, 4, 12), where the
   * certificate goes, the expected first debit (about 14 days after the application) and how long
   * an accepted reservation holds. Null when it does not apply (no contract, not decided).
   */
  paymentConditions: PaymentConditions | null;
  deliverTo: string | null;
  firstDebitDate: string | null;
  reservedUntil: string | null;
  /** The accepted contract's status after the sale (ADR 0925); null before acceptance. */
  contractStatus: ContractStatus | null;
  /**
   * Once accepted: the documents to download, as expiring signed paths (issue 15), plus the
   * public legal texts. The result page shows exactly these links.
   */
  documents?: DocumentLink[];
}

const DAY = 86_400_000;

export class StatusService {
  constructor(
    private readonly store: ApplicationStore,
    private readonly tariff: Tariff,
    private readonly reservationDays = 30,
    private readonly links?: { secret: string; clock: Clock },
  ) {}

  private documentsOf(applicationId: string, kind: ApplicationKind, digital: boolean) {
    if (!this.links) return {};
    const now = this.links.clock.now();
    return {
      documents: documentLinks({
        secret: this.links.secret,
        base: '',
        applicationId,
        kinds: downloadableKinds(kind, digital),
        expiresAt: new Date(now.getTime() + pageLinkMinutes * 60_000),
        withLegal: kind === 'contract',
      }),
    };
  }

  /** GET /api/application/state/{cid} (contract) and /api/reservation/state/{cid}. */
  async status(cid: unknown, kind: ApplicationKind): Promise<OrderStatus> {
    if (!isPlausibleCid(cid)) throw new TenancyError('unknown');
    const row = await this.store.statusByCid(cid);
    // A continued reservation is a contract now, but its reservation stays accepted.
    const wasReservation = row?.kind === 'contract' && row.reservedAt !== null;
    if (!row || (row.kind !== kind && !(kind === 'reservation' && wasReservation))) {
      throw new TenancyError('unknown');
    }
    const model = formModelOf(row);
    const digital = row.digital || model.objective.deliverTo === 'digital';
    const codes = { partnerCode: row.partnerCode, subPartnerCode: row.subPartnerCode };
    const none = { paymentConditions: null, deliverTo: null, firstDebitDate: null };
    const from = row.submittedAt?.getTime();
    const reservationAccepted = wasReservation || row.orderState === 'accepted';
    const reservedUntil =
      kind === 'reservation' && reservationAccepted && from !== undefined
        ? todayInBerlin(new Date(from + this.reservationDays * DAY))
        : null;
    if (kind === 'reservation' && wasReservation) {
      return {
        state: 'accepted',
        orderId: null,
        rate: null,
        digital,
        ...codes,
        ...none,
        reservedUntil,
        contractStatus: null,
        ...this.documentsOf(row.id, 'reservation', digital),
      };
    }
    let rate = row.rateCents !== null ? row.rateCents / 100 : null;
    const deposit = model.objective.deposit;
    const frequency = (model.objective.paymentConditions ?? 12) as PaymentConditions;
    if (rate === null && typeof deposit === 'number') {
      rate = rates(deposit, this.tariff)[frequency]?.rate_per_payment ?? null;
    }
    // The spec's order states begin with the submission; a draft has none (issue 27).
    if (!row.orderState) throw new TenancyError('not_submitted');
    const accepted = kind === 'contract' && row.orderState === 'accepted';
    const contractStatus = accepted ? (row.contractStatus ?? undefined) : undefined;
    const state = reportedState(row.orderState, contractStatus);
    return {
      state,
      orderId: row.orderId,
      rate,
      digital,
      ...codes,
      paymentConditions: model.objective.paymentConditions ?? null,
      deliverTo: model.objective.deliverTo ?? null,
      firstDebitDate:
        accepted && row.submittedAt ? addDays(todayInBerlin(row.submittedAt), 14) : null,
      reservedUntil,
      contractStatus: contractStatus ?? null,
      ...(row.orderState === 'accepted' ? this.documentsOf(row.id, kind, digital) : {}),
    };
  }
}
