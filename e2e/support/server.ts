import { inject } from 'vitest';
import { startTestServer, type TestServer } from '../../src/server/testing/server';
import type { Config } from '../../src/server/config';

export type Engine = 'pglite' | 'postgres';

/**
 * A real server (port 0, fresh database) serving the web app built once for this test run.
 * One per test file; journeys get their own browser context, not their own server.
 */
export async function startAppServer(
  opts: { engine?: Engine; env?: Record<string, string>; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const webDistDir = inject('webDistDir');
  if (!webDistDir) throw new Error(inject('webBuildError') || 'web app not built');
  return startTestServer({
    engine: (opts.engine ?? 'pglite') as Parameters<typeof startTestServer>[0]['engine'],
    env: opts.env,
    config: { webDistDir, ...opts.config },
  });
}
