export { certificatePdf, certificateFilename } from './certificate';
export { policyPdf, policyFilename } from './policy';
export { reservationConfirmationPdf, reservationFilename } from './reservationConfirmation';
export { legalPdf, legalFilename } from './legalDocuments';
export { pdfLegalSlugs, isPdfLegalSlug } from './legalText';
export type { PdfLegalSlug } from './legalText';
export { fallbackOperator } from './operator';
export type { DocumentIssuer } from './operator';
export { generateSealIdentity, sealPdf } from './seal';
export type { SealIdentity } from './seal';
export {
  checkDocumentLink,
  documentLinkPath,
  documentLinks,
  downloadableKinds,
  isLinkedKind,
} from './links';
export type { DocumentLink } from './links';
