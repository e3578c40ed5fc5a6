import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { startTestServer, type TestServer } from '../testing/server';

/** Issue 15 item 12: a request body that trickles in is cut off after REQUEST_TIMEOUT_SECONDS. */
describe('request timeout', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine: 'pglite', env: { REQUEST_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 408 and closes a connection whose body never completes', async () => {
    const { port } = new URL(s.url);
    const socket = connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    socket.write(
      'POST /api/tenancies?step=start HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"a":',
    );
    // A byte now and then keeps the socket busy, as a slow-loris client does.
    const drip = setInterval(() => socket.write(' '), 200);
    // Not closed within 10 s (ten checks at REQUEST_TIMEOUT_SECONDS=1) is a failure, and the
    // dripping socket must not keep the server from closing after it.
    const closed = await new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      socket.on('error', () => resolve(true));
      setTimeout(() => resolve(false), 10_000);
    });
    clearInterval(drip);
    socket.destroy();
    expect(closed).toBe(true);
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
