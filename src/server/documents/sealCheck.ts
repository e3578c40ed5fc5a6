import { X509Certificate } from 'node:crypto';
import { signerKeyFromP12 } from './cadesSigner';
import type { SealIdentity } from './seal';

/** Opens the PKCS#12 (fails with a clear message when it cannot) and names its certificate. */
export function checkSealIdentity(identity: SealIdentity): { subject: string; notAfter: Date } {
  const key = signerKeyFromP12(identity.p12, identity.passphrase);
  const cert = new X509Certificate(key.certificate);
  return { subject: cert.subject, notAfter: new Date(cert.validTo) };
}
