import * as z from 'zod/mini';
import { edgeMeta, shapeOf, type RegisteredRoute } from '../http/edge';

type Schema = Record<string, unknown>;

/** Fastify's route syntax as an OpenAPI path: '::' is a literal ':', ':cid' a parameter. */
export const openApiPath = (url: string): string =>
  url
    .split('::')
    .map((part) => part.replace(/:([A-Za-z_]+)/g, '{$1}'))
    .join(':');

/** The JSON schema of one value as the handler receives it; every wire value is text at least. */
function valueSchema(s: z.ZodMiniType): Schema {
  const { $schema: _, ...json } = z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' });
  return json.type || json.enum ? json : { type: 'string', ...json };
}

const isOptional = (s: z.ZodMiniType) => s instanceof z.ZodMiniOptional;

function parameters(schema: unknown, where: 'path' | 'query'): Schema[] {
  return Object.entries(shapeOf(schema)).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || !isOptional(s),
    description: edgeMeta.get(s)?.description ?? '',
    schema: valueSchema(s),
  }));
}

function bodySchema(schema: unknown): Schema {
  const properties = Object.fromEntries(
    Object.entries(shapeOf(schema)).map(([name, s]) => [
      name,
      { ...valueSchema(s), description: edgeMeta.get(s)?.description ?? '' },
    ]),
  );
  return { type: 'object', properties };
}

/**
 * Fills every operation's parameters and small bodies from the edge schemas its route declares
 * (http/edge.ts), so the document says what the server checks. Summaries, answers and the tenancy
 * body (generated from the domain's wire names) stay in openapi.ts.
 */
export function withEdgeSchemas(doc: Schema, routes: readonly RegisteredRoute[]): Schema {
  const paths = doc.paths as Record<string, Record<string, Schema>>;
  for (const route of routes) {
    const op = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!op || !route.schema) continue;
    const params = [
      ...parameters(route.schema.params, 'path'),
      ...parameters(route.schema.querystring, 'query'),
    ];
    if (params.length) op.parameters = params;
    if (route.schema.body) {
      const schema = bodySchema(route.schema.body);
      op.requestBody = {
        required: true,
        content: {
          'application/json': { schema },
          'application/x-www-form-urlencoded': { schema },
        },
      };
    }
  }
  return doc;
}
