import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import * as pageWithAnnotation from '@signpdf/placeholder-plain/dist/createBufferPageWithAnnotation';
import * as rootWithAcroform from '@signpdf/placeholder-plain/dist/createBufferRootWithAcroform';
import * as indexFromRef from '@signpdf/placeholder-plain/dist/getIndexFromRef';
import * as pageRefOf from '@signpdf/placeholder-plain/dist/getPageRef';
import * as readPdfModule from '@signpdf/placeholder-plain/dist/readPdf';
import {
  ANNOTATION_FLAGS,
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  PDFAbstractReference,
  PDFKitReferenceMock,
  PDFObject,
  SIG_FLAGS,
  removeTrailingNewLine,
} from '@signpdf/utils';

/**
 * The package's readers are CommonJS modules with a default export (`exports.default`): tsx and
 * vitest hand over the function, the server build (esbuild, Node's interop) the module object.
 */
function defaultOf<T>(m: T | { default: T }): T {
  return typeof m === 'function' ? m : (m as { default: T }).default;
}
const readPdf = defaultOf(readPdfModule.default);
const getPageRef = defaultOf(pageRefOf.default);
const getIndexFromRef = defaultOf(indexFromRef.default);
const createBufferRootWithAcroform = defaultOf(rootWithAcroform.default);
const createBufferPageWithAnnotation = defaultOf(pageWithAnnotation.default);

const acroForm = '/AcroForm';

export type PlaceholderOptions = Parameters<typeof plainAddPlaceholder>[0];

/** Text that PDFObject.convert writes as it is (the hex string of the empty signature). */
class Written extends PDFAbstractReference {
  constructor(private readonly text: string) {
    super();
  }
  override toString(): string {
    return this.text;
  }
}

/** `<00…>`: the signature's Contents as @signpdf writes a Buffer of zeros, made once per length. */
const emptyContents = new Map<number, Written>();
function emptyContentsOf(length: number): Written {
  let w = emptyContents.get(length);
  if (!w) {
    w = new Written(`<${'00'.repeat(length)}>`);
    emptyContents.set(length, w);
  }
  return w;
}

/**
 * The seal's signature placeholder as an incremental update, the same bytes as
 * @signpdf/placeholder-plain 3.3.0's `plainAddPlaceholder` (pinned) for a PDF without an AcroForm
 * (pdfkit's; any other PDF goes to plainAddPlaceholder). That function turned the whole PDF into a
 * string to look for an AcroForm it had just not found in the catalog, converted the 8 KB of zeros
 * of the empty signature to hex for every PDF and copied the growing PDF once per added object:
 * about 1.7 ms of a seal's ~5 (issue 30). This one reads the catalog, xref and page the same way
 * (the package's own readers), writes the same objects (PDFObject.convert of the same
 * dictionaries) and copies the PDF once.
 */
export function addSealPlaceholder(o: PlaceholderOptions): Buffer {
  // plainAddPlaceholder adds the catalog with the form unless the PDF names one anywhere
  // (`/AcroForm n g R`, searched in the whole PDF after its objects were added).
  if (o.pdfBuffer.includes(acroForm)) return plainAddPlaceholder(o);
  const signatureLength = o.signatureLength ?? 8192;
  const pdf = removeTrailingNewLine(o.pdfBuffer);
  const info = readPdf(pdf);
  const pageRef = getPageRef(pdf, info);
  const pageIndex = getIndexFromRef(info.xref, pageRef);
  const parts: Buffer[] = [pdf];
  let length = pdf.length;
  const append = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const addedReferences = new Map<number, number>();
  const ref = (input: Record<string, unknown>) => {
    info.xref.maxIndex += 1;
    const index = info.xref.maxIndex;
    addedReferences.set(index, length + 1); // + 1 new line
    append(Buffer.from(`\n${index} 0 obj\n${PDFObject.convert(input)}\nendobj\n`));
    return new PDFKitReferenceMock(index);
  };
  // pdfkitAddPlaceholder's objects, in its order and with its keys (no AcroForm before).
  const signature = ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: o.subFilter ?? 'adbe.pkcs7.detached',
    ByteRange: [
      0,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
    ],
    Contents: emptyContentsOf(signatureLength),
    Reason: new String(o.reason),
    M: o.signingTime ?? new Date(),
    ContactInfo: new String(o.contactInfo),
    Name: new String(o.name),
    Location: new String(o.location),
    Prop_Build: {
      Filter: { Name: 'Adobe.PPKLite' },
      ...(o.appName ? { App: { Name: o.appName } } : {}),
    },
  });
  const widget = ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: o.widgetRect ?? [0, 0, 0, 0],
    V: signature,
    T: new String('Signature1'),
    F: ANNOTATION_FLAGS.PRINT,
    P: new PDFKitReferenceMock(pageIndex),
  });
  const form = ref({
    Type: 'AcroForm',
    SigFlags: SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY,
    Fields: [widget],
  });
  // Only the form's own `/Type /AcroForm` (not a reference); anything else (a name or reason
  // with that text) goes the package's way.
  const added = Buffer.concat(parts.slice(1));
  if (added.indexOf(acroForm) !== added.lastIndexOf(acroForm)) return plainAddPlaceholder(o);
  const rootIndex = getIndexFromRef(info.xref, info.rootRef);
  addedReferences.set(rootIndex, length + 1);
  append(Buffer.concat([Buffer.from('\n'), createBufferRootWithAcroform(pdf, info, form)]));
  addedReferences.set(pageIndex, length + 1);
  append(
    Buffer.concat([Buffer.from('\n'), createBufferPageWithAnnotation(pdf, info, pageRef, widget)]),
  );
  append(Buffer.from(`\n${trailer(info, addedReferences, length)}`));
  return Buffer.concat(parts, length);
}

/** createBufferTrailer's text (it reads only the PDF's length). */
function trailer(
  info: ReturnType<typeof readPdf>,
  addedReferences: Map<number, number>,
  pdfLength: number,
): string {
  const rows: string[] = ['0000000000 65535 f '];
  addedReferences.forEach((offset, index) => {
    rows[index + 1] = `${index} 1\n${`0000000000${offset}`.slice(-10)} 00000 n `;
  });
  return (
    `xref\n${info.xref.startingIndex} 1\n${rows.filter((r) => r !== undefined).join('\n')}` +
    `\ntrailer\n<<\n/Size ${info.xref.maxIndex + 1}\n/Root ${info.rootRef}\n` +
    (info.infoRef ? `/Info ${info.infoRef}\n` : '') +
    `/Prev ${info.xRefPosition}\n>>\nstartxref\n${pdfLength}\n%%EOF`
  );
}
