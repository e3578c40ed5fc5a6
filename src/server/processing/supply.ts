import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DocumentIssuer, SealIdentity } from '../documents/index';
import { legalDocuments, type LegalDocuments } from './legalDocuments';
import { storedSealIdentity } from './sealKey';
import { sandboxTexts } from '../texts/sandbox';

/** What every part that hands out documents shares: who issues them, the seal, the legal PDFs. */
export interface DocumentSupply {
  issuer: DocumentIssuer;
  /** Configured (SEAL_P12_PATH) or self-made once and kept in the database. */
  sealIdentity(): Promise<SealIdentity>;
  /** The test seal of sandbox documents: self-made once, never the operator's (ADR 1130). */
  sandboxSealIdentity(): Promise<SealIdentity>;
  legal: LegalDocuments;
}

export function createDocumentSupply(deps: {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'sepaCreditorId' | 'sealIdentity' | 'operator'>;
  clock: Clock;
}): DocumentSupply {
  const { db, config, clock } = deps;
  const issuer: DocumentIssuer = {
    // The same OPERATOR_* details as the Impressum (marked placeholders until configured).
    operator: config.operator,
    sepaCreditorId: config.sepaCreditorId,
    siteUrl: config.publicUrl,
  };
  const sealIdentity = loadOnce(() =>
    config.sealIdentity
      ? Promise.resolve(config.sealIdentity)
      : storedSealIdentity(db, issuer.operator.name, clock.now()),
  );
  const sandboxSealIdentity = loadOnce(() =>
    storedSealIdentity(
      db,
      sandboxTexts.sealOrganisation(issuer.operator.name),
      clock.now(),
      'sandbox',
    ),
  );
  return {
    issuer,
    sealIdentity,
    sandboxSealIdentity,
    legal: legalDocuments({ issuer, sealIdentity, clock }),
  };
}

/** Loads once and keeps the result; a failure (database briefly away) is retried on the next call. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    const current = (loading ??= load());
    current.catch(() => {
      if (loading === current) loading = undefined;
    });
    return current;
  };
}
