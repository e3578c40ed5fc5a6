import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { partners } from '../db/schema/index';
import {
  partnerNameProblem,
  PartnerImportError,
  PartnerService,
  streamPartnerCsv,
} from '../services/partners';
import { auditOf, type StaffDeps } from './context';
import { normaliseEmail } from './directory';

const admin = { config: { staff: 'partners.manage' as const } };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A refusal on one field, in German (the page ties it to the field). */
const refusal = (field: string, message: string) => ({
  errors: [{ code: 'refused', field, message }],
});
const text = (body: unknown, key: string) => {
  const v = (body as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * Editing, deactivating and importing partners in the back office (ADR 1210). Names follow the
 * CSV import's rules (`partnerNameProblem`, ADR 1135) and the import goes through the same
 * streamed reader and service as `npm run import:partners`: checked whole first, then written in
 * one transaction, so a bad line imports nothing. Every change writes one audit row.
 */
export function registerStaffPartnerAdminRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const service = new PartnerService(deps.db);

  app.put<{ Params: { code: string } }>('/api/staff/partners/:code', admin, async (req, reply) => {
    const name = text(req.body, 'name');
    const contactName = text(req.body, 'contactName');
    const contactEmail = normaliseEmail(text(req.body, 'contactEmail'));
    if (!name) return reply.code(400).send(refusal('name', 'Bitte geben Sie den Namen an.'));
    const problem = partnerNameProblem(name) ?? partnerNameProblem(contactName);
    if (problem) return reply.code(400).send(refusal('name', `Der Name ${problem}.`));
    if (contactEmail && !EMAIL.test(contactEmail))
      return reply
        .code(400)
        .send(refusal('contactEmail', 'Bitte geben Sie eine gültige E-Mail-Adresse an.'));
    const updated = await deps.db.orm
      .update(partners)
      .set({ name, contactName: contactName || null, contactEmail: contactEmail || null })
      .where(eq(partners.code, req.params.code))
      .returning({ code: partners.code });
    if (updated.length === 0) return reply.code(404).send(refusal('', 'Nicht gefunden.'));
    await auditOf(deps, req)('partner.update', { details: { partnerCode: req.params.code } });
    return reply.send({ code: req.params.code, name, contactName, contactEmail });
  });

  for (const [path, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post<{ Params: { code: string } }>(
      `/api/staff/partners/:code/${path}`,
      admin,
      async (req, reply) => {
        const updated = await deps.db.orm
          .update(partners)
          .set({ active })
          .where(eq(partners.code, req.params.code))
          .returning({ code: partners.code });
        if (updated.length === 0) return reply.code(404).send(refusal('', 'Nicht gefunden.'));
        await auditOf(deps, req)(active ? 'partner.reactivate' : 'partner.deactivate', {
          details: { partnerCode: req.params.code },
        });
        return reply.send({ code: req.params.code, active });
      },
    );
  }

  /** The CSV as text in JSON (up to BODY_LIMIT; larger files: `npm run import:partners`). */
  app.post('/api/staff/partners/import', admin, async (req, reply) => {
    const csv = text(req.body, 'csv');
    if (!csv) return reply.code(400).send(refusal('csv', 'Bitte wählen Sie eine CSV-Datei.'));
    const rows = () => streamPartnerCsv(() => Readable.from([csv]));
    try {
      for await (const _row of rows());
    } catch (err) {
      if (!(err instanceof PartnerImportError)) throw err;
      return reply.code(400).send(refusal('csv', `${err.message}. Nichts importiert.`));
    }
    const r = await service.import(rows());
    await auditOf(deps, req)('partner.import', {
      details: { partners: r.partners, subPartners: r.subPartners },
    });
    return reply.send(r);
  });
}
