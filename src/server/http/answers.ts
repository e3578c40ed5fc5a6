import * as z from 'zod/mini';

/**
 * What a route answers, per status code (ADR 1265): a JSON answer is a zod schema (checked against
 * every answer while the test server runs, http/edge.ts, and put into the OpenAPI document with
 * `z.toJSONSchema`); a file, a redirect or an empty answer is described only.
 */
export type Answer = JsonAnswer | OtherAnswer;

export interface JsonAnswer {
  description: string;
  schema: z.ZodMiniType;
}

export interface OtherAnswer {
  description: string;
  schema?: undefined;
  /** The media type(s) of a body that is no JSON (a PDF, an HTML page, an evidence file). */
  media?: FileMedia | readonly FileMedia[];
  headers?: Record<string, { description: string }>;
}

export type FileMedia =
  | 'application/pdf'
  | 'text/html'
  | 'image/jpeg'
  | 'image/png'
  /** SEPA bank files (pain.008, pain.001) and bank statements (camt.053, camt.054, pain.002). */
  | 'application/xml'
  | 'text/xml'
  | 'application/octet-stream'
  /** Hand-overs and the Bordero as spreadsheets. */
  | 'text/csv';

/** Answers by status code; every route outside the allow-list of routeAnswers.test.ts has some. */
export type Answers = Readonly<Partial<Record<number, Answer>>>;

/** A JSON answer; `schema` describes the JSON the client receives (dates as strings). */
export const answer = <S extends z.ZodMiniType>(schema: S, description: string) =>
  ({ schema, description }) as const;

/** A PDF file (or another non-JSON body). */
export const fileAnswer = (description: string, media: OtherAnswer['media'] = 'application/pdf') =>
  ({ description, media }) as const;

/** A redirect: its Location header says where. */
export const redirectAnswer = (description: string, location: string) =>
  ({ description, headers: { Location: { description: location } } }) as const;

/** An answer without a body (204). */
export const emptyAnswer = (description: string) => ({ description }) as const;

/**
 * Names a schema in the OpenAPI components: wherever it occurs the document says
 * `$ref: '#/components/schemas/<name>'` (zod's global registry `id`, read by `z.toJSONSchema`).
 */
export const component = <S extends z.ZodMiniType>(
  name: string,
  schema: S,
  description = '',
): S => {
  z.globalRegistry.add(schema, { id: name, ...(description ? { description } : {}) });
  return schema;
};

/** A schema with its OpenAPI description (zod's global registry, read by `z.toJSONSchema`). */
export const described = <S extends z.ZodMiniType>(schema: S, description: string): S => {
  z.globalRegistry.add(schema, { description });
  return schema;
};

/** `{errors: [{code, message, field?}]}`: every error answer of the API (http/errors.ts). */
const errorList = component(
  'ErrorList',
  z.object({
    errors: z.array(
      z.object({
        code: z.string(),
        message: described(z.string(), 'German sentence'),
        field: z.optional(described(z.string(), 'The field the message belongs to')),
      }),
    ),
  }),
);

/** An error answer; the description names its codes. */
export const errorAnswer = (description: string) => answer(errorList, description);
