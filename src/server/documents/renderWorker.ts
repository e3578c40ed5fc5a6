import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderers } from './renderers';
import {
  documentThreadNice,
  withBuffers,
  type RenderReply,
  type RenderRequest,
} from './renderProtocol';

/**
 * The document thread (ADR 1006): renders and seals PDFs one request at a time, in the order they
 * come. Every failure answers its request; nothing may throw past that.
 */
const port = parentPort!;

// Below the HTTP thread and the database thread (nice 10; on Linux the pid 0 of setpriority is
// this thread alone): during a burst of decisions the document threads take what the two leave,
// and the event loop that answers requests is not kept waiting behind them (issue 30, ADR 1011).
try {
  setPriority(0, documentThreadNice);
} catch {
  // Not permitted or not supported here: the thread runs at the process's priority.
}

port.on('message', (req: RenderRequest) => {
  void (async () => {
    let reply: RenderReply;
    try {
      const fn = renderers[req.name] as (...args: unknown[]) => Promise<unknown>;
      reply = { id: req.id, result: await fn(...withBuffers(req.args)) };
    } catch (err) {
      // Names and messages only: they come from our code and the PDF libraries, never with data.
      const e = err instanceof Error ? err : new Error(String(err));
      reply = { id: req.id, error: { name: e.name, message: e.message } };
    }
    port.postMessage(reply);
  })();
});
