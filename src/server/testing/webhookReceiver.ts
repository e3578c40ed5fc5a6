import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as the signature covers it. */
  body: string;
  status: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests. `answer` decides the status of each
 * request (e.g. 500 for the first delivery of an event to see a retry).
 */
export async function startWebhookReceiver(
  answer: (body: string, index: number) => number = () => 200,
): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = answer(body, received.length);
      received.push({ headers: req.headers, body, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks/mietkaution`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (polling, no timing assertion) until `done` holds or the attempts run out. */
export async function waitFor(
  done: () => boolean | Promise<boolean>,
  attempts = 150,
): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
