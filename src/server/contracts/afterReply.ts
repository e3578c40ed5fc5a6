import type { ServerResponse } from 'node:http';
import type { Logger } from '../log';

/** How long work after an answer waits once the answer has gone out. */
const AFTER_REPLY_MS = 100;

/** Runs work once the answer has gone out. */
export type Later = (what: string, fn: () => Promise<void>) => void;

/**
 * Work that runs after the answer has gone out (ADR 1116): the e-mail of a request made with a
 * contract number and an address. Whether a mail is due depends on whether number and address
 * matched, so composing and sending it inside the request would make the matching answer slower
 * than the other and tell a stranger which pairs are right. The request itself records everything
 * that must not be lost (the statement's time of receipt); a mail lost to a crash in between is
 * asked for again. `idle()` lets the server's close wait for what is still running.
 */
export class AfterReply {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /**
   * Work to start a moment (AFTER_REPLY_MS) after `res` has been handed to the system (its
   * 'finish', or 'close' when the client went away): not earlier, or the work would compete with
   * the answer still being sent, and not at once, or on a machine short of cores it would hold up
   * the client still reading this answer (CI, session 27: a matched access request read 20 %
   * slower than an unmatched one at load); a moment later it falls on whichever request comes next.
   */
  after(res: ServerResponse): Later {
    return (what, fn) => {
      const started = new Promise<void>((resolve) => {
        const soon = () => setTimeout(resolve, AFTER_REPLY_MS);
        if (res.writableFinished || res.destroyed) return soon();
        res.once('finish', soon);
        res.once('close', soon);
      });
      this.run(what, () => started.then(fn));
    };
  }

  private run(what: string, fn: () => Promise<void>): void {
    const p: Promise<void> = Promise.resolve()
      .then(fn)
      .catch((err: unknown) => {
        this.log.error({ err, what }, 'work after the answer failed');
      })
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
