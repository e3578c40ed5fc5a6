import type { PdfLegalSlug } from './legalFiles';

/** The file names of our PDFs (attachments, downloads), without rendering anything. */
export const certificateFilename = (contractNumber: string) =>
  `Buergschaftsurkunde-${contractNumber}.pdf`;

export const policyFilename = (contractNumber: string) =>
  `Versicherungsschein-${contractNumber}.pdf`;

export const reservationFilename = (reservationNumber: string) =>
  `Sofortzusage-${reservationNumber}.pdf`;

export const legalFilename = (slug: PdfLegalSlug) =>
  `${slug.charAt(0).toUpperCase()}${slug.slice(1)}.pdf`;
