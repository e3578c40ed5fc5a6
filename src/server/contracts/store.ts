import { and, asc, eq, sql } from 'drizzle-orm';
import {
  retainUntil,
  todayInBerlin,
  type ContractStatus,
  type FormModel,
  type LetterKind,
} from '../../domain/index';
import type { Database, Tx } from '../db/client';
import {
  applications,
  contractLetters,
  contracts,
  documents,
  type ApplicationRow,
  type ContractRow,
} from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import type { WebhookQueue } from '../services/queues';
import { sha256 } from './credentials';
import { announceContractChange } from './webhooks';

/** A contract with its application and the application's form model. */
export interface Loaded {
  app: ApplicationRow;
  contract: ContractRow;
  model: FormModel;
}

/** How a contract ended: its status, last day and settlement. */
export interface Ending {
  status: Exclude<ContractStatus, 'active' | 'cancellation_requested'>;
  endOn: string;
  settlement: { refundCents: number; outstandingCents: number };
}

/**
 * The after-sale code's database access (ADR 1266), like the application store of the tenancy
 * services: the services by concern (withdrawal.ts, cancellation.ts, release.ts, page.ts) say what
 * happens, this says how it is read and written. Reads inside a transaction lock the contract row.
 */
export class ContractStore {
  constructor(
    private readonly db: Database,
    private readonly webhooks?: WebhookQueue,
  ) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private async load(where: ReturnType<typeof eq>, tx?: Tx): Promise<Loaded | undefined> {
    const q = (tx ?? this.db.orm)
      .select({ app: applications, contract: contracts })
      .from(contracts)
      .innerJoin(applications, eq(applications.id, contracts.applicationId))
      .where(where);
    const row = (tx ? await q.for('update') : await q)[0];
    return row ? { ...row, model: formModelOf(row.app) } : undefined;
  }

  /** The contract of an application; inside `tx` its row is locked for the change. */
  byId(applicationId: string, tx?: Tx): Promise<Loaded | undefined> {
    return this.load(eq(contracts.applicationId, applicationId), tx);
  }

  /** The contract a landlord's verification token (the certificate's QR code) stands for. */
  byVerificationToken(token: string): Promise<Loaded | undefined> {
    return this.load(eq(contracts.verificationTokenHash, sha256(token)));
  }

  /** The documents of a contract, oldest first (kind and file name). */
  documentList(applicationId: string) {
    return this.db.orm
      .select({ kind: documents.kind, filename: documents.filename })
      .from(documents)
      .where(eq(documents.applicationId, applicationId))
      .orderBy(asc(documents.createdAt));
  }

  async document(applicationId: string, kind: string) {
    return (
      await this.db.orm
        .select()
        .from(documents)
        .where(and(eq(documents.applicationId, applicationId), sql`${documents.kind} = ${kind}`))
    )[0];
  }

  /** Landlord has no e-mail address in the model: the back office posts a letter. */
  async letterToLandlord(tx: Tx, applicationId: string, kind: LetterKind, now: Date) {
    await tx.insert(contractLetters).values({
      applicationId,
      recipient: 'landlord',
      kind,
      // A sandbox test contract's letter is marked (ADR 1130): printed as MUSTER, never posted.
      sandbox: sql<boolean>`(SELECT sandbox FROM applications WHERE id = ${applicationId})`,
      createdAt: now,
    });
  }

  async setStatus(tx: Tx, applicationId: string, status: ContractStatus) {
    await tx.update(contracts).set({ status }).where(eq(contracts.applicationId, applicationId));
  }

  async setMandateReference(tx: Tx, applicationId: string, mandateReference: string) {
    await tx
      .update(contracts)
      .set({ mandateReference })
      .where(eq(contracts.applicationId, applicationId));
  }

  /** Replaces the stored form data of the contract's application (IBAN, address changes). */
  async setApplicationData(tx: Tx, applicationId: string, data: unknown, now: Date) {
    await tx
      .update(applications)
      .set({ data, updatedAt: now })
      .where(eq(applications.id, applicationId));
  }

  /** Ends the contract with its settlement and retention, and tells the partner's webhook. */
  async end(tx: Tx, l: Loaded, ending: Ending, now: Date) {
    const { status, endOn, settlement } = ending;
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
      { applicationId: l.app.id, type: status, at: now, contractNumber: l.contract.contractNumber },
      this.webhooks,
    );
  }
}
