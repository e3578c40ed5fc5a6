import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '../testing/database';
import { PartnerKeyService, hashKey } from './keys';
import { systemClock } from '../clock';
import { checkWebhookUrl, WebhookRegistryError } from '../webhooks/registry';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '../../..');

/** Runs a command like `npm run partner-key -- …` does; answers exit code and output. */
async function command(script: string, args: string[], databaseUrl: string) {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

describe('webhook URLs', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://x.example/',
    'javascript:alert(1)',
    'https://u:p@x.example/',
    'nope',
  ])('%s is refused', (url) => {
    expect(() => checkWebhookUrl(url)).toThrow(WebhookRegistryError);
  });
  it('https URLs are taken; http and local ones only with WEBHOOK_ALLOW_PRIVATE (ADR 1134)', () => {
    expect(checkWebhookUrl('https://partner.example/hook')).toBe('https://partner.example/hook');
    expect(() => checkWebhookUrl('http://127.0.0.1:4000/h')).toThrow(WebhookRegistryError);
    expect(checkWebhookUrl('http://127.0.0.1:4000/h', { allowPrivate: true })).toBe(
      'http://127.0.0.1:4000/h',
    );
  });
});

describe('partner-key and partner-webhook commands (PostgreSQL, as while a server runs)', () => {
  it('create shows the key once and stores its hash; list; revoke; webhook set checks the URL', async () => {
    const db = await createTestDatabase('postgres');
    const databaseUrl = db.url!;
    try {
      // A partner to make keys for (the server's first start or import:partners does this).
      await db.executeSql("INSERT INTO partners (code, name) VALUES ('IMMO1', 'Immo Eins')");
      const created = await command(
        'scripts/partner-key.ts',
        ['create', 'IMMO1', '--sandbox'],
        databaseUrl,
      );
      expect(created.code).toBe(0);
      const key = created.out.split('\n')[1]!;
      expect(key).toMatch(/^mk_test_[A-Za-z0-9_-]{43}$/);

      const listed = await command('scripts/partner-key.ts', ['list'], databaseUrl);
      expect(listed.out).toContain(`${key.slice(0, 12)}…  sandbox  aktiv`);
      expect(listed.out).not.toContain(key);

      const hook = await command(
        'scripts/partner-webhook.ts',
        ['set', 'IMMO1', 'https://partner.example/hook'],
        databaseUrl,
      );
      expect(hook.out).toMatch(/Signatur-Geheimnis \(nur jetzt angezeigt\): whsec_/);

      const revoked = await command(
        'scripts/partner-key.ts',
        ['revoke', key.slice(0, 12)],
        databaseUrl,
      );
      expect(revoked.code).toBe(0);
      expect((await command('scripts/partner-key.ts', ['list'], databaseUrl)).out).toMatch(
        /widerrufen/,
      );

      // The database holds the hash, never the key; the revoked key no longer authenticates.
      const rows = await db.executeSql('SELECT key_hash FROM partner_keys');
      expect(rows.rows.map((r) => r.key_hash)).toEqual([hashKey(key)]);
      expect(await new PartnerKeyService(db, systemClock).authenticate(key)).toBeUndefined();
    } finally {
      await db.close();
    }
  }, 180_000);
});
