import type { FastifyReply } from 'fastify';
import { apiMessages } from '../texts/api';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { parseAmount, rates } from '../services/rulebook';

const maxSum = 10_000_000;

/**
 * Serialised answers by (decimal mode, raw sum): the answer depends on nothing else (payment and
 * product_selection do not change it), per tariff, and serialising is most
 * of its cost (ADR 0600). Kept as the bytes sent (no string to encode per answer, its length
 * known: issue 30). Bounded: a client sending endless distinct sums only refills it.
 */
const memos = new WeakMap<Config['tariff'], Map<string, Buffer>>();
const memoLimit = 1_000;

function memoOf(config: Config): Map<string, Buffer> {
  let memo = memos.get(config.tariff);
  if (!memo) memos.set(config.tariff, (memo = new Map()));
  return memo;
}

/**
 * Rates for every payment frequency (spec §3 rates response), keyed by paymentConditions
 * (1, 2, 4, 12). The one cacheable API answer: it depends only on the query and the tariff.
 */
export function ratesAnswer(
  config: Config,
  raw: string,
  decimal: ',' | '.' | 'auto',
  reply: FastifyReply,
) {
  const key = `${decimal}${raw}`;
  const memo = memoOf(config);
  const hit = memo.get(key);
  if (hit !== undefined) return sendJson(reply, config, hit);
  const sum = parseAmount(raw, decimal);
  // Only a refused sum throws: the memoised answer above stays the hot path.
  if (sum === undefined || !Number.isFinite(sum) || sum < 0 || sum > maxSum)
    throw new HttpError(400, 'invalid_sum', apiMessages.invalidSum);
  const json = Buffer.from(JSON.stringify(rates(sum, config.tariff)));
  if (memo.size >= memoLimit) memo.clear();
  memo.set(key, json);
  return sendJson(reply, config, json);
}

/** `public, max-age=…` by max age: one string, not one per answer. */
const cacheControls = new Map<number, string>();

function sendJson(reply: FastifyReply, config: Config, json: Buffer) {
  let cacheControl = cacheControls.get(config.ratesMaxAge);
  if (cacheControl === undefined)
    cacheControls.set(config.ratesMaxAge, (cacheControl = `public, max-age=${config.ratesMaxAge}`));
  reply.header('cache-control', cacheControl);
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
