import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fallbackOperator } from './operator';
import { documentThreadNice } from './renderProtocol';
import {
  closeRenderThread,
  renderInThread,
  renderThreadCount,
  renderThreadLimit,
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

  it('grow to more threads when requests queue, within the limit, and answer every request', async () => {
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
    expect(seen).toBeLessThanOrEqual(renderThreadLimit);
    expect(seen).toBe(Math.min(renderThreadLimit, 4));
    await closeRenderThread();
    expect(renderThreadCount()).toBe(0);
  });
});
