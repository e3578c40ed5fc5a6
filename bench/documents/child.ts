// One process of bench/documents.ts: starts one build's document thread (its renderWorker.js),
// lets it render and seal BENCH_DOCUMENTS_COUNT contracts' certificates and policies as a
// decision asks for them (processing/issue.ts), one request at a time, and prints the process's
// CPU per step and its peak RSS as one JSON line. The process's CPU counts every thread (the
// document thread, V8's GC and compiler threads); this thread only waits for the replies.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { testSealEnv } from '../../src/server/testing/seal';
import { contractOf, issuer, sealInfo } from './data';

const [workerPath, countArg, keepDir] = process.argv.slice(2);
const count = Number(countArg);
const warmUp = 5;
const seal = {
  p12: readFileSync(testSealEnv.SEAL_P12_PATH),
  passphrase: testSealEnv.SEAL_P12_PASSWORD,
};
// The node flags of npm start reach the whole process; tsx's loader stays out of the thread, a
// profiler (--cpu-prof, --cpu-prof-dir=...) goes in.
const worker = new Worker(resolve(workerPath!), {
  execArgv: process.execArgv.filter((a) => /^--(cpu|heap)-prof/.test(a)),
});
let nextId = 1;
const waiting = new Map<
  number,
  (r: { result?: Uint8Array; error?: { message: string } }) => void
>();
worker.on('message', (r: { id: number; result?: Uint8Array; error?: { message: string } }) => {
  waiting.get(r.id)?.(r);
  waiting.delete(r.id);
});
function call(name: string, ...args: unknown[]): Promise<Uint8Array> {
  const id = nextId++;
  return new Promise((ok, fail) => {
    waiting.set(id, (r) => (r.error ? fail(new Error(r.error.message)) : ok(r.result!)));
    worker.postMessage({ id, name, args });
  });
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sums = { certificate: 0, policy: 0, seal: 0, bytes: 0 };
async function timed(step: 'certificate' | 'policy' | 'seal', work: () => Promise<Uint8Array>) {
  const t0 = cpuMs();
  const out = await work();
  sums[step] += cpuMs() - t0;
  return out;
}

for (let i = 0; i < warmUp + count; i++) {
  if (i === warmUp) for (const k of Object.keys(sums)) sums[k as keyof typeof sums] = 0;
  const c = contractOf(i);
  const cert = await timed('certificate', () => call('certificatePdf', c.certificate));
  const certSealed = await timed('seal', () =>
    call('sealPdf', cert, seal, sealInfo('Bürgschaftsurkunde')),
  );
  const policy = await timed('policy', () => call('policyPdf', c.policy, issuer));
  const policySealed = await timed('seal', () =>
    call('sealPdf', policy, seal, sealInfo('Versicherungsschein')),
  );
  sums.bytes += certSealed.length + policySealed.length;
  // The first measured contract's documents, for comparing builds (pdftotext, pdftoppm).
  if (keepDir && i === warmUp) {
    mkdirSync(keepDir, { recursive: true });
    writeFileSync(`${keepDir}/certificate.pdf`, certSealed);
    writeFileSync(`${keepDir}/policy.pdf`, policySealed);
    writeFileSync(`${keepDir}/certificate-unsealed.pdf`, cert);
    writeFileSync(`${keepDir}/policy-unsealed.pdf`, policy);
  }
}
console.log(
  JSON.stringify({
    certificateMs: sums.certificate / count,
    policyMs: sums.policy / count,
    sealMs: sums.seal / (2 * count),
    kbPerContract: sums.bytes / count / 1024,
    // The process's peak RSS: the document thread's caches after `count` contracts (issue 30).
    peakRssMb: Number(/VmHWM:\s*(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024,
  }),
);
await worker.terminate();
