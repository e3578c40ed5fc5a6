// The HTTP side's view of the documents: names, links, types, and the renderers, which run in the
// document thread (renderThread.ts, ADR 1006). Nothing here loads a PDF library.
export {
  certificateFilename,
  policyFilename,
  reservationFilename,
  legalFilename,
} from './filenames';
export { renderInThread as documentRenderer } from './renderThread';
export { pdfLegalSlugs, isPdfLegalSlug } from './legalFiles';
export type { PdfLegalSlug } from './legalFiles';
export { fallbackOperator } from './operator';
export type { DocumentIssuer } from './operator';
export type { SealIdentity } from './seal';
export {
  checkDocumentLink,
  documentLinkPath,
  documentLinks,
  downloadableKinds,
  isLinkedKind,
} from './links';
export type { DocumentLink } from './links';
