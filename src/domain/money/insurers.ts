/**
 * The insurers whose risk the contracts are (issue 25 item 8): each gets its own monthly
 * Bordero. Configured as `INSURERS=id=Name,id2=Name 2`; the first is the default, to which
 * every contract belongs unless it is assigned another (table contract_insurers). Pure parsing.
 */
export interface Insurer {
  id: string;
  name: string;
}

export class InsurerConfigError extends Error {}

const ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;

export function parseInsurers(text: string): Insurer[] {
  const out: Insurer[] = [];
  for (const part of text.split(',')) {
    if (!part.trim()) continue;
    const i = part.indexOf('=');
    const id = (i > 0 ? part.slice(0, i) : '').trim();
    const name = part.slice(i + 1).trim();
    if (!ID.test(id) || !name)
      throw new InsurerConfigError(`"${part.trim()}" is not id=Name (id: a-z, 0-9, _ or -)`);
    if (out.some((x) => x.id === id)) throw new InsurerConfigError(`insurer "${id}" twice`);
    out.push({ id, name });
  }
  if (out.length === 0) throw new InsurerConfigError('at least one insurer');
  return out;
}

/** The insurer of a contract: its assignment, else the first configured. */
export const insurerOf = (assigned: string | null | undefined, insurers: readonly Insurer[]) =>
  (assigned && insurers.find((i) => i.id === assigned)) || insurers[0]!;
