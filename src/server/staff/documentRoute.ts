import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { applications, contracts, decisions, documents } from '../db/schema/index';
import { auditOf, type StaffDeps } from './context';
import { staffError } from './guard';
import { applicationIdByNumber } from './cases';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const kinds = new Set<string>(['certificate', 'policy', 'reservation_confirmation']);
type DocumentKind = (typeof documents.kind.enumValues)[number];

/**
 * A contract's document for staff (ADR 1209): the stored PDF as a download, behind the staff
 * session like the case file, and one `document.read` audit row per download. Sandbox
 * applications are not in the back office's case files, so not here either.
 */
export function registerStaffDocumentRoute(app: FastifyInstance, deps: StaffDeps): void {
  app.get<{ Params: { id: string; kind: string } }>(
    '/api/staff/cases/:id/documents/:kind',
    { config: { staff: 'cases.read' } },
    async (req, reply) => {
      if (!kinds.has(req.params.kind)) return staffError(reply, 404, 'not_found');
      const kind = req.params.kind as DocumentKind;
      const id = UUID.test(req.params.id)
        ? req.params.id
        : await applicationIdByNumber(deps.db, req.params.id);
      if (!id) return staffError(reply, 404, 'not_found');
      const rows = await deps.db.orm
        .select({
          filename: documents.filename,
          content: documents.content,
          sandbox: applications.sandbox,
          contractNumber: contracts.contractNumber,
          decisionNumber: decisions.number,
        })
        .from(documents)
        .innerJoin(applications, eq(applications.id, documents.applicationId))
        .leftJoin(contracts, eq(contracts.applicationId, documents.applicationId))
        .leftJoin(decisions, eq(decisions.applicationId, documents.applicationId))
        .where(and(eq(documents.applicationId, id), eq(documents.kind, kind)));
      const doc = rows[0];
      if (!doc || doc.sandbox) return staffError(reply, 404, 'not_found');
      await auditOf(deps, req)('document.read', {
        applicationId: id,
        contractNumber: doc.contractNumber ?? doc.decisionNumber ?? null,
        details: { kind },
      });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${doc.filename.replace(/[^\w.-]/g, '_')}"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(doc.content));
    },
  );
}
