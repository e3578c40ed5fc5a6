import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../threads';
import { withBuffers, type RenderReply, type RenderRequest } from './renderProtocol';
import type { RendererName, Renderers } from './renderers';

/**
 * The HTTP side of the document threads (ADR 1006, ADR 1011). The first thread starts with the
 * first request and ends after a minute without one, so a server that issues no documents
 * carries neither the PDF libraries nor their heap. When every running thread already has
 * `busyAt` requests waiting (a burst of decisions), another one starts, up to the limit: each
 * costs its own heap, fonts and libraries (~25-35 MB, ADR 1011) and, while new, the CPU of
 * compiling them, so the extra ones end after 10 idle seconds. A thread keeps the process alive
 * only while it has a request open.
 */
const firstIdleMs = 60_000;
const extraIdleMs = 10_000;
const busyAt = 2;
const maxThreads = 4;
/**
 * The document thread's new space: 2 x 16 MB, not npm start's 2 x 4 MB (ADR 1496). A contract's
 * certificate and policy allocate several MB that live as long as the document; with 4 MB they
 * were promoted, the old generation filled every few contracts, and each full GC also dropped the
 * optimised code of pdfkit's closures made per text, compiled again for the next documents.
 */
const documentThreadSemiSpaceMb = 16;

/**
 * One thread per core but one, at least one, at most `maxThreads` (ADR 1495): the main thread,
 * the database (PGlite's thread or PostgreSQL) and V8's compiler and collector need a core of
 * their own during a burst; on two cores a second document thread made decisions slower.
 */
const defaultLimit = Math.min(maxThreads, Math.max(1, availableParallelism() - 1));
let limit = defaultLimit;

/** How many document threads may run at once. */
export const renderThreadLimit = () => limit;

/** DOCUMENT_THREADS (config), or the default again with undefined (tests). */
export function setRenderThreadLimit(n: number | undefined) {
  limit = n ?? defaultLimit;
}

interface Pending {
  ok: (v: unknown) => void;
  fail: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  idleTimer?: NodeJS.Timeout;
}

const threads: Thread[] = [];
let nextId = 1;
/** Requests made so far, by renderer (tests: what a burst of decisions renders). */
const requested = new Map<RendererName, number>();

function end(t: Thread, err: Error) {
  const i = threads.indexOf(t);
  if (i >= 0) threads.splice(i, 1);
  clearTimeout(t.idleTimer);
  for (const p of t.pending.values()) p.fail(err);
  t.pending.clear();
}

function startThread(): Thread {
  const w = startWorker('renderWorker', new URL('./renderWorker.ts', import.meta.url), {
    semiSpaceMb: documentThreadSemiSpaceMb,
  });
  w.unref();
  const t: Thread = { worker: w, pending: new Map() };
  w.on('message', (reply: RenderReply) => {
    const p = t.pending.get(reply.id);
    if (!p) return;
    t.pending.delete(reply.id);
    if ('error' in reply) {
      const err = new Error(reply.error.message);
      err.name = reply.error.name;
      p.fail(err);
    } else p.ok(withBuffers(reply.result));
    if (t.pending.size === 0) {
      w.unref();
      clearTimeout(t.idleTimer);
      const idleMs = threads.length > 1 ? extraIdleMs : firstIdleMs;
      t.idleTimer = setTimeout(() => {
        end(t, new Error('the document thread ended'));
        void w.terminate();
      }, idleMs).unref();
    }
  });
  w.on('error', (err) => end(t, err));
  w.on('exit', () => end(t, new Error('the document thread ended')));
  threads.push(t);
  return t;
}

/** The thread with the fewest open requests, or a new one when all are busy and one may start. */
function pick(): Thread {
  let best: Thread | undefined;
  for (const t of threads) if (!best || t.pending.size < best.pending.size) best = t;
  if (!best || (best.pending.size >= busyAt && threads.length < limit)) return startThread();
  return best;
}

function call<N extends RendererName>(
  name: N,
  ...args: Parameters<Renderers[N]>
): Promise<Awaited<ReturnType<Renderers[N]>>> {
  requested.set(name, (requested.get(name) ?? 0) + 1);
  const t = pick();
  clearTimeout(t.idleTimer);
  t.worker.ref();
  const id = nextId++;
  return new Promise((ok, fail) => {
    t.pending.set(id, { ok: ok as (v: unknown) => void, fail });
    const request: RenderRequest = { id, name, args };
    t.worker.postMessage(request);
  });
}

/** The renderers of renderers.ts, each run in a document thread. */
export const renderInThread = {
  certificatePdf: (...a: Parameters<Renderers['certificatePdf']>) => call('certificatePdf', ...a),
  policyPdf: (...a: Parameters<Renderers['policyPdf']>) => call('policyPdf', ...a),
  premiumStatementPdf: (...a: Parameters<Renderers['premiumStatementPdf']>) =>
    call('premiumStatementPdf', ...a),
  borderoPdf: (...a: Parameters<Renderers['borderoPdf']>) => call('borderoPdf', ...a),
  reservationConfirmationPdf: (...a: Parameters<Renderers['reservationConfirmationPdf']>) =>
    call('reservationConfirmationPdf', ...a),
  legalPdf: (...a: Parameters<Renderers['legalPdf']>) => call('legalPdf', ...a),
  sealPdf: (...a: Parameters<Renderers['sealPdf']>) => call('sealPdf', ...a),
  generateSealIdentity: (...a: Parameters<Renderers['generateSealIdentity']>) =>
    call('generateSealIdentity', ...a),
} satisfies Renderers;

/** How many document threads run now (tests). */
export const renderThreadCount = () => threads.length;

/** How many requests each renderer has had in this process (tests). */
export const renderRequests = (name: RendererName) => requested.get(name) ?? 0;

/** Ends every document thread now (shutdown); a later request starts a new one. */
export async function closeRenderThread(): Promise<void> {
  const all = threads.splice(0);
  for (const t of all) clearTimeout(t.idleTimer);
  await Promise.all(all.map((t) => t.worker.terminate()));
}
