import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { pathsOf } from '../api/openapiPaths';
import { answer } from '../http/answers';
import { registeredRoutes } from '../http/edge';
import { route } from '../http/route';

/**
 * The staff API's own OpenAPI 3.1 document (GET /api/staff/openapi.json, ADR 1265): read off the
 * staff routes' declarations like the partners' document (api/openapi.ts), which leaves them out.
 * Any signed-in staff member may read it (`session.own`); it names each
 * route's permission in its description so an operator sees who may do what.
 */
export function registerStaffOpenApiRoute(root: FastifyInstance, scope: FastifyInstance): void {
  let doc: Record<string, unknown> | undefined;
  scope.get(
    '/api/staff/openapi.json',
    route({
      summary: 'The staff API as an OpenAPI document',
      staff: 'session.own',
      answers: {
        200: answer(
          z.object({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
          'OpenAPI 3.1',
        ),
      },
    }),
    async () => (doc ??= staffDocument(root)),
  );
}

function staffDocument(root: FastifyInstance) {
  const components: Record<string, unknown> = {};
  const staffRoutes = registeredRoutes(root).filter((r) => r.declared?.staff);
  const paths = pathsOf(
    staffRoutes.map((r) => ({
      ...r,
      declared: {
        ...r.declared!,
        description: [r.declared!.description, `Permission: ${r.declared!.staff}.`]
          .filter(Boolean)
          .join(' '),
      },
    })),
    components,
  );
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Mietkaution Online – staff API',
      version: '1.0.0',
      description:
        'The back office (/intern). Internal: a staff session cookie (passkey or single sign-on) and, for every state change, an Origin header of our own site. Permissions per role: src/domain/staff/roles.ts.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        staffSession: { type: 'apiKey', in: 'cookie', name: 'mk_staff' },
      },
    },
  };
}
