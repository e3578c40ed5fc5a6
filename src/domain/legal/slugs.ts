/** The legal texts (content/legal/{slug}.md) and where the web app shows them (footer contract). */
export const legalSlugs = [
  'impressum',
  'datenschutz',
  'kontakt',
  'versicherungsbedingungen',
  'verbraucherinformationen',
  'widerrufsbelehrung',
] as const;
export type LegalSlug = (typeof legalSlugs)[number];

export const isLegalSlug = (s: string): s is LegalSlug =>
  (legalSlugs as readonly string[]).includes(s);

/** The exact `#` titles, also the footer's link texts. */
export const legalTitles: Record<LegalSlug, string> = {
  impressum: 'Impressum',
  datenschutz: 'Datenschutz',
  kontakt: 'Kontakt',
  versicherungsbedingungen: 'Versicherungsbedingungen',
  verbraucherinformationen: 'Verbraucherinformationen',
  widerrufsbelehrung: 'Widerrufsbelehrung',
};

/** /impressum, /datenschutz, /kontakt; the contract documents under /dokumente/{slug}. */
export function legalPagePath(slug: LegalSlug): string {
  return slug === 'impressum' || slug === 'datenschutz' || slug === 'kontakt'
    ? `/${slug}`
    : `/dokumente/${slug}`;
}

/** The slug a page path shows, if any. */
export function legalSlugOfPath(path: string): LegalSlug | undefined {
  const p = path.replace(/\/+$/, '');
  return legalSlugs.find((s) => legalPagePath(s) === p);
}
