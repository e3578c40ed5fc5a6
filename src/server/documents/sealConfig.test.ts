import { describe, expect, it } from 'vitest';
import { ConfigError, loadCheckedConfig, loadConfig } from '../config';
import { testSealEnv } from '../testing/seal';

describe('SEAL_P12_PATH / SEAL_P12_PASSWORD', () => {
  it('unset: no configured seal (the server makes its own)', () => {
    expect(loadConfig({}).sealIdentity).toBeUndefined();
  });

  it('a readable PKCS#12 with the right password is the seal', async () => {
    const identity = (await loadCheckedConfig(testSealEnv)).sealIdentity!;
    expect(identity.passphrase).toBe('test-seal');
    expect(identity.p12.length).toBeGreaterThan(1000);
  });

  it.each([
    [{ SEAL_P12_PATH: '/nonexistent/seal.p12' }, /SEAL_P12_PATH: cannot read/],
    [
      { ...testSealEnv, SEAL_P12_PASSWORD: 'wrong' },
      /SEAL_P12_PATH\/SEAL_P12_PASSWORD: cannot open/,
    ],
  ])('%j stops the start naming the variable', async (env, message) => {
    await expect(loadCheckedConfig(env)).rejects.toThrow(ConfigError);
    await expect(loadCheckedConfig(env)).rejects.toThrow(message);
  });

  it('an unreadable file stops loadConfig itself; the PKCS#12 is opened by loadCheckedConfig only (ADR 1343)', () => {
    expect(() => loadConfig({ SEAL_P12_PATH: '/nonexistent/seal.p12' })).toThrow(ConfigError);
    const env = { ...testSealEnv, SEAL_P12_PASSWORD: 'wrong' };
    expect(loadConfig(env).sealIdentity?.passphrase).toBe('wrong');
  });
});
