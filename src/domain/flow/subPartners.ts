/** A sub-partner the tenant can choose on /uce: its code is saved, its name is shown. */
export interface SubPartnerChoice {
  code: string;
  name: string;
}

/**
 * The sub-partners of a partner lookup's data array (spec §7) the tenant can choose from: entries
 * with a code and a name, each code once. A partner that hides its codes answers names only
 * (ADR 1111): nothing to choose, /uce keeps its text field (ADR 0835).
 */
export function subPartnerChoices(data: readonly unknown[]): SubPartnerChoice[] {
  const seen = new Set<string>();
  const out: SubPartnerChoice[] = [];
  for (const entry of data) {
    if (!entry || typeof entry !== 'object') continue;
    const { code, name } = entry as { code?: unknown; name?: unknown };
    if (typeof code !== 'string' || !code.trim() || seen.has(code.trim())) continue;
    const label = typeof name === 'string' && name.trim() ? name.trim() : code.trim();
    seen.add(code.trim());
    out.push({ code: code.trim(), name: label });
  }
  return out;
}
