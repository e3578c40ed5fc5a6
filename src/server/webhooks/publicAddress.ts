import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach (ADR 1134): this host, private networks, link-local (the
 * cloud metadata service 169.254.169.254), carrier-grade NAT, documentation, benchmarking,
 * multicast and reserved ranges; in IPv6 also unique-local, link-local and the transition
 * prefixes that embed an IPv4 address. BlockList checks an IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1) against the IPv4 ranges by itself (a ::ffff:0:0/96 rule would also catch
 * every plain IPv4 address).
 */
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv6');

/** True for an IP address on the public internet; false for anything else (or no address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as an address, without IPv6 brackets; undefined for a name. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

/**
 * Every address a name resolves to; undefined when it does not resolve (now). Used to refuse a
 * name that points into our network when the URL is set; the delivery checks again at connect.
 */
export async function resolveAll(hostname: string): Promise<string[] | undefined> {
  try {
    return (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return undefined;
  }
}
