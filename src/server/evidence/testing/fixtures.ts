import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test files built in the test (no binary fixtures in the repository): photos that carry the
 * metadata a phone writes, a minimal PDF and a Windows executable.
 */

/** 'GPS 52°31'12" N 13°24'36" E' as EXIF rationals, as a phone camera writes them. */
const berlinGps = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '52/1 31/1 12/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '13/1 24/1 36/1',
};

const xmp =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Erika Mustermann"/></rdf:RDF></x:xmpmeta>';

/** A JPEG COM segment (FF FE, length including itself) right after SOI. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

/** A 16x8 JPEG with GPS and camera EXIF, XMP (a name) and a comment. */
export async function jpegWithGps(comment = 'Wohnung Musterstraße 1'): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 16, height: 8, channels: 3, background: '#3a6' },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'Testkamera', Model: 'Seriennummer 4711' }, IFD3: berlinGps })
    .withXmp(xmp)
    .toBuffer();
  return withJpegComment(jpeg, comment);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 4x4 PNG with tEXt chunks (author, GPS position as text) after IHDR. */
export async function pngWithText(): Promise<Buffer> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  const text = [
    pngChunk('tEXt', Buffer.from('Author\0Erika Mustermann', 'latin1')),
    pngChunk('tEXt', Buffer.from('Comment\0GPS 52.52 13.41', 'latin1')),
  ];
  return Buffer.concat([png.subarray(0, ihdrEnd), ...text, png.subarray(ihdrEnd)]);
}

/** The smallest PDF file-type recognises, padded to `size` bytes with a comment. */
export function pdfOf(size = 400): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n';
  const tail = '\n%%EOF\n';
  const pad = Math.max(0, size - head.length - tail.length - 1);
  return Buffer.from(`${head}%${'x'.repeat(pad)}${tail}`, 'latin1');
}

/** The start of a Windows executable (MZ header, PE signature), as a renamed `.exe` is. */
export function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x14c, 0x84);
  return exe;
}

/** Bytes as a browser's File part of a multipart form. */
export const blobOf = (bytes: Uint8Array): Blob => new Blob([new Uint8Array(bytes)]);

/** A 16x8 JPEG whose EXIF says "rotate 90° clockwise to show" (a phone held upright). */
export async function portraitJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 8, channels: 3, background: '#36a' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
