import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, literalAddress } from './publicAddress';

export class NonPublicAddressError extends Error {}

/**
 * The socket's own name lookup, refusing any non-public address (ADR 1134): the check sits on the
 * connection itself, so a name that resolved to a public address when the URL was set and to
 * 169.254.169.254 now (DNS rebinding) cannot be reached.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0)
      return callback(new NonPublicAddressError('non-public address'), '', 0);
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/**
 * POSTs a webhook body and answers the status code. No redirect is followed. Unless
 * `allowPrivate`, only https to a public address: an address literal in the URL is checked here,
 * a name by the lookup of the connection.
 */
export function postWebhook(
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  const target = new URL(url);
  if (!init.allowPrivate) {
    if (target.protocol !== 'https:') return Promise.reject(new Error('not https'));
    const literal = literalAddress(target.hostname);
    if (literal !== undefined && !isPublicAddress(literal))
      return Promise.reject(new NonPublicAddressError('non-public address'));
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
        timeout: init.timeoutMs,
        ...(init.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        res.resume(); // the answer's body is not read
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })),
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
