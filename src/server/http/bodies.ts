import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';

/**
 * Form bodies with bracket keys (rentalObject[rentalContract][deposit]=...) become the same nested
 * objects a JSON body carries, so one decoder serves both. Limits keep hostile input cheap.
 */
export const qsOptions: qs.IParseOptions = {
  depth: 6,
  arrayLimit: 50,
  parameterLimit: 500,
  allowPrototypes: false,
  plainObjects: true,
};

export function parseQueryString(str: string): Record<string, unknown> {
  return qs.parse(str, qsOptions) as Record<string, unknown>;
}

export async function registerBodyParsers(app: FastifyInstance, bodyLimit: number): Promise<void> {
  await app.register(formbody, { bodyLimit, parser: parseQueryString });
}
