import type * as z from 'zod/mini';
import type { StaffPermission } from '../../domain/staff/roles';
import { errorAnswer, type Answers, type FileMedia, type JsonAnswer } from './answers';

/** Who may call a staff route (ADR 1200): the permission the caller's role needs, or `public` (sign-in). */
export type StaffAccess = StaffPermission | 'public';

/**
 * One route's declaration (ADR 1265): what it takes (path parameters, query, small body: the
 * edge's zod schemas, ADR 0309), what it answers per status code, its summary for the OpenAPI
 * document and who may call it. `route({...})` turns it into Fastify's route options:
 *
 *   api.get('/api/x/:nr', route({ summary, params, answers: { 200: answer(s, '…') } }), handler)
 *
 * The handler's `request.params`/`query`/`body` are typed by the schemas (EdgeTypes) and what it
 * sends is typed by the JSON answers; the test server checks every JSON answer against its schema.
 */
export interface RouteSpec<
  P extends z.ZodMiniType | undefined,
  Q extends z.ZodMiniType | undefined,
  B extends z.ZodMiniType | undefined,
  A extends Answers,
> {
  summary: string;
  description?: string;
  /** OpenAPI tags (the old API's routes: 'old API'). */
  tags?: readonly string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /**
   * A body the edge does not check, only documents: the tenancy bodies, which the domain's wire
   * codec checks field by field (ADR 0309), as a component name of the OpenAPI document; or files
   * (multipart/form-data), which the route reads itself.
   */
  documentedBody?: DocumentedBody;
  answers: A;
  /**
   * Partner key (ADR 0710): 'required' refuses a call without `Authorization: Bearer …` with 401
   * `partner_key_required` before the handler runs (http/partnerAuth.ts); 'optional' only
   * documents that a key may be sent (browser calls need none). Leave out: no key is read.
   */
  partnerKey?: 'required' | 'optional';
  /** The contract page's session cookie (contracts/routes.ts), documented as security. */
  contractSession?: true;
  /**
   * A staff route (under /api/staff, ADR 1200): the staff guard (staff/guard.ts) refuses a caller
   * without a session (401) or whose role lacks the permission (403, audited) before the handler
   * runs. Staff routes are documented in the staff API's own document (/api/staff/openapi.json),
   * never in the partners' one.
   */
  staff?: StaffAccess;
  /** The rate limit of @fastify/rate-limit (http/rateLimits.ts). */
  rateLimit?: object;
}

export type DocumentedBody =
  | {
      component: string;
      media: readonly ('application/json' | 'application/x-www-form-urlencoded')[];
    }
  | { description: string }
  /** Files sent as multipart/form-data (the evidence uploads, ADR 1250). */
  | { multipart: string }
  /** One file as the request body itself (a bank statement as XML, ADR 1226). */
  | { file: string; media: readonly FileMedia[] };

/** What the OpenAPI document and the guards read from a route's `config`. */
export interface RouteDeclaration {
  summary: string;
  description?: string | undefined;
  tags?: readonly string[] | undefined;
  answers: Answers;
  documentedBody?: DocumentedBody | undefined;
  partnerKey?: 'required' | 'optional' | undefined;
  contractSession?: true | undefined;
  staff?: StaffAccess | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by route(): the declaration the OpenAPI document is read from. */
    declared?: RouteDeclaration;
    /** Copied from the declaration for the guard's hot path (http/partnerAuth.ts). */
    partnerKey?: 'required' | 'optional';
    /** Copied from the declaration for the staff guard (staff/guard.ts). */
    staff?: StaffAccess;
  }
}

/**
 * The answers by status as Fastify's `schema.response` type: a JSON answer's zod schema types what
 * the handler may send with that status; a file, redirect or empty answer takes any body.
 */
type ResponseOf<A extends Answers> = {
  [S in keyof A]: A[S] extends JsonAnswer ? A[S]['schema'] : unknown;
};

/**
 * What the partner-key guard (http/partnerAuth.ts) answers before the handler of a route that reads
 * a key: declared by the guard, not by each route, so a route cannot forget them (issue 29's timed
 * change left the 401 out and nothing noticed). A route's own entry for a status wins.
 */
const partnerKeyAnswers = {
  401: errorAnswer(
    'partner_key_required (required key missing), invalid_authorization, invalid_api_key: no valid partner key',
  ),
  429: errorAnswer('partner_rate_limited: too many calls with this key (Retry-After)'),
} as const;

/**
 * What the staff guard (staff/guard.ts) answers before the handler of a route with a permission,
 * declared here for the same reason as the partner key's: no staff route can leave them out (the
 * money routes had). A route's own entry for a status wins.
 */
const staffGuardAnswers = {
  401: errorAnswer('not_signed_in, session_ended: no valid staff session'),
  403: errorAnswer(
    'forbidden_role: the role lacks the permission (the refusal is audited); forbidden_origin (a change: POST, PUT, PATCH, DELETE): not sent from the back office page',
  ),
} as const;

/** The answers of a route's guards before its own (its own entry for a status wins). */
function withGuardAnswers(spec: { answers: Answers; partnerKey?: unknown; staff?: StaffAccess }) {
  const guards = {
    ...(spec.partnerKey ? partnerKeyAnswers : {}),
    ...(spec.staff && spec.staff !== 'public' ? staffGuardAnswers : {}),
  };
  return { ...guards, ...spec.answers } as Answers;
}

export function route<
  A extends Answers,
  P extends z.ZodMiniType | undefined = undefined,
  Q extends z.ZodMiniType | undefined = undefined,
  B extends z.ZodMiniType | undefined = undefined,
>(spec: RouteSpec<P, Q, B, A>) {
  const answers = withGuardAnswers(spec);
  const response: Record<string, z.ZodMiniType> = {};
  for (const [status, a] of Object.entries(answers)) if (a?.schema) response[status] = a.schema;
  const declared: RouteDeclaration = {
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags,
    answers,
    documentedBody: spec.documentedBody,
    partnerKey: spec.partnerKey,
    contractSession: spec.contractSession,
    staff: spec.staff,
  };
  return {
    schema: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response,
    } as { params: P; querystring: Q; body: B; response: ResponseOf<A> },
    config: {
      declared,
      ...(spec.partnerKey ? { partnerKey: spec.partnerKey } : {}),
      ...(spec.staff ? { staff: spec.staff } : {}),
      ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
    },
  };
}
