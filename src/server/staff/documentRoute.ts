import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { uuidPattern } from '../../domain/rules/patterns';
import { applications, contracts, decisions, documents } from '../db/schema/index';
import { fileAnswer } from '../http/answers';
import { edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { route } from '../http/route';
import { auditOf, type StaffDeps } from './context';
import { staffRefusal } from './guard';
import { applicationIdByNumber } from './cases';
import { refusals } from './routeParts';

type DocumentKind = (typeof documents.kind.enumValues)[number];
const kinds = new Set<string>(documents.kind.enumValues);
const isKind = (k: string): k is DocumentKind => kinds.has(k);

const params = edgeObject({
  id: pathParam({ description: 'Application id (uuid), or its contract or reservation number' }),
  kind: pathParam({ description: `The document: ${documents.kind.enumValues.join(', ')}` }),
});

/**
 * A contract's document for staff (ADR 1209): the stored PDF as a download, behind the staff
 * session like the case file, and one `document.read` audit row per download. Sandbox
 * applications are not in the back office's case files, so not here either.
 */
export function registerStaffDocumentRoute(scope: FastifyInstance, deps: StaffDeps): void {
  scope.withTypeProvider<EdgeTypes>().get(
    '/api/staff/cases/:id/documents/:kind',
    route({
      summary: "One of a case's documents as a PDF download (audited)",
      staff: 'cases.read',
      params,
      answers: {
        200: fileAnswer('The stored PDF (attachment)'),
        // An unknown kind is not found either: the path names a document that does not exist.
        404: refusals(['not_found'], 'no live application, or it has no such document'),
      },
    }),
    async (req, reply) => {
      const kind = req.params.kind;
      if (!isKind(kind)) throw staffRefusal(404, 'not_found');
      const id = uuidPattern.test(req.params.id)
        ? req.params.id
        : await applicationIdByNumber(deps.db, req.params.id);
      if (!id) throw staffRefusal(404, 'not_found');
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
      if (!doc || doc.sandbox) throw staffRefusal(404, 'not_found');
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
