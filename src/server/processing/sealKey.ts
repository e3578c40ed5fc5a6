import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSettings } from '../db/schema/index';
import { documentRenderer, type SealIdentity } from '../documents/index';

/** Where each self-made seal is kept: the operator's (when unconfigured) and the sandbox's. */
const settingKeys = {
  operator: { P12: 'seal_p12', PASS: 'seal_p12_passphrase' },
  sandbox: { P12: 'sandbox_seal_p12', PASS: 'sandbox_seal_p12_passphrase' },
} as const satisfies Record<string, { P12: string; PASS: string }>;

/**
 * A self-signed seal made on first use and kept in server_settings (PKCS#12, base64, with its
 * passphrase), so every instance on the database and every restart seals with the same key. Two
 * instances racing both insert; the first row wins. `operator`: the seal used when SEAL_P12_PATH
 * is unset. `sandbox`: the test seal of sandbox documents, always its own key, never the
 * operator's (ADR 1130).
 */
export async function storedSealIdentity(
  db: Database,
  organisation: string,
  now: Date,
  which: keyof typeof settingKeys = 'operator',
): Promise<SealIdentity> {
  const { P12, PASS } = settingKeys[which];
  const read = async () => {
    const rows = await db.orm
      .select()
      .from(serverSettings)
      .where(inArray(serverSettings.key, [P12, PASS]));
    const p12 = rows.find((r) => r.key === P12)?.value;
    const passphrase = rows.find((r) => r.key === PASS)?.value;
    return p12 !== undefined && passphrase !== undefined
      ? { p12: Buffer.from(p12, 'base64'), passphrase }
      : undefined;
  };
  const found = await read();
  if (found) return found;
  // RSA key generation and the PKCS#12's key derivation run in the document thread.
  const made = await documentRenderer.generateSealIdentity(organisation, now);
  await db.transaction(async (tx) => {
    const existing = await tx.select().from(serverSettings).where(eq(serverSettings.key, P12));
    if (existing.length > 0) return;
    await tx
      .insert(serverSettings)
      .values([
        { key: P12, value: made.p12.toString('base64') },
        { key: PASS, value: made.passphrase },
      ])
      .onConflictDoNothing();
  });
  const stored = await read();
  if (!stored) throw new Error('the seal could not be stored');
  return stored;
}
