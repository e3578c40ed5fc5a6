import {
  checkField,
  contractTexts,
  fieldMessage,
  formatIsoDate,
  guaranteeInForce,
  normalizeIban,
  todayInBerlin,
  withdrawalPossible,
} from '../../domain/index';
import { addressChangedMail, ibanChangedMail } from '../mail/contractTemplates';
import { factsOf, formatAddress } from '../processing/facts';
import { ContractError } from './contractError';
import type { ContractContext } from './context';
import { nextMandateReference, sessionValue } from './credentials';
import { recordContractEvent } from './events';
import { ContractFieldErrors } from './fieldErrors';
import { endedOnText } from './release';
import type { Loaded } from './store';

const SESSION_MINUTES = 30;
const MINUTE = 60_000;

/** "DE89 … 3000": enough for the tenant to recognise the account, nothing more. */
const maskIban = (iban: string) => `${iban.slice(0, 4)} … ${iban.slice(-4)}`;

/** The contract page (/vertrag): its session, what it shows, the IBAN and address changes. */
export class ContractPage {
  constructor(private readonly c: ContractContext) {}

  /** The session cookie's value and lifetime for a contract whose magic link was redeemed. */
  sessionFor(applicationId: string): { value: string; maxAgeSeconds: number } {
    const now = this.c.now();
    return {
      value: sessionValue(
        this.c.deps.serverSecret,
        applicationId,
        now.getTime() + SESSION_MINUTES * MINUTE,
      ),
      maxAgeSeconds: SESSION_MINUTES * 60,
    };
  }

  async view(applicationId: string) {
    const l = await this.c.mustLoad(applicationId);
    const c = l.contract;
    const f = factsOf(l.model);
    const today = todayInBerlin(this.c.now());
    const docs = await this.c.store.documentList(applicationId);
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

  document(applicationId: string, kind: string) {
    return this.c.store.document(applicationId, kind);
  }

  /** Changes (IBAN) are possible while the guarantee is in force, also after a cancellation. */
  private mustBeActive(l: Loaded) {
    if (!guaranteeInForce(l.contract.status))
      throw new ContractError(409, 'not_possible', contractTexts.errors.notPossible);
  }

  async changeIban(applicationId: string, input: unknown) {
    const { store } = this.c;
    const raw = typeof input === 'string' ? input : '';
    const l0 = await this.c.mustLoad(applicationId);
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
    const now = this.c.now();
    const ref = await store.transaction(async (tx) => {
      const l = await this.c.mustLoad(applicationId, tx);
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
      await store.setApplicationData(tx, applicationId, data, now);
      await store.setMandateReference(tx, applicationId, next);
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
    const f = this.c.facts(l0);
    await this.c.mail(
      f.to,
      `contract-iban.${applicationId}.${ref}`,
      ibanChangedMail({
        ...f,
        maskedIban: maskIban(iban),
        mandateReference: ref,
        creditorId: this.c.deps.sepaCreditorId,
      }),
    );
    return { mandateReference: ref };
  }

  async changeAddress(applicationId: string, input: unknown) {
    const { store } = this.c;
    const body = (input ?? {}) as Record<string, unknown>;
    const address = {
      street: typeof body.street === 'string' ? body.street.trim() : '',
      number: typeof body.number === 'string' ? body.number.trim() : '',
      zip: typeof body.zip === 'string' ? body.zip.trim() : '',
      city: typeof body.city === 'string' ? body.city.trim() : '',
    };
    const l0 = await this.c.mustLoad(applicationId);
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
    const now = this.c.now();
    await store.transaction(async (tx) => {
      const l = await this.c.mustLoad(applicationId, tx);
      if (l.contract.status === 'withdrawn')
        throw new ContractError(409, 'not_possible', contractTexts.errors.notPossible);
      const data = { ...(l.app.data as Record<string, unknown>) };
      data.firstTenant = {
        ...l.model.firstTenant,
        address: { ...l.model.firstTenant.address, ...address },
      };
      await store.setApplicationData(tx, applicationId, data, now);
      await recordContractEvent(tx, {
        applicationId,
        type: 'address_changed',
        actor: 'tenant',
        at: now,
      });
    });
    const f = this.c.facts(l0);
    await this.c.mail(
      f.to,
      `contract-address.${applicationId}.${now.getTime()}`,
      addressChangedMail({ ...f, newAddress: formatAddress(address) }),
    );
  }
}
