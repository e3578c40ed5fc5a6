import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

const xsdDir = join(import.meta.dirname, '..', 'xsd');

/** Validates `xml` against the ISO schema of `format`; the errors, or [] when valid. */
export function xsdErrors(xml: string, format: 'pain.008.001.08' | 'pain.001.001.09'): string[] {
  const schema = XmlDocument.fromBuffer(readFileSync(join(xsdDir, `${format}.xsd`)));
  const doc = XmlDocument.fromString(xml);
  const validator = XsdValidator.fromDoc(schema);
  try {
    validator.validate(doc);
    return [];
  } catch (err) {
    const details = (err as { details?: { message: string }[] }).details;
    return details?.map((d) => d.message.trim()) ?? [String((err as Error).message)];
  } finally {
    validator.dispose();
    schema.dispose();
    doc.dispose();
  }
}
