import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { types } from '@electric-sql/pglite';
import { byteaParsers, byteaSerializers } from './pgliteBytea';

const ours = { serialize: byteaSerializers[types.BYTEA]!, parse: byteaParsers[types.BYTEA]! };
const pglites = { serialize: types.serializers[types.BYTEA]!, parse: types.parsers[types.BYTEA]! };

describe('bytea text form for the PGlite thread', () => {
  const samples = [
    new Uint8Array(0),
    Uint8Array.of(0, 1, 15, 16, 127, 128, 254, 255),
    new Uint8Array(randomBytes(60_000)),
    // A view into a larger buffer: only its own bytes are written.
    new Uint8Array(randomBytes(100).buffer, 10, 50),
    randomBytes(3000), // a Buffer, as node-postgres hands them out
  ];

  it('writes what PGlite writes', () => {
    for (const bytes of samples) expect(ours.serialize(bytes)).toBe(pglites.serialize(bytes));
  });

  it('reads what PGlite reads, into a Uint8Array of its own', () => {
    for (const bytes of samples) {
      const text = pglites.serialize(bytes) as string;
      const read = ours.parse(text);
      expect(read).toEqual(pglites.parse(text, types.BYTEA));
      expect(read.constructor).toBe(Uint8Array);
      expect(read.byteOffset).toBe(0);
      expect(read.buffer.byteLength).toBe(bytes.byteLength);
    }
  });

  it('refuses what is not bytes, as PGlite does', () => {
    expect(() => ours.serialize('text')).toThrow('Invalid input for bytea type');
  });
});
