import * as z from 'zod/mini';
import type { Answer } from '../http/answers';
import { edgeMeta, shapeOf, type RegisteredRoute } from '../http/edge';
import type { RouteDeclaration } from '../http/route';

type Schema = Record<string, unknown>;

/** Fastify's route syntax as an OpenAPI path: '::' is a literal ':', ':cid' a parameter. */
export const openApiPath = (url: string): string =>
  url
    .split('::')
    .map((part) => part.replace(/:([A-Za-z_]+)/g, '{$1}'))
    .join(':');

/**
 * A zod schema as JSON schema. Named schemas (`component()`) become `$ref`s to the document's
 * components, which `components` collects.
 */
function jsonSchema(s: z.ZodMiniType, io: 'input' | 'output', components: Schema): Schema {
  const json = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Schema;
  const text = JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $schema: _, $defs, ...rest } = JSON.parse(text) as Schema & { $defs?: Schema };
  Object.assign(components, $defs ?? {});
  return rest;
}

/** The JSON schema of one value as the handler receives it; every wire value is text at least. */
function valueSchema(s: z.ZodMiniType, components: Schema): Schema {
  const json = jsonSchema(s, 'output', components);
  return json.type || json.enum ? json : { type: 'string', ...json };
}

const isOptional = (s: z.ZodMiniType) => s instanceof z.ZodMiniOptional;

function parameters(schema: unknown, where: 'path' | 'query', components: Schema): Schema[] {
  return Object.entries(shapeOf(schema)).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || !isOptional(s),
    description: edgeMeta.get(s)?.description ?? '',
    schema: valueSchema(s, components),
  }));
}

function bodySchema(schema: unknown, components: Schema): Schema {
  const properties = Object.fromEntries(
    Object.entries(shapeOf(schema)).map(([name, s]) => [
      name,
      { ...valueSchema(s, components), description: edgeMeta.get(s)?.description ?? '' },
    ]),
  );
  return { type: 'object', properties };
}

function requestBody(route: RegisteredRoute, declared: RouteDeclaration, components: Schema) {
  if (route.schema?.body) {
    const schema = bodySchema(route.schema.body, components);
    return {
      required: true,
      content: {
        'application/json': { schema },
        'application/x-www-form-urlencoded': { schema },
      },
    };
  }
  const doc = declared.documentedBody;
  if (!doc) return undefined;
  if ('multipart' in doc)
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: doc.multipart,
            properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } },
          },
        },
      },
    };
  if ('file' in doc)
    return {
      required: true,
      content: Object.fromEntries(
        doc.media.map((m) => [m, { schema: { type: 'string', description: doc.file } }]),
      ),
    };
  if ('description' in doc)
    return {
      required: true,
      content: {
        'application/json': { schema: { type: 'object', description: doc.description } },
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', description: doc.description },
        },
      },
    };
  const schema = { $ref: `#/components/schemas/${doc.component}` };
  return { required: true, content: Object.fromEntries(doc.media.map((m) => [m, { schema }])) };
}

function response(a: Answer, components: Schema): Schema {
  if (a.schema)
    return {
      description: a.description,
      content: { 'application/json': { schema: jsonSchema(a.schema, 'input', components) } },
    };
  return {
    description: a.description,
    ...(a.media
      ? { content: Object.fromEntries([a.media].flat().map((m: string) => [m, {}])) }
      : {}),
    ...(a.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(a.headers).map(([name, h]) => [
              name,
              { description: h.description, schema: { type: 'string' } },
            ]),
          ),
        }
      : {}),
  };
}

/** Browser calls need no key; a partner's key (Bearer) replaces captcha and bot checks. */
const security = (d: RouteDeclaration) =>
  d.partnerKey === 'required'
    ? [{ partnerKey: [] }]
    : d.partnerKey === 'optional'
      ? [{}, { partnerKey: [] }]
      : d.contractSession
        ? [{ contractSession: [] }]
        : d.staff && d.staff !== 'public'
          ? [{ staffSession: [] }]
          : undefined;

/**
 * The document's paths, read off the routes (ADR 1265): every route declared with route()
 * (http/route.ts) gives one operation with its summary, parameters and small body (the edge's zod
 * schemas), its answers (their zod schemas) and its security. Named schemas land in `components`.
 */
export function pathsOf(
  routes: readonly RegisteredRoute[],
  components: Schema,
): Record<string, Record<string, Schema>> {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const route of routes) {
    const d = route.declared;
    if (!d || route.method === 'HEAD') continue;
    const params = [
      ...parameters(route.schema?.params, 'path', components),
      ...parameters(route.schema?.querystring, 'query', components),
    ];
    const body = requestBody(route, d, components);
    const sec = security(d);
    const op: Schema = {
      summary: d.summary,
      ...(d.description ? { description: d.description } : {}),
      ...(d.tags ? { tags: [...d.tags] } : {}),
      ...(sec ? { security: sec } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: Object.fromEntries(
        Object.entries(d.answers).map(([status, a]) => [status, response(a!, components)]),
      ),
    };
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = op;
  }
  return paths;
}
