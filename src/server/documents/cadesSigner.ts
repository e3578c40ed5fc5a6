import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';

/**
 * A CAdES detached signature for PAdES baseline B-B (ETSI EN 319 142-1): CMS SignedData with the
 * signed attributes content-type, message-digest and ESS signing-certificate-v2 (which binds the
 * certificate to the signature; PAdES requires it and omits signing-time, the time is the
 * signature dictionary's /M). Built with node-forge's ASN.1 writer and signed with node:crypto.
 *
 * Why not @signpdf/signer-p12: it writes no signing-certificate-v2 and re-encodes the issuer
 * name, which corrupts certificates whose names hold umlauts (UTF8String), so readers report the
 * signature as broken.
 */
const { asn1 } = forge;

/** A DER element from its tag and the encodings of its contents (raw bytes, no re-encoding). */
function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const n = contents.reduce((sum, c) => sum + c.length, 0);
  const len: number[] = [];
  if (n < 0x80) len.push(n);
  else {
    for (let v = n; v > 0; v = Math.floor(v / 256)) len.unshift(v % 256);
    len.unshift(0x80 | len.length);
  }
  return Buffer.concat([Buffer.from([tag, ...len]), ...contents]);
}
const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const set = (...c: Buffer[]) => tlv(0x31, ...c);
const oid = (o: string) => tlv(0x06, Buffer.from(asn1.oidToDer(o).getBytes(), 'binary'));
const octets = (b: Buffer) => tlv(0x04, b);
const int1 = tlv(0x02, Buffer.from([1]));
const nul = tlv(0x05);
const der = (a: forge.asn1.Asn1) => Buffer.from(asn1.toDer(a).getBytes(), 'binary');

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
};

const sha256Alg = () => seq(oid(OID.sha256), nul);
const attribute = (type: string, value: Buffer) => seq(oid(type), set(value));

export interface SignerKey {
  key: KeyObject;
  /** The signer's certificate, DER, exactly as issued. */
  certificate: Buffer;
  /** Further certificates to embed (the chain), DER. */
  chain: Buffer[];
}

/** Key and certificates from a PKCS#12 file (the certificate matching the key comes first). */
export function signerKeyFromP12(p12: Buffer, passphrase: string): SignerKey {
  const parsed = forge.pkcs12.pkcs12FromAsn1(
    asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))),
    false,
    passphrase,
  );
  const bags = (type: string): forge.pkcs12.Bag[] => parsed.getBags({ bagType: type })[type] ?? [];
  const {
    pkcs8ShroudedKeyBag,
    keyBag: plainKeyBag,
    certBag,
  } = forge.pki.oids as Record<string, string>;
  const keyBag = bags(pkcs8ShroudedKeyBag ?? '')[0] ?? bags(plainKeyBag ?? '')[0];
  const certs = bags(certBag ?? '')
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const privateKey = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!privateKey || certs.length === 0)
    throw new Error('the PKCS#12 file holds no private key and certificate');
  const matches = (c: forge.pki.Certificate) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(privateKey.n) === 0 && pub.e?.compareTo(privateKey.e) === 0;
  };
  const own = certs.find(matches);
  if (!own) throw new Error('no certificate in the PKCS#12 file matches its private key');
  // certificateToAsn1 reuses the parsed TBSCertificate, so these are the issued bytes.
  const toDer = (c: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(c));
  return {
    key: createPrivateKey(forge.pki.privateKeyToPem(privateKey)),
    certificate: toDer(own),
    chain: certs.filter((c) => c !== own).map(toDer),
  };
}

/** The DER of a certificate's issuer name and serial number, cut from the certificate itself. */
function issuerAndSerial(certificate: Buffer): Buffer {
  const elements = (buf: Buffer): Buffer[] => {
    // The contents of one constructed element, split into its member elements.
    const out: Buffer[] = [];
    const header = (b: Buffer, at: number) => {
      const first = b[at + 1] ?? 0;
      if (first < 0x80) return { start: at + 2, length: first };
      let length = 0;
      for (let i = 0; i < (first & 0x7f); i++) length = length * 256 + (b[at + 2 + i] ?? 0);
      return { start: at + 2 + (first & 0x7f), length };
    };
    const outer = header(buf, 0);
    for (let at = outer.start; at < outer.start + outer.length;) {
      const h = header(buf, at);
      out.push(buf.subarray(at, h.start + h.length));
      at = h.start + h.length;
    }
    return out;
  };
  const tbs = elements(certificate)[0];
  if (!tbs) throw new Error('not a certificate');
  const fields = elements(tbs);
  const offset = fields[0]?.[0] === 0xa0 ? 1 : 0; // [0] version present
  const serial = fields[offset];
  const issuer = fields[offset + 2];
  if (!serial || !issuer) throw new Error('certificate without issuer or serial number');
  return seq(issuer, serial);
}

export class CadesSigner extends Signer {
  constructor(private readonly signer: SignerKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const { key, certificate, chain } = this.signer;
    const digest = createHash('sha256').update(pdfBuffer).digest();
    const certHash = createHash('sha256').update(certificate).digest();
    // DER requires the members of a SET OF in the order of their encodings.
    const attrs = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(digest)),
      // SigningCertificateV2 { certs: [ESSCertIDv2 { certHash }] }; SHA-256 is the default hash.
      attribute(OID.signingCertificateV2, seq(seq(seq(octets(certHash))))),
    ].sort(Buffer.compare);
    // The signature covers the attributes as a SET; the SignerInfo carries them as [0] IMPLICIT.
    const signature = sign('sha256', set(...attrs), key);
    const signerInfo = seq(
      int1,
      issuerAndSerial(certificate),
      sha256Alg(),
      tlv(0xa0, ...attrs),
      seq(oid(OID.sha256WithRSA), nul),
      octets(signature),
    );
    const signedData = seq(
      int1,
      set(sha256Alg()),
      seq(oid(OID.data)),
      tlv(0xa0, certificate, ...chain),
      set(signerInfo),
    );
    return seq(oid(OID.signedData), tlv(0xa0, signedData));
  }
}
