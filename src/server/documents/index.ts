export { certificatePdf, certificateFilename } from './certificate';
export type { CertificateData } from './certificate';
export { policyPdf, policyFilename } from './policy';
export type { PolicyData } from './policy';
export { reservationConfirmationPdf, reservationFilename } from './reservationConfirmation';
export type { ReservationConfirmationData } from './reservationConfirmation';
export { legalPdf, legalFilename, withdrawalFooter } from './legalDocuments';
export { legalSlugs, isLegalSlug, legalSource, legalTitle, fillPlaceholders } from './legalText';
export type { LegalSlug } from './legalText';
export { fallbackOperator } from './operator';
export type { DocumentIssuer, OperatorDetails } from './operator';
export { generateSealIdentity, checkSealIdentity, sealPdf } from './seal';
export type { SealIdentity } from './seal';
export { guarantor } from './guarantor';
export {
  checkDocumentLink,
  documentLinkPath,
  documentLinks,
  downloadableKinds,
  isLinkedKind,
  linkedKinds,
} from './links';
export type { DocumentLink, LinkedKind, LinkCheck } from './links';
