export {
  parseLegalText,
  LegalTextError,
  type LegalBlock,
  type LegalDocument,
  type LegalInline,
  type OperatorDetails,
} from './parse';
export {
  isLegalSlug,
  legalPagePath,
  legalSlugOfPath,
  legalSlugs,
  legalTitles,
  type LegalSlug,
} from './slugs';
