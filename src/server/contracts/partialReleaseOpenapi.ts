/**
 * The partial release's path in the OpenAPI document, written by hand until its route declares
 * itself with route() (ADR 1265; src/server/api/openapi.ts spreads it in, as claims/openapi.ts).
 */
type Schema = Record<string, unknown>;

const json = (schema: Schema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const errors = (description: string) =>
  json({ $ref: '#/components/schemas/ErrorList' }, description);
const str = (description: string): Schema => ({ type: 'string', description });

export const partialReleasePaths: Record<string, Record<string, Schema>> = {
  '/api/contracts/verification/{token}/partial-release': {
    post: {
      summary:
        'Partial release (Teilfreigabe, ADR 1255): release all but `retained` euros kept for the utility-cost settlement; same code as the release',
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                code: str('8 characters; spaces and dashes ignored'),
                retained: str('Euros kept, e.g. 450,00; below what the guarantee still covers'),
              },
              required: ['code', 'retained'],
            },
          },
        },
      },
      responses: {
        '200': json(
          { type: 'object', properties: { remainingCents: { type: 'integer' } } },
          'Partially released',
        ),
        '400': errors('required, not_positive, not_below_remaining, wrong_code'),
        '404': errors('unknown'),
        '409': errors('not_in_force, already_partial'),
        '429': errors('locked: ten wrong codes'),
      },
    },
  },
};
