/**
 * fontkit 2.0.4's TrueType subset (TTFSubset, pinned): the parts this module reads and calls.
 * `encode()` collects the glyphs (`_addGlyph`, which adds the components of composite glyphs)
 * into `glyf`, `loca` and `hmtx`, then writes nine tables with restructure.
 */
export interface TtfSubset {
  glyphs: number[];
  glyf: Uint8Array[];
  offset: number;
  loca: { offsets: number[]; version: number };
  hmtx: { metrics: Array<{ advance: number; bearing: number }>; bearings: number[] };
  font: { loca: { version: number } };
  _addGlyph(gid: number): number;
  encode(): Uint8Array;
}

/** The tables fontkit writes for a PDF's font subset, in its order (TTFSubset#encode). */
const order = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;
type Tag = (typeof order)[number];

/**
 * A font's tables that are the same in every subset, as fontkit wrote them: head, cvt, prep and
 * fpgm as they are, hhea and maxp but for the number of glyphs.
 */
export type SubsetTemplate = Record<Tag, Buffer>;

/** Reads the tables of a subset fontkit encoded (its table directory: tag, sum, offset, length). */
export function templateOf(encoded: Uint8Array): SubsetTemplate | undefined {
  const b = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  if (b.toString('latin1', 0, 4) !== 'true' || b.readUInt16BE(4) !== order.length) return undefined;
  const tables: Partial<SubsetTemplate> = {};
  for (let i = 0; i < order.length; i++) {
    const entry = 12 + 16 * i;
    const tag = order[i]!;
    if (b.toString('latin1', entry, entry + 4) !== tag) return undefined;
    const offset = b.readUInt32BE(entry + 8);
    tables[tag] = Buffer.from(b.subarray(offset, offset + b.readUInt32BE(entry + 12)));
  }
  return tables as SubsetTemplate;
}

/**
 * What TTFSubset#encode returns, without restructure: its generic encoder wrote the three hinting
 * tables (~2,000 numbers) and every glyph's metrics one number at a time, about 2 ms per subset
 * (issue 30). The glyphs are collected by fontkit's own `_addGlyph`; the tables are written as
 * fontkit's structures define them (loca: offsets, halved as uint16 in the short format, else
 * uint32; hmtx: advance uint16 and left bearing int16 per glyph; glyf: the glyphs' bytes), the
 * directory as its Directory does (tag "true", nine entries with sum 0, the tables one after
 * another without padding).
 */
export function encodeWithTemplate(subset: TtfSubset, template: SubsetTemplate): Buffer {
  subset.glyf = [];
  subset.offset = 0;
  subset.loca = { offsets: [], version: subset.font.loca.version };
  subset.hmtx = { metrics: [], bearings: [] };
  for (let i = 0; i < subset.glyphs.length; i++) subset._addGlyph(subset.glyphs[i]!);
  subset.loca.offsets.push(subset.offset);
  const count = subset.glyf.length;

  const short = subset.loca.version === 0;
  const loca = Buffer.alloc(subset.loca.offsets.length * (short ? 2 : 4));
  subset.loca.offsets.forEach((o, i) =>
    short ? loca.writeUInt16BE(o >>> 1, 2 * i) : loca.writeUInt32BE(o, 4 * i),
  );
  const hmtx = Buffer.alloc(4 * count);
  subset.hmtx.metrics.forEach((m, i) => {
    hmtx.writeUInt16BE(m.advance, 4 * i);
    hmtx.writeInt16BE(m.bearing, 4 * i + 2);
  });
  const hhea = Buffer.from(template.hhea);
  hhea.writeUInt16BE(count, 34); // numberOfMetrics
  const maxp = Buffer.from(template.maxp);
  maxp.writeUInt16BE(count, 4); // numGlyphs
  const tables: Record<Tag, Uint8Array> = {
    ...template,
    hhea,
    maxp,
    loca,
    glyf: Buffer.concat(subset.glyf),
    hmtx,
  };

  const header = Buffer.alloc(12 + 16 * order.length);
  header.write('true', 0, 'latin1');
  header.writeUInt16BE(order.length, 4);
  header.writeUInt16BE(128, 6); // searchRange: 16 * 8, the largest power of two <= 9
  header.writeUInt16BE(3, 8); // entrySelector
  header.writeUInt16BE(order.length * 16 - 128, 10); // rangeShift
  let offset = header.length;
  order.forEach((tag, i) => {
    const entry = 12 + 16 * i;
    header.write(tag, entry, 'latin1');
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(tables[tag].length, entry + 12);
    offset += tables[tag].length;
  });
  return Buffer.concat([header, ...order.map((tag) => tables[tag])], offset);
}
