import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyServerOptions,
  FastifyTypeProvider,
} from 'fastify';
import * as z from 'zod/mini';
import { apiMessages, statusMessages } from '../texts/api';
import { AnswerMismatch, HttpError } from './errors';
import { plainQueryText } from './queryText';
import type { RouteDeclaration } from './route';

/**
 * The HTTP edge (ADR 0309): every route declares its path parameters, query and small bodies as
 * zod schemas built from the domain's values (the step list, the choices). Fastify validates them before
 * the handler runs, hands the handler the parsed values (typed through `EdgeTypes`), and the OpenAPI
 * document takes its parameters and bodies from the same schemas (api/openapi.ts).
 * The tenancy bodies are not checked here: the domain's wire codec is their schema, and a save
 * stores what it can and answers a field-error map (spec §7).
 */

/** What the OpenAPI document says about a value, and the error a wrong value answers with. */
export interface EdgeMeta {
  description: string;
  /** Stable code of the 400 answer (default `invalid_parameter`). */
  code?: string;
  /** German sentence of the 400 answer (default: names the parameter). */
  message?: string;
  /**
   * The form field the message belongs to (`errors[0].field`), for bodies of forms that show a
   * message at its field (the back office, the after-sale pages). Usually the value's own name.
   */
  field?: string;
}
export const edgeMeta = z.registry<EdgeMeta>();

/** Route handlers see the parsed values of their schemas (`request.query.cid` is a string). */
export interface EdgeTypes extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodMiniType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodMiniType ? z.input<this['schema']> : unknown;
}

const lastOf = (v: string | string[]) => (Array.isArray(v) ? v[v.length - 1] : v);
/**
 * One value of a query string as qs parses it. A name sent twice (`?cid=a&cid=b`) counts with its
 * last value, as every handler read it before the edge had schemas; brackets (`?cid[x]=1`) are
 * refused.
 */
const queryString = z.pipe(
  z.union([z.string(), z.array(z.string()).check(z.minLength(1))]),
  z.transform((v) => lastOf(v) ?? ''),
);

/** `?name=` counts as not given. */
const queryValue = z.pipe(
  queryString,
  z.transform((v) => v || undefined),
);

/** An optional query parameter. */
export const queryText = (meta: EdgeMeta) => z.optional(queryValue).register(edgeMeta, meta);

/** A query parameter that must be given and not empty (its meta's code answers otherwise). */
export const requiredQueryText = (meta: EdgeMeta) =>
  z.pipe(queryString, z.string().check(z.minLength(1))).register(edgeMeta, meta);

/** An optional query parameter that must be one of the domain's values. */
export const queryOneOf = <const V extends readonly [string, ...string[]]>(
  values: V,
  meta: EdgeMeta,
) => z.optional(z.pipe(queryValue, z.optional(z.enum(values)))).register(edgeMeta, meta);

/** A path parameter (always present, a string). */
export const pathParam = (meta: EdgeMeta) => z.string().register(edgeMeta, meta);

/** An optional text in a small JSON or form body. */
export const bodyText = (meta: EdgeMeta) => z.optional(z.string()).register(edgeMeta, meta);

/** An object of edge values; other names pass through untouched (older clients send more). */
export const edgeObject = <S extends Record<string, z.ZodMiniType>>(shape: S, description = '') =>
  z.looseObject(shape).register(edgeMeta, { description });

/** The values of an edge object by name (empty for any other schema). */
export const shapeOf = (schema: unknown): Record<string, z.ZodMiniType> =>
  (schema as { def?: { shape?: Record<string, z.ZodMiniType> } } | undefined)?.def?.shape ?? {};

function describeFailure(schema: z.ZodMiniType, error: z.core.$ZodError): HttpError {
  const name = String(error.issues[0]?.path[0] ?? '');
  // A body that is no object at all is a malformed request, not a wrong value.
  if (!name) return new HttpError(400, 'bad_request', statusMessages[400]!);
  const value = shapeOf(schema)[name];
  const meta = value ? edgeMeta.get(value) : undefined;
  return new HttpError(
    400,
    meta?.code ?? 'invalid_parameter',
    meta?.message ?? apiMessages.invalidParameter(name),
    meta?.field,
  );
}

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** What route() declared (summary, answers, guards); absent on a route not declared with it. */
  declared?: RouteDeclaration;
}
const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route the app registered, with its edge schemas (the OpenAPI document is built from them). */
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] =>
  routeTables.get(app) ?? [];

/**
 * Query schemas whose checked values are kept per query and given again for the same query
 * (ADR 1336): the hot, public reads (GET /api/rates, about 5 % of its CPU went to zod). Only for
 * queries without personal data, since up to `checkedLimit` of them stay in memory. The values
 * handed out are frozen: every request with that query gets the same object.
 */
const memoisedQueries = new WeakSet<z.ZodMiniType>();
export const memoisedQuery = <S extends z.ZodMiniType>(schema: S): S => {
  memoisedQueries.add(schema);
  return schema;
};
const checkedLimit = 1_000;

/**
 * The query's names and values as one unambiguous key; undefined when a value is not a string. A
 * plainly split query is keyed by its text ('?' first: no walked key begins so).
 */
function queryKey(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const text = plainQueryText.get(data);
  if (text !== undefined) return `?${text}`;
  let key = '';
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string') return undefined;
    key += `${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

/** Fastify's validator compiler for the edge's zod schemas. */
const compileEdgeSchema: FastifySchemaCompiler<z.ZodMiniType> = ({ schema, httpPart }) => {
  const check = (data: unknown) => {
    const r = z.safeParse(schema, data ?? {});
    return r.success ? { value: r.data } : { error: describeFailure(schema, r.error) };
  };
  if (httpPart !== 'querystring' || !memoisedQueries.has(schema)) return check;
  const checked = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = queryKey(data);
    const known = key === undefined ? undefined : checked.get(key);
    if (known) return known;
    const r = check(data);
    // Refusals are not kept: they are rare, and each answer gets its own error.
    if (key === undefined || !('value' in r)) return r;
    if (checked.size >= checkedLimit) checked.clear();
    const kept = { value: Object.freeze(r.value) };
    checked.set(key, kept);
    return kept;
  };
};

const isZod = (s: unknown): s is z.ZodMiniType =>
  typeof s === 'object' && s !== null && '_zod' in s;

/**
 * Fastify's serializer compiler, called once per declared answer (`schema.response`) at start.
 * In production an answer is JSON.stringify'd as before: nothing is checked on the hot path
 * (GET /api/rates is benchmarked). With `checkAnswers` (the test server) the JSON the client
 * would receive is parsed with the answer's schema first, and a mismatch throws AnswerMismatch.
 */
const compileAnswer =
  (checkAnswers: boolean) =>
  ({
    schema,
    method,
    url,
    httpStatus,
  }: {
    schema: unknown;
    method?: string;
    url?: string;
    httpStatus?: string;
  }) => {
    if (!checkAnswers || !isZod(schema)) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const json = JSON.stringify(data);
      const r = z.safeParse(schema, json === undefined ? undefined : JSON.parse(json));
      if (!r.success) {
        const issues = r.error.issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`)
          .join('; ');
        throw new AnswerMismatch(
          `${method ?? ''} ${url ?? ''} answered ${httpStatus ?? ''} against its declared schema: ${issues}`,
        );
      }
      return json;
    };
  };

/**
 * The `schemaController` option of Fastify(): every route's schemas are the edge's zod schemas, so
 * Fastify never loads Ajv and fast-json-stringify (a CPU profile of a start showed 34 ms in loading
 * Ajv's compiler, which no route used). Declared answers are serialised with JSON.stringify, and
 * checked against their schema when `checkAnswers` is on (the test server sets it).
 */
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
export const edgeSchemaController = (checkAnswers: boolean) =>
  ({
    compilersFactory: {
      // Fastify types these factories for Ajv's compile function; Fastify itself only calls the
      // compiler with {schema, method, url, httpPart}, which is what compileEdgeSchema takes.
      buildValidator: (() => compileEdgeSchema) as unknown as CompilersFactory['buildValidator'],
      buildSerializer: (() =>
        compileAnswer(checkAnswers)) as unknown as CompilersFactory['buildSerializer'],
    },
  }) satisfies FastifyServerOptions['schemaController'];

/**
 * Keeps the list of routes with their edge schemas and declarations (for the OpenAPI document).
 * Called before any route is registered.
 */
export function registerEdge(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.declared;
    for (const method of [route.method].flat())
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        ...(declared ? { declared } : {}),
      });
  });
}
