import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalAddress } from './publicAddress';

describe('public addresses for webhooks (ADR 1134)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'localhost',
    'example.org',
    '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    // The URL parser writes every IPv4 spelling as dotted decimal: decimal, hex, octal, short.
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://2852039166/', '169.254.169.254'],
    ['http://0xA9FEA9FE/', '169.254.169.254'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
    ['http://[::1]:8080/', '::1'],
    ['https://partner.example/', undefined],
  ])('%s has the address %s', (url, address) => {
    const literal = literalAddress(new URL(url).hostname);
    expect(literal).toBe(address);
    if (literal) expect(isPublicAddress(literal)).toBe(false);
  });
});
