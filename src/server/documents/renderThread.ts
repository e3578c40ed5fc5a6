import type { Worker } from 'node:worker_threads';
import { startWorker } from '../threads';
import { withBuffers, type RenderReply, type RenderRequest } from './renderProtocol';
import type { RendererName, Renderers } from './renderers';

/**
 * The HTTP side of the document thread (ADR 1006). The thread starts with the first request and
 * ends after a minute without one, so a server that issues no documents carries neither the PDF
 * libraries nor their heap. It keeps the process alive only while a request is open.
 */
const idleMs = 60_000;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
let idleTimer: NodeJS.Timeout | undefined;

function failAll(err: Error) {
  for (const p of pending.values()) p.fail(err);
  pending.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const w = startWorker('renderWorker', new URL('./renderWorker.ts', import.meta.url));
  w.unref();
  w.on('message', (reply: RenderReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if ('error' in reply) {
      const err = new Error(reply.error.message);
      err.name = reply.error.name;
      p.fail(err);
    } else p.ok(withBuffers(reply.result));
    if (pending.size === 0) {
      w.unref();
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void closeRenderThread(), idleMs).unref();
    }
  });
  w.on('error', (err) => failAll(err));
  w.on('exit', () => {
    if (worker === w) worker = undefined;
    failAll(new Error('the document thread ended'));
  });
  worker = w;
  return w;
}

function call<N extends RendererName>(
  name: N,
  ...args: Parameters<Renderers[N]>
): Promise<Awaited<ReturnType<Renderers[N]>>> {
  clearTimeout(idleTimer);
  const w = thread();
  w.ref();
  const id = nextId++;
  return new Promise((ok, fail) => {
    pending.set(id, { ok: ok as (v: unknown) => void, fail });
    const request: RenderRequest = { id, name, args };
    w.postMessage(request);
  });
}

/** The renderers of renderers.ts, each run in the document thread. */
export const renderInThread = {
  certificatePdf: (...a: Parameters<Renderers['certificatePdf']>) => call('certificatePdf', ...a),
  policyPdf: (...a: Parameters<Renderers['policyPdf']>) => call('policyPdf', ...a),
  reservationConfirmationPdf: (...a: Parameters<Renderers['reservationConfirmationPdf']>) =>
    call('reservationConfirmationPdf', ...a),
  legalPdf: (...a: Parameters<Renderers['legalPdf']>) => call('legalPdf', ...a),
  sealPdf: (...a: Parameters<Renderers['sealPdf']>) => call('sealPdf', ...a),
  generateSealIdentity: (...a: Parameters<Renderers['generateSealIdentity']>) =>
    call('generateSealIdentity', ...a),
} satisfies Renderers;

/** Ends the thread now (shutdown); a later request starts a new one. */
export async function closeRenderThread(): Promise<void> {
  clearTimeout(idleTimer);
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
