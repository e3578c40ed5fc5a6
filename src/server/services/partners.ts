import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { partners, subPartners } from '../db/schema/index';
import { CsvFormatError, parseCsv } from './csv';

export interface PartnerImportRow {
  partnerCode: string;
  partnerName: string;
  subPartnerCode?: string;
  subPartnerName?: string;
  hidePartnerCode?: boolean;
}

const codePattern = /^[A-Za-z0-9_.-]{1,50}$/;

export class PartnerImportError extends Error {}

const partnerColumns = {
  required: ['partner_code', 'partner_name'],
  optional: ['sub_partner_code', 'sub_partner_name', 'hide_partner_code'],
} as const;

/**
 * Partner CSV: header `partner_code,partner_name,sub_partner_code,sub_partner_name,hide_partner_code`
 * (the last three optional), comma or semicolon. A row without sub_partner_code defines only the
 * partner. Any malformed line (wrong delimiter, stray quote, extra column, bad code) throws a
 * PartnerImportError naming the line; nothing is imported then.
 */
export function parsePartnerCsv(text: string): PartnerImportRow[] {
  let rows;
  try {
    rows = parseCsv(text, partnerColumns);
  } catch (err) {
    if (err instanceof CsvFormatError) throw new PartnerImportError(err.message);
    throw err;
  }
  return rows.map(({ line, values: r }) => {
    const partnerCode = r.partner_code ?? '';
    if (!codePattern.test(partnerCode))
      throw new PartnerImportError(
        `Zeile ${line}: partner_code fehlt oder ist ungültig (1 bis 50 Zeichen aus A-Z, a-z, 0-9, _ . -)`,
      );
    if (!r.partner_name) throw new PartnerImportError(`Zeile ${line}: partner_name fehlt`);
    const sub = r.sub_partner_code ?? '';
    if (sub && !codePattern.test(sub))
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
  });
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
    if (!codePattern.test(code)) return undefined;
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
    if (!codePattern.test(code)) return [];
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

  /** Upserts the rows; with replace, partners missing from the file are deleted. Returns counts. */
  async import(
    rows: PartnerImportRow[],
    opts: { replace?: boolean } = {},
  ): Promise<{ partners: number; subPartners: number }> {
    const partnerCodes = new Set<string>();
    let subs = 0;
    await this.db.transaction(async (tx) => {
      if (opts.replace) await tx.delete(partners);
      for (const r of rows) {
        if (!partnerCodes.has(r.partnerCode)) {
          partnerCodes.add(r.partnerCode);
          const settings = { hidePartnerCode: r.hidePartnerCode === true };
          await tx
            .insert(partners)
            .values({ code: r.partnerCode, name: r.partnerName, settings })
            .onConflictDoUpdate({
              target: partners.code,
              set: { name: r.partnerName, settings, active: true },
            });
        }
        if (r.subPartnerCode) {
          subs++;
          const name = r.subPartnerName ?? r.subPartnerCode;
          await tx
            .insert(subPartners)
            .values({ partnerCode: r.partnerCode, code: r.subPartnerCode, name })
            .onConflictDoUpdate({
              target: [subPartners.partnerCode, subPartners.code],
              set: { name, active: true },
            });
        }
      }
    });
    return { partners: partnerCodes.size, subPartners: subs };
  }

  async count(): Promise<number> {
    return (await this.db.orm.select({ c: partners.code }).from(partners)).length;
  }
}
