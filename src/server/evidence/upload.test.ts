import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceErrorStatus, readEvidenceUpload, registerEvidenceMultipart } from './index';
import { blobOf, pdfOf } from './testing/fixtures';

/**
 * The upload helper as a claims route uses it: its own scope with the multipart parser, the form's
 * fields and files read in one request over real HTTP. Only that scope takes multipart.
 */
describe('readEvidenceUpload in a route of its own scope', () => {
  const limits = { maxFileBytes: 2000, maxFiles: 2 };
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify();
    await app.register(async (scope) => {
      await registerEvidenceMultipart(scope, limits);
      scope.post('/claim', async (req, reply) => {
        const upload = await readEvidenceUpload(req, limits);
        if (!upload.ok)
          return reply
            .code(upload.code === 'not_multipart' ? 415 : evidenceErrorStatus[upload.code])
            .send(upload);
        return {
          fields: upload.fields,
          files: upload.files.map((f) => [f.fileName, f.bytes.byteLength]),
        };
      });
    });
    app.post('/elsewhere', async () => 'ok');
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = async (path: string, parts: [string, string | [Uint8Array, string]][]) => {
    const form = new FormData();
    for (const [name, value] of parts)
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, blobOf(value[0]), value[1]);
    const r = await fetch(`${base}${path}`, { method: 'POST', body: form });
    return { status: r.status, body: await r.json() };
  };

  it('gives the fields and the files of one form', async () => {
    const r = await send('/claim', [
      ['amount', '120,00'],
      ['files', [pdfOf(500), 'Rechnung.pdf']],
      ['reason', 'Schaden am Boden'],
      ['files', [pdfOf(600), 'Foto.pdf']],
    ]);
    expect(r).toEqual({
      status: 200,
      body: {
        fields: { amount: '120,00', reason: 'Schaden am Boden' },
        files: [
          ['Rechnung.pdf', 500],
          ['Foto.pdf', 600],
        ],
      },
    });
  });

  it('stops at a file over the size and at one file too many', async () => {
    const large = await send('/claim', [['files', [pdfOf(2500), 'gross.pdf']]]);
    expect(large).toEqual({
      status: 413,
      body: { ok: false, code: 'evidence_too_large', fileName: 'gross.pdf' },
    });
    const three = await send('/claim', [
      ['files', [pdfOf(), 'a.pdf']],
      ['files', [pdfOf(), 'b.pdf']],
      ['files', [pdfOf(), 'c.pdf']],
    ]);
    expect(three).toEqual({ status: 413, body: { ok: false, code: 'evidence_too_many' } });
  });

  it('leaves routes outside the scope without multipart', async () => {
    const r = await send('/elsewhere', [['files', [pdfOf(), 'a.pdf']]]);
    expect(r.status).toBe(415);
  });
});
