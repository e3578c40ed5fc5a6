import { certificatePdf } from './certificate';
import { legalPdf } from './legalDocuments';
import { policyPdf } from './policy';
import { borderoPdf } from './bordero';
import { premiumStatementPdf } from './premiumStatement';
import { reservationConfirmationPdf } from './reservationConfirmation';
import { generateSealIdentity, sealPdf } from './seal';

/**
 * Everything that lays out, draws or signs a PDF, or makes a seal key: the work the document
 * thread does so that it never holds up the HTTP event loop (ADR 1006). Arguments and results
 * cross the thread boundary by structured clone (Buffers arrive as Uint8Arrays).
 */
export const renderers = {
  certificatePdf,
  policyPdf,
  premiumStatementPdf,
  borderoPdf,
  reservationConfirmationPdf,
  legalPdf,
  sealPdf,
  generateSealIdentity,
};
export type Renderers = typeof renderers;
export type RendererName = keyof Renderers;
