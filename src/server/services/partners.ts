import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { partners, subPartners } from '../db/schema/index';
import type { Readable } from 'node:stream';
import { csvCell, CsvFormatError, parseCsv, streamCsv, type CsvRow } from './csv';
import { partnerCodePattern } from '../../domain/rules/patterns';

export interface PartnerImportRow {
  partnerCode: string;
  partnerName: string;
  subPartnerCode?: string;
  subPartnerName?: string;
  hidePartnerCode?: boolean;
}

export class PartnerImportError extends Error {}

const partnerColumns = {
  required: ['partner_code', 'partner_name'],
  optional: ['sub_partner_code', 'sub_partner_name', 'hide_partner_code'],
} as const;

/** Longest partner or sub-partner name (the longest in use is under 80). */
export const maxPartnerNameLength = 200;

/**
 * What a name must not hold (ADR 1135): control characters; bidirectional controls, which make a
 * name read differently from what it is (U+202E turns "gpj.exe" around); and a formula prefix
 * (= + - @ tab CR at the start), which a spreadsheet opening an exported list would run.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlChars = /[\u0000-\u001F\u007F-\u009F]/;
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const formulaPrefix = /^[=+\-@\t\r]/;

export function partnerNameProblem(name: string): string | undefined {
  if (name.length > maxPartnerNameLength) return `ist länger als ${maxPartnerNameLength} Zeichen`;
  if (bidiControls.test(name)) return 'enthält Steuerzeichen für die Schreibrichtung';
  if (controlChars.test(name)) return 'enthält Steuerzeichen';
  if (formulaPrefix.test(name))
    return 'beginnt mit =, +, -, @ oder einem Tabulator (in Tabellenprogrammen eine Formel)';
  return undefined;
}

/** One CSV row as an import row; a fault throws a PartnerImportError naming the line. */
function partnerRowOf({ line, values: r }: CsvRow): PartnerImportRow {
  const partnerCode = r.partner_code ?? '';
  if (!partnerCodePattern.test(partnerCode))
    throw new PartnerImportError(
      `Zeile ${line}: partner_code fehlt oder ist ungültig (1 bis 50 Zeichen aus A-Z, a-z, 0-9, _ . -)`,
    );
  if (!r.partner_name) throw new PartnerImportError(`Zeile ${line}: partner_name fehlt`);
  for (const column of ['partner_name', 'sub_partner_name'] as const) {
    const problem = partnerNameProblem(r[column] ?? '');
    if (problem) throw new PartnerImportError(`Zeile ${line}: ${column} ${problem}`);
  }
  const sub = r.sub_partner_code ?? '';
  if (sub && !partnerCodePattern.test(sub))
    throw new PartnerImportError(
      `Zeile ${line}: sub_partner_code ist ungültig (1 bis 50 Zeichen aus A-Z, a-z, 0-9, _ . -)`,
    );
  const hide = (r.hide_partner_code ?? '').toLowerCase();
  if (!['', '0', '1', 'true', 'false', 'ja', 'nein', 'yes', 'no'].includes(hide))
    throw new PartnerImportError(
      `Zeile ${line}: hide_partner_code muss true/false, ja/nein oder 1/0 sein`,
    );
  return {
    partnerCode,
    partnerName: r.partner_name,
    subPartnerCode: sub || undefined,
    subPartnerName: r.sub_partner_name || sub || undefined,
    hidePartnerCode: ['1', 'true', 'ja', 'yes'].includes(hide),
  };
}

/**
 * Partner CSV: header `partner_code,partner_name,sub_partner_code,sub_partner_name,hide_partner_code`
 * (the last three optional), comma or semicolon. A row without sub_partner_code defines only the
 * partner. Any malformed line (wrong delimiter, stray quote, extra column, bad code, a name too
 * long or with control, bidi or formula characters) throws a PartnerImportError naming the line;
 * nothing is imported then.
 */
export function parsePartnerCsv(text: string): PartnerImportRow[] {
  let rows;
  try {
    rows = parseCsv(text, partnerColumns);
  } catch (err) {
    if (err instanceof CsvFormatError) throw new PartnerImportError(err.message);
    throw err;
  }
  return rows.map(partnerRowOf);
}

/** The same, read as a stream (npm run import:partners: a file of any size, ADR 1135). */
export async function* streamPartnerCsv(open: () => Readable): AsyncGenerator<PartnerImportRow> {
  try {
    for await (const row of streamCsv(open, partnerColumns)) yield partnerRowOf(row);
  } catch (err) {
    if (err instanceof CsvFormatError) throw new PartnerImportError(err.message);
    throw err;
  }
}

export interface PartnerView {
  code: string;
  name: string;
  hidePartnerCode: boolean;
  subPartners: { code: string; name: string }[];
}

/** Partners and their sub-partners (uce), read by the partner lookup and the uce step. */
export class PartnerService {
  constructor(private readonly db: Database) {}

  async find(code: string): Promise<PartnerView | undefined> {
    if (!partnerCodePattern.test(code)) return undefined;
    const p = await this.db.orm
      .select()
      .from(partners)
      .where(and(eq(partners.code, code), eq(partners.active, true)))
      .limit(1);
    const partner = p[0];
    if (!partner) return undefined;
    const subs = await this.db.orm
      .select({ code: subPartners.code, name: subPartners.name })
      .from(subPartners)
      .where(and(eq(subPartners.partnerCode, code), eq(subPartners.active, true)))
      .orderBy(subPartners.code);
    return {
      code: partner.code,
      name: partner.name,
      hidePartnerCode: partner.settings.hidePartnerCode === true,
      subPartners: subs,
    };
  }

  async findSubPartners(code: string): Promise<{ partnerCode: string; code: string }[]> {
    if (!partnerCodePattern.test(code)) return [];
    return this.db.orm
      .select({ partnerCode: subPartners.partnerCode, code: subPartners.code })
      .from(subPartners)
      .innerJoin(partners, eq(partners.code, subPartners.partnerCode))
      .where(
        and(eq(subPartners.code, code), eq(subPartners.active, true), eq(partners.active, true)),
      );
  }

  async hasSubPartner(partnerCode: string, subCode: string): Promise<boolean> {
    const p = await this.find(partnerCode);
    return !!p?.subPartners.some((s) => s.code === subCode);
  }

  /**
   * Upserts the rows in one transaction (a bad row of a stream rolls everything back); with
   * replace, partners missing from the file are deleted. Rows are written in batches of 500, one
   * statement per table and batch (a stream of 250,000 rows is 1,000 statements, not 500,000).
   */
  async import(
    rows: Iterable<PartnerImportRow> | AsyncIterable<PartnerImportRow>,
    opts: { replace?: boolean } = {},
  ): Promise<{ partners: number; subPartners: number }> {
    const partnerCodes = new Set<string>();
    let subs = 0;
    await this.db.transaction(async (tx) => {
      if (opts.replace) await tx.delete(partners);
      let batch: PartnerImportRow[] = [];
      const flush = async () => {
        // A batch names each partner and sub-partner once, as row by row did: a partner's first
        // row names it, a sub-partner's last row.
        const ps = new Map<string, PartnerImportRow>();
        for (const r of batch) if (!ps.has(r.partnerCode)) ps.set(r.partnerCode, r);
        const ss = new Map(
          batch
            .filter((r) => r.subPartnerCode)
            .map((r) => [`${r.partnerCode}\n${r.subPartnerCode}`, r]),
        );
        batch = [];
        const fresh = [...ps.values()].filter((r) => !partnerCodes.has(r.partnerCode));
        for (const r of fresh) partnerCodes.add(r.partnerCode);
        if (fresh.length > 0)
          await tx
            .insert(partners)
            .values(
              fresh.map((r) => ({
                code: r.partnerCode,
                name: r.partnerName,
                settings: { hidePartnerCode: r.hidePartnerCode === true },
              })),
            )
            .onConflictDoUpdate({
              target: partners.code,
              set: {
                name: sql`excluded.name`,
                settings: sql`excluded.settings`,
                active: true,
              },
            });
        if (ss.size > 0)
          await tx
            .insert(subPartners)
            .values(
              [...ss.values()].map((r) => ({
                partnerCode: r.partnerCode,
                code: r.subPartnerCode!,
                name: r.subPartnerName ?? r.subPartnerCode!,
              })),
            )
            .onConflictDoUpdate({
              target: [subPartners.partnerCode, subPartners.code],
              set: { name: sql`excluded.name`, active: true },
            });
      };
      for await (const r of rows) {
        if (r.subPartnerCode) subs++;
        batch.push(r);
        if (batch.length >= 500) await flush();
      }
      await flush();
    });
    return { partners: partnerCodes.size, subPartners: subs };
  }

  /**
   * The partners as the import reads them (npm run export:partners), every field through csvCell:
   * a name an older import stored with a formula prefix reaches a spreadsheet as text.
   */
  async *exportCsv(): AsyncGenerator<string> {
    yield `${partnerColumns.required.join(',')},${partnerColumns.optional.join(',')}\n`;
    const rows = await this.db.executeSql(
      `SELECT p.code, p.name, p.settings->>'hidePartnerCode' AS hide, s.code AS sub, s.name AS sub_name
         FROM partners p LEFT JOIN sub_partners s ON s.partner_code = p.code
        ORDER BY p.code, s.code NULLS FIRST`,
    );
    for (const r of rows.rows) {
      const fields = [
        r.code,
        r.name,
        r.sub ?? '',
        r.sub_name ?? '',
        r.hide === 'true' ? 'true' : 'false',
      ];
      yield `${fields.map((f) => csvCell(String(f))).join(',')}\n`;
    }
  }

  async count(): Promise<number> {
    return (await this.db.orm.select({ c: partners.code }).from(partners)).length;
  }
}
