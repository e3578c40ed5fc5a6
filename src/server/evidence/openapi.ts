/**
 * The /api/evidence/... part of the OpenAPI document (src/server/api/openapi.ts spreads it in);
 * path parameters come from the routes' edge schemas. Errors are the shared ErrorList; a refused
 * file also carries `fileName`.
 */
type Schema = Record<string, unknown>;

const errors = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorList' } } },
});
const file: Schema = {
  type: 'object',
  required: ['id', 'fileName', 'mime', 'size'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    fileName: { type: 'string', description: 'As shown and downloaded (extension of the type)' },
    mime: { type: 'string', enum: ['application/pdf', 'image/jpeg', 'image/png'] },
    size: { type: 'integer', description: 'Bytes as stored (photos without their metadata)' },
  },
};

export const evidencePaths: Record<string, Schema> = {
  '/api/evidence/{token}': {
    get: {
      summary:
        'An evidence file of a claim through its short-lived signed link (for the landlord, the tenant or staff)',
      responses: {
        '200': {
          description:
            'The file as an attachment with its stored type (PDF, JPEG or PNG; photos without metadata)',
          content: { 'application/pdf': {}, 'image/jpeg': {}, 'image/png': {} },
        },
        '403': errors('link_invalid: forged or changed link'),
        '410': errors('link_expired, or gone: the file was deleted'),
      },
    },
  },
  '/api/evidence/uploads/{grant}': {
    post: {
      summary:
        'Adds evidence files (multipart/form-data, field name free) to the claim or answer the signed upload grant names; all files or none',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } },
            },
          },
        },
      },
      responses: {
        '201': {
          description: 'The stored files',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { files: { type: 'array', items: file } } },
            },
          },
        },
        '400': errors('no_files'),
        '403': errors('upload_invalid: forged or changed grant'),
        '410': errors('upload_expired'),
        '413': errors('evidence_too_large or evidence_too_many'),
        '415': errors('evidence_type (not a PDF, JPEG or PNG by its content), or not_multipart'),
        '422': errors('evidence_damaged: the image does not decode'),
      },
    },
  },
};
