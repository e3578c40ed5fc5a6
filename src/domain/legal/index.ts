export {
  parseLegalText,
  type LegalBlock,
  type LegalDocument,
  type LegalInline,
  type OperatorDetails,
} from './parse';
export { isLegalSlug, legalSlugs, legalTitles, type LegalSlug } from './slugs';
