import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { CadesSigner, signerKeyFromP12, type SignerKey } from './cadesSigner';
import { documentTexts } from '../texts/documents';
import { addSealPlaceholder } from './sealPlaceholder';

/**
 * The electronic seal of our documents: a PAdES signature (sub-filter ETSI.CAdES.detached, SHA-256,
 * RSA) over the whole PDF. The key and certificate come from configuration (SEAL_P12_PATH +
 * SEAL_P12_PASSWORD); without them the server makes a self-signed one once and keeps it in the
 * database (see ADR 0902). A reader shows who sealed and that nothing changed since.
 */
export interface SealIdentity {
  /** PKCS#12 (key + certificate). */
  p12: Buffer;
  passphrase: string;
}

/**
 * A self-signed seal certificate for `organisation`, valid for ten years from `now`. RSA 3072
 * (BSI TR-02102-1), generated off the event loop (about a second).
 */
export async function generateSealIdentity(organisation: string, now: Date): Promise<SealIdentity> {
  const pair = await promisify(generateKeyPair)('rsa', {
    modulusLength: 3072,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const pub = forge.pki.publicKeyFromPem(pair.publicKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365.25 * 86_400_000);
  // As UTF8String (forge encodes it); the default PrintableString cannot hold umlauts.
  const utf8 = (value: string) => ({
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  });
  const subject = [
    { name: 'commonName', ...utf8(documentTexts.sealName(organisation)) },
    { name: 'organizationName', ...utf8(organisation) },
    { name: 'countryName', value: 'DE' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: 'seal',
  });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/**
 * Opening a PKCS#12 runs its key derivation in JavaScript; do it once per identity. Keyed by
 * content: each call into the document thread brings its own copy of the same identity.
 */
const openedKeys = new Map<string, SignerKey>();
function signerKeyOf(identity: SealIdentity): SignerKey {
  const id = createHash('sha256').update(identity.p12).update(identity.passphrase).digest('hex');
  let key = openedKeys.get(id);
  if (!key) {
    key = signerKeyFromP12(identity.p12, identity.passphrase);
    openedKeys.set(id, key);
  }
  return key;
}

export async function sealPdf(
  pdf: Buffer,
  identity: SealIdentity,
  info: { name: string; reason: string; location: string; contact: string; at: Date },
): Promise<Buffer> {
  const withPlaceholder = addSealPlaceholder({
    pdfBuffer: pdf,
    reason: info.reason,
    contactInfo: info.contact,
    name: info.name,
    location: info.location,
    signingTime: info.at,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // Bytes for the CMS: a 3072-bit signature, the certificate and a chain of a few more fit.
    signatureLength: 8192,
    // No appName: the placeholder writes it as a PDF name (/Prop_Build /App /Name) without
    // escaping, so an operator name with spaces made every reader report "Dictionary key must be
    // a name object" (issue 27). The build dictionary's App entry is optional.
  });
  const signer = new CadesSigner(signerKeyOf(identity));
  return new SignPdf().sign(withPlaceholder, signer, info.at);
}
