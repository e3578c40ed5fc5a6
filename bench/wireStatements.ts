// Checks bench/captureStatements.ts against the compiled server itself (ADR 1360): the product
// exactly as `npm start` runs it on PostgreSQL, connected through a proxy that reads PostgreSQL's
// wire protocol and logs each Parse (statement text, prepared name), Bind (prepared name) and
// simple Query the server sends during one step save and one state poll of a waiting application,
// each line with its connection's number (pg-boss polls on connections of its own; a job that
// runs at the same time shows up too, so each call is logged twice, after the jobs have settled).
//   node scripts/build.mjs && npx tsx bench/wireStatements.ts
import net from 'node:net';
import { createTestDatabase } from '../src/server/testing/database';
import { applicationBody, createApplications } from './lib/applications';
import { waitingApplications } from './lib/bareClient';
import { benchServerEnv, freePort, startCompiledServer } from './lib/childServer';

const pgdb = await createTestDatabase('postgres', { migrate: false });
const upstream = new URL(pgdb.url!);
const upPort = Number(upstream.port || 5432);
const upHost = upstream.hostname;
let log: string[] | undefined;

/** The frontend messages of one connection: a startup message, then type byte + length. */
let connections = 0;
function reader() {
  const connection = ++connections;
  let buf = Buffer.alloc(0);
  let started = false;
  return (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (!started) {
        if (buf.length < 4 || buf.length < buf.readInt32BE(0)) return;
        buf = buf.subarray(buf.readInt32BE(0));
        started = true;
        continue;
      }
      if (buf.length < 5 || buf.length < buf.readInt32BE(1) + 1) return;
      const type = String.fromCharCode(buf[0]!);
      const body = buf.subarray(5, buf.readInt32BE(1) + 1);
      buf = buf.subarray(buf.readInt32BE(1) + 1);
      if (!log) continue;
      const z = body.indexOf(0);
      if (type === 'Q')
        log.push(`#${connection} Query ${body.toString('utf8', 0, z).trim().slice(0, 100)}`);
      if (type === 'P')
        log.push(
          `#${connection} Parse [${body.toString('utf8', 0, z)}] ${body
            .toString('utf8', z + 1, body.indexOf(0, z + 1))
            .trim()
            .slice(0, 100)}`,
        );
      if (type === 'B')
        log.push(`#${connection} Bind [${body.toString('utf8', z + 1, body.indexOf(0, z + 1))}]`);
    }
  };
}

const port = await freePort();
const proxy = net
  .createServer((client) => {
    const up = net.connect(upPort, upHost);
    const read = reader();
    client.on('data', (d: Buffer) => {
      up.write(d);
      read(d);
    });
    up.on('data', (d) => client.write(d));
    client.on('close', () => up.destroy());
    up.on('close', () => client.destroy());
    client.on('error', () => undefined);
    up.on('error', () => undefined);
  })
  .listen(port, '127.0.0.1');
const viaProxy = new URL(pgdb.url!);
viaProxy.host = `127.0.0.1:${port}`;
const server = await startCompiledServer(
  {
    DATABASE_URL: viaProxy.toString(),
    ...benchServerEnv,
  },
  { keepOutput: false, discardStdout: true },
);
try {
  const body = applicationBody();
  const [cid] = await createApplications(server.url, body, 1);
  const [waiting] = await waitingApplications(server.url, 1);
  await new Promise((ok) => setTimeout(ok, 3000)); // the decision's mail and job are done
  for (const call of ['save', 'state', 'save', 'state']) {
    log = [];
    const r =
      call === 'save'
        ? await fetch(`${server.url}/api/tenancies?cid=${cid}&step=tenant`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body,
          })
        : await fetch(`${server.url}/api/application/state/${waiting}`);
    await r.text();
    await new Promise((ok) => setTimeout(ok, 50)); // the proxy has read what the server sent
    console.log(`${call} (${r.status}):\n  ${log.join('\n  ')}`);
  }
  log = undefined;
} finally {
  await server.stop();
  proxy.close();
  await pgdb.close();
}
