import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { partners } from '../db/schema/index';
import { answer, errorAnswer } from '../http/answers';
import { edgeMeta, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import {
  partnerNameProblem,
  PartnerImportError,
  PartnerService,
  streamPartnerCsv,
} from '../services/partners';
import { staffApiErrors, staffPartnerRefusals } from '../texts/staff';
import { emailPattern } from '../../domain/rules/patterns';
import { auditOf, type StaffDeps } from './context';

const staff = 'partners.manage' as const;

/** A refusal on one field, in German (the page ties it to the field and focuses it). */
const refused = (status: number, field: string, message: string) =>
  new HttpError(status, 'refused', message, field);
const fieldMeta = (field: string, description: string, message: string) => ({
  description,
  code: 'refused',
  message,
  field,
});
/** An optional text of the form, trimmed (absent: empty). */
const optionalText = (description: string) =>
  z.optional(z.string().check(z.trim())).register(edgeMeta, { description });

const codeParams = edgeObject({ code: pathParam({ description: 'Partner code' }) });
const detailsBody = edgeObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(1))
    .register(edgeMeta, fieldMeta('name', 'Name', staffPartnerRefusals.nameMissing)),
  contactName: optionalText('Contact person at the partner'),
  contactEmail: z
    .optional(
      z.string().check(
        z.trim(),
        z.toLowerCase(),
        z.refine((v) => v === '' || emailPattern.test(v)),
      ),
    )
    .register(
      edgeMeta,
      fieldMeta('contactEmail', "Contact's e-mail address", staffPartnerRefusals.emailForm),
    ),
});
const importBody = edgeObject({
  csv: z
    .string()
    .check(z.trim(), z.minLength(1))
    .register(
      edgeMeta,
      fieldMeta(
        'csv',
        'The CSV of `npm run import:partners`, as text (up to BODY_LIMIT)',
        staffPartnerRefusals.csvMissing,
      ),
    ),
});

const notFound = errorAnswer('refused: no such partner');

/**
 * Editing, deactivating and importing partners in the back office (ADR 1210). Names follow the
 * CSV import's rules (`partnerNameProblem`, ADR 1135) and the import goes through the same
 * streamed reader and service as `npm run import:partners`: checked whole first, then written in
 * one transaction, so a bad line imports nothing. Every change writes one audit row.
 */
export function registerStaffPartnerAdminRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const api = app.withTypeProvider<EdgeTypes>();
  const service = new PartnerService(deps.db);

  api.put(
    '/api/staff/partners/:code',
    route({
      summary: "Changes a partner's name and contact",
      staff,
      params: codeParams,
      body: detailsBody,
      answers: {
        200: answer(
          z.object({
            code: z.string(),
            name: z.string(),
            contactName: z.string(),
            contactEmail: z.string(),
          }),
          'Saved (empty contact values are removed)',
        ),
        400: errorAnswer(
          'refused (field name or contactEmail): no name, a name the import refuses, an e-mail of the wrong form',
        ),
        404: notFound,
      },
    }),
    async (req) => {
      const { code } = req.params;
      const { name, contactName = '', contactEmail = '' } = req.body;
      // The contact's name follows the same rules; the form shows a name's problem at the name.
      const problem = partnerNameProblem(name) ?? partnerNameProblem(contactName);
      if (problem) throw refused(400, 'name', staffPartnerRefusals.nameProblem(problem));
      const updated = await deps.db.orm
        .update(partners)
        .set({ name, contactName: contactName || null, contactEmail: contactEmail || null })
        .where(eq(partners.code, code))
        .returning({ code: partners.code });
      if (updated.length === 0) throw new HttpError(404, 'refused', staffApiErrors.not_found);
      await auditOf(deps, req)('partner.update', { details: { partnerCode: code } });
      return { code, name, contactName, contactEmail };
    },
  );

  for (const [path, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    api.post(
      `/api/staff/partners/:code/${path}`,
      route({
        summary: active
          ? 'Reactivates a partner'
          : 'Deactivates a partner (its links attribute nothing; its keys stay)',
        staff,
        params: codeParams,
        answers: {
          200: answer(z.object({ code: z.string(), active: z.boolean() }), 'Changed'),
          404: notFound,
        },
      }),
      async (req) => {
        const updated = await deps.db.orm
          .update(partners)
          .set({ active })
          .where(eq(partners.code, req.params.code))
          .returning({ code: partners.code });
        if (updated.length === 0) throw new HttpError(404, 'refused', staffApiErrors.not_found);
        await auditOf(deps, req)(active ? 'partner.reactivate' : 'partner.deactivate', {
          details: { partnerCode: req.params.code },
        });
        return { code: req.params.code, active };
      },
    );
  }

  /** The CSV as text in JSON (up to BODY_LIMIT; larger files: `npm run import:partners`). */
  api.post(
    '/api/staff/partners/import',
    route({
      summary: 'Imports partners and sub-partners from a CSV, all or nothing',
      staff,
      body: importBody,
      answers: {
        200: answer(
          z.object({ partners: z.number(), subPartners: z.number() }),
          'How many were imported',
        ),
        400: errorAnswer('refused (field csv): no file, or its first bad line; nothing imported'),
      },
    }),
    async (req) => {
      const csv = req.body.csv;
      const rows = () => streamPartnerCsv(() => Readable.from([csv]));
      try {
        for await (const _row of rows());
      } catch (err) {
        if (!(err instanceof PartnerImportError)) throw err;
        throw refused(400, 'csv', staffPartnerRefusals.csvRefused(err.message));
      }
      const r = await service.import(rows());
      await auditOf(deps, req)('partner.import', {
        details: { partners: r.partners, subPartners: r.subPartners },
      });
      return r;
    },
  );
}
