import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bankNames } from '../db/schema/index';
import { bankCodePattern } from '../../domain/rules/patterns';

export interface BankRecord {
  bankCode: string;
  name: string;
  bic: string | null;
}

/** The default set: the FinTS institute list (fints-institute-db, CC0), one name per bank code. */
export function fintsBanks(): BankRecord[] {
  // Read and parsed here, not require()d: require would keep the 2 MB list in its cache for the
  // life of the process, though only a first start (an empty table) needs it (memory, issue 13).
  const file = createRequire(import.meta.url).resolve('fints-institute-db');
  const list = JSON.parse(readFileSync(file, 'utf8')) as {
    blz?: string;
    name?: string;
    bic?: string | null;
  }[];
  const byCode = new Map<string, BankRecord>();
  for (const e of list) {
    if (!e.blz || !bankCodePattern.test(e.blz) || !e.name) continue;
    if (!byCode.has(e.blz))
      byCode.set(e.blz, { bankCode: e.blz, name: e.name.trim(), bic: e.bic || null });
  }
  return [...byCode.values()];
}

class BankFileError extends Error {}

/**
 * The Deutsche Bundesbank bank-code file (BLZ-Datei, fixed width, 168 characters per record,
 * ISO-8859-1): BLZ 1-8, Merkmal 9 (1 = the bank's main record), Bezeichnung 10-67, PLZ 68-72,
 * Ort 73-107, Kurzbezeichnung 108-134, PAN 135-139, BIC 140-150, Prüfziffermethode 151-152,
 * Datensatznummer 153-158, Änderungskennzeichen 159 (A, U, M, D), Löschung 160, Nachfolge-BLZ
 * 161-168. Records marked D (deleted) are skipped; the main record (Merkmal 1) names the bank.
 */
export function parseBundesbankFile(content: Buffer): BankRecord[] {
  const text = content.toString('latin1');
  const byCode = new Map<string, BankRecord>();
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  lines.forEach((line, i) => {
    if (line.length < 160)
      throw new BankFileError(
        `Zeile ${i + 1}: ${line.length} statt 168 Zeichen (kein Bundesbank-Format)`,
      );
    const code = line.slice(0, 8);
    if (!bankCodePattern.test(code))
      throw new BankFileError(`Zeile ${i + 1}: ungültige Bankleitzahl`);
    const main = line[8] === '1';
    const change = line[158];
    if (change === 'D') return;
    const name = line.slice(9, 67).trim();
    const bic = line.slice(139, 150).trim() || null;
    const existing = byCode.get(code);
    if (!existing || (main && !existing.bic))
      byCode.set(code, { bankCode: code, name, bic: bic ?? existing?.bic ?? null });
    else if (!existing.bic && bic) existing.bic = bic;
  });
  if (byCode.size === 0) throw new BankFileError('Die Datei enthält keine Bankleitzahlen.');
  return [...byCode.values()];
}

/** Bank names by German bank code (BLZ). */
export class BankService {
  constructor(private readonly db: Database) {}

  async nameFor(bankCode: string): Promise<BankRecord | undefined> {
    if (!bankCodePattern.test(bankCode)) return undefined;
    const rows = await this.db.orm
      .select()
      .from(bankNames)
      .where(eq(bankNames.bankCode, bankCode))
      .limit(1);
    const r = rows[0];
    return r ? { bankCode: r.bankCode, name: r.name, bic: r.bic } : undefined;
  }

  /** Replaces the whole table in one transaction (readers see the old or the new set). */
  async replaceAll(records: BankRecord[], source: string): Promise<number> {
    await this.db.transaction(async (tx) => {
      await tx.delete(bankNames);
      for (let i = 0; i < records.length; i += 500) {
        const chunk = records.slice(i, i + 500).map((r) => ({ ...r, source }));
        await tx.insert(bankNames).values(chunk);
      }
    });
    return records.length;
  }

  async count(): Promise<number> {
    const r = await this.db.orm.select({ n: sql<number>`count(*)::int` }).from(bankNames);
    return Number(r[0]?.n ?? 0);
  }
}
