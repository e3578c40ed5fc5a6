import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

const run = promisify(execFile);

/** Runs a poppler tool (apt: poppler-utils) on the PDF; answers stdout even on a non-zero exit. */
export async function poppler(tool: 'pdfinfo' | 'pdfsig', pdf: Uint8Array, args: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), `${tool}-`));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    try {
      return (await run(tool, [...args, file])).stdout;
    } catch (err) {
      // pdfsig exits non-zero for a broken signature; its report is what the test reads.
      return String((err as { stdout?: string }).stdout ?? '');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a poppler tool writes to stderr for the PDF (its syntax errors and warnings). */
export async function popplerComplaints(tool: 'pdfinfo' | 'pdfsig' | 'pdftotext', pdf: Uint8Array) {
  const dir = await mkdtemp(join(tmpdir(), `${tool}-`));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const args = tool === 'pdftotext' ? [file, '-'] : [file];
    try {
      return (await run(tool, args)).stderr;
    } catch (err) {
      return String((err as { stderr?: string }).stderr ?? '');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The public key (SPKI, DER) of the certificate that sealed a PDF: read from the CMS in the last
 * /Contents of the signature dictionary, so a test can say which seal it was, not only that it is
 * valid.
 */
export function sealKeyOf(pdf: Uint8Array): Buffer {
  const text = Buffer.from(pdf).toString('latin1');
  const matches = [...text.matchAll(/\/Contents\s*<([0-9A-Fa-f]+)>/g)];
  const hex = matches.at(-1)?.[1];
  if (!hex) throw new Error('no signature in the PDF');
  const der = Buffer.from(hex, 'hex');
  const cms = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(
      forge.util.createBuffer(der.toString('binary')),
      // The placeholder pads the CMS with zero bytes; forge's types lack the options object.
      { parseAllBytes: false } as unknown as boolean,
    ),
  ) as forge.pkcs7.PkcsSignedData;
  const cert = cms.certificates[0];
  if (!cert) throw new Error('no certificate in the signature');
  const spki = forge.pki.publicKeyToAsn1(cert.publicKey as forge.pki.rsa.PublicKey);
  return Buffer.from(forge.asn1.toDer(spki).getBytes(), 'binary');
}
