import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { plainQueryText } from './queryText';

/**
 * Form bodies with bracket keys (rentalObject[rentalContract][deposit]=...) become the same nested
 * objects a JSON body carries, so one decoder serves both. Limits keep hostile input cheap.
 */
const qsOptions: qs.IParseOptions = {
  depth: 6,
  arrayLimit: 50,
  parameterLimit: 500,
  allowPrototypes: false,
  plainObjects: true,
};

/** Only letters, digits, `-._~`, `=` and `&`: nothing to decode, no brackets, no `+`. */
const plainQuery = /^[A-Za-z0-9_.~=&-]*$/;

/**
 * Query strings and form bodies through qs. Most queries on hot paths (`?cid=...&step=tenant`,
 * `?sum=1500&payment=12`) are plain key=value pairs; those are split here directly, with exactly
 * qs's result (a property test compares both), and anything else (percent escapes, brackets,
 * repeated or empty keys, `__proto__`, many pairs) goes to qs (ADR 0600).
 */
export function parseQueryString(str: string): Record<string, unknown> {
  if (str.length <= 1024 && plainQuery.test(str)) {
    const out = Object.create(null) as Record<string, unknown>;
    let n = 0;
    for (const part of str.split('&')) {
      if (part === '') continue;
      if (++n > 20) return parseWithQs(str);
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      if (key === '' || key === '__proto__' || key in out) return parseWithQs(str);
      out[key] = eq < 0 ? '' : part.slice(eq + 1);
    }
    plainQueryText.set(out, str);
    return out;
  }
  return parseWithQs(str);
}

export function parseWithQs(str: string): Record<string, unknown> {
  return qs.parse(str, qsOptions) as Record<string, unknown>;
}

export async function registerBodyParsers(app: FastifyInstance, bodyLimit: number): Promise<void> {
  await app.register(formbody, { bodyLimit, parser: parseQueryString });
}
