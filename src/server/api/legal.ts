import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, described, errorAnswer } from '../http/answers';
import { route } from '../http/route';
import type { Config } from '../config';
import { edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { statusError } from '../http/errors';
import { legalContentDir } from '../documents/legalFiles';
import {
  isLegalSlug,
  parseLegalText,
  type LegalDocument,
  type LegalSlug,
} from '../../domain/legal/index';

/**
 * GET /api/legal/{slug}: a legal text (Impressum, Datenschutz, Kontakt, the contract documents)
 * as {slug, title, blocks}, parsed by the domain with the configured operator details filled in.
 * Read once per slug and kept; a slug without a file answers 404. The PDFs of the contract
 * documents (/api/legal/{slug}.pdf) are the documents module's.
 */
const legalAnswers = {
  200: answer(
    z.object({
      slug: z.string(),
      title: z.string(),
      blocks: described(
        z.array(z.object({ kind: z.enum(['heading', 'paragraph', 'list']) })),
        'heading {kind, level 2|3, content}, paragraph {kind, content} or list {kind, items}; content is a list of {text, bold?}',
      ),
    }),
    'The text as blocks',
  ),
  404: errorAnswer('not_found'),
} as const;

export function registerLegalRoutes(
  app: FastifyInstance,
  config: Config,
  dir: string = legalContentDir,
): void {
  const cache = new Map<LegalSlug, Promise<LegalDocument | undefined>>();
  const load = (slug: LegalSlug) => {
    let doc = cache.get(slug);
    if (!doc) {
      doc = readFile(join(dir, `${slug}.md`), 'utf8').then(
        (md) => parseLegalText(md, config.operator),
        (err: NodeJS.ErrnoException) => {
          cache.delete(slug); // the file may arrive with the next deployment
          if (err.code === 'ENOENT') return undefined;
          throw err;
        },
      );
      cache.set(slug, doc);
    }
    return doc;
  };
  const params = edgeObject({
    slug: pathParam({ description: 'impressum, datenschutz, kontakt or a contract text' }),
  });
  app.withTypeProvider<EdgeTypes>().get(
    '/api/legal/:slug',
    route({
      summary:
        'A legal text (impressum, datenschutz, kontakt, versicherungsbedingungen, verbraucherinformationen, widerrufsbelehrung) with the operator details filled in',
      params,
      answers: legalAnswers,
    }),
    async (request, reply) => {
      const { slug } = request.params;
      if (!isLegalSlug(slug)) throw statusError(404);
      const doc = await load(slug);
      if (!doc) throw statusError(404);
      reply.header('cache-control', 'public, max-age=300');
      return { slug, ...doc };
    },
  );
}
