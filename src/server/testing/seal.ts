import { fileURLToPath } from 'node:url';

/**
 * A seal for tests (self-signed, "(TEST)" in its name, passphrase "test-seal"), so test servers
 * do not each generate an RSA key; the self-generated default has its own test (sealKey.test.ts).
 */
export const testSealEnv = {
  SEAL_P12_PATH: fileURLToPath(new URL('./fixtures/test-seal.p12', import.meta.url)),
  SEAL_P12_PASSWORD: 'test-seal',
};
