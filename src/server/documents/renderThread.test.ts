import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { fallbackOperator } from './operator';
import { documentThreadNice } from './renderProtocol';
import {
  closeRenderThread,
  renderInThread,
  renderThreadCount,
  renderThreadLimit,
  setRenderThreadLimit,
} from './renderThread';

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function niceByThread(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return out;
}

const certificate = (n: number) =>
  renderInThread.certificatePdf({
    contractNumber: `MK-2026-${String(n).padStart(6, '0')}`,
    tenants: ['Max Mustermann'],
    landlord: 'Erika Größe',
    landlordAddress: 'Hauptstraße 1, 10117 Berlin',
    objectAddress: 'Kölner Straße 12, 50667 Köln',
    deposit: 1500,
    issuedAt: new Date('2026-03-02T10:00:00Z'),
    operator: fallbackOperator,
  });

afterAll(() => closeRenderThread());

describe('the document threads (issue 30)', () => {
  it('run below the priority of the thread that answers HTTP', async () => {
    // Test files share their worker (ADR 1010): an earlier file may have started the document
    // thread already, so the thread that rendered is found by its work, not by being new.
    await certificate(1);
    const after = niceByThread();
    expect([...after.values()]).toContain(documentThreadNice);
    expect(after.get(process.pid)).toBe(0); // the main thread's id is the process id
  });

  it.each([2, 1])(
    'grow to more threads when requests queue, up to a limit of %i, and answer every request',
    async (max) => {
      setRenderThreadLimit(max); // DOCUMENT_THREADS
      try {
        expect(renderThreadLimit()).toBe(max);
        let seen = 0;
        const pdfs = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            certificate(i).then((pdf) => {
              seen = Math.max(seen, renderThreadCount());
              return pdf;
            }),
          ),
        );
        expect(pdfs.every((p) => p.subarray(0, 5).toString() === '%PDF-')).toBe(true);
        expect(seen).toBe(max);
        await closeRenderThread();
        expect(renderThreadCount()).toBe(0);
      } finally {
        setRenderThreadLimit(undefined);
      }
    },
  );

  it('leave a core to the rest of the server by default (one per core but one, 1 to 4)', () => {
    expect(renderThreadLimit()).toBe(Math.min(4, Math.max(1, availableParallelism() - 1)));
  });

  it.each([
    [{}, undefined],
    [{ DOCUMENT_THREADS: '2' }, 2],
  ])('DOCUMENT_THREADS: loadConfig(%j) -> %s', (env, expected) => {
    expect(loadConfig(env).documentThreads).toBe(expected);
  });

  it.each(['0', '17', '1.5', 'zwei'])('DOCUMENT_THREADS=%j is refused at start', (bad) => {
    expect(() => loadConfig({ DOCUMENT_THREADS: bad })).toThrow(ConfigError);
  });
});
