import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';
import { killAll, startChildServer, type ChildServer } from '../testing/childServer';
import { testSealEnv } from '../testing/seal';
import { controlSocketPath } from './socket';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '../../..');

/** An operator command as `npm run <name> -- args` runs it (tsx, the repository's scripts/). */
const command = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SERVER_SECRET: 'test-secret-0123456789abcdef',
      LOG_LEVEL: 'silent',
      ...testSealEnv,
      ...env,
    },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

describe.each(engines)('operator commands while the server runs on %s', (engine) => {
  let server: ChildServer;
  let dataDir: string;
  let pg: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mk-commands-'));
    env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://kaution.example', SEED_EXAMPLES: 'true' };
    if (engine === 'postgres') {
      pg = await createTestDatabase('postgres');
      env.DATABASE_URL = pg.url!;
    }
    server = await startChildServer({ ...env, ...testSealEnv });
  }, 90_000);
  afterAll(async () => {
    await killAll(server ? [server] : []);
    await pg?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the control socket exists only for the embedded engine, with mode 0600', () => {
    if (engine === 'pglite') {
      expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    } else {
      expect(() => statSync(controlSocketPath(dataDir))).toThrow();
    }
  });

  it('staff create-admin prints a one-time enrolment link; list shows the member', async () => {
    const made = await command(
      'staff',
      ['create-admin', 'chefin@firma.example', 'Clara', 'Chef'],
      env,
    );
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      /^Clara Chef angelegt\. Einladungslink \(24 Stunden gültig, nur einmal verwendbar\):\nhttps:\/\/kaution\.example\/intern\/einladung#[A-Za-z0-9_-]{43}\n$/,
    );
    const again = await command('staff', ['create-admin', 'Chefin@firma.example', 'Clara'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('chefin@firma.example ist schon angelegt.\n');
    const list = await command('staff', ['list'], env);
    expect(list.stdout).toBe('chefin@firma.example  Clara Chef  admin  aktiv\n');
    expect((await command('staff', ['promote'], env)).code).toBe(2);
  }, 60_000);

  it('partner-key and partner-webhook work without stopping the server', async () => {
    const created = await command('partner-key', ['create', 'IMMO1', '--sandbox'], env);
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Sandbox-Schlüssel für IMMO1');
    const list = await command('partner-key', ['list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/IMMO1 {2}mk_test_\S+… {2}sandbox {2}aktiv/);
    const hook = await command('partner-webhook', ['list'], env);
    expect(hook).toMatchObject({ code: 0, stdout: 'Keine Webhooks.\n' });
  }, 60_000);

  it('decide answers about the number, never asks to stop the server', async () => {
    const r = await command('decide', ['MK-1999-000001', 'accept'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Keine Entscheidung mit der Nummer MK-1999-000001');
    expect(r.stderr).not.toContain('stoppen');
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }, 60_000);
});
