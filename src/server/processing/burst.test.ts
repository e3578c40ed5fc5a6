import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { decisions, documents } from '../db/schema/index';
import { pdfText } from '../documents/testing/pdfText';
import { renderRequests, renderThreadCount, setRenderThreadLimit } from '../documents/renderThread';
import { personas } from './testing/personas';
import { startHarness } from './testing/harness';

const burst = 12;

describe.each(engines)('a burst of accepted contracts on %s (issue 30)', (engine) => {
  it('decides each once with its own sealed documents, on more than one document thread, and renders the legal PDFs once', async () => {
    // Two document threads even on a machine whose default is one (DOCUMENT_THREADS=2): the
    // contracts rendered side by side must still each carry their own number.
    setRenderThreadLimit(2);
    const h = await startHarness(engine);
    try {
      const persona = personas.find((p) => p.kind === 'contract' && p.expected === 'accepted')!;
      const certificates = renderRequests('certificatePdf');
      const legal = renderRequests('legalPdf');
      let threadsSeen = 0;
      const watch = setInterval(() => {
        threadsSeen = Math.max(threadsSeen, renderThreadCount());
      }, 5);
      const ids = await Promise.all(
        Array.from({ length: burst }, () => h.submit(persona.model, 'contract').then((s) => s.id)),
      );
      for (const id of ids)
        expect((await h.pollState(id, { intervalMs: 1000 })).state).toBe('accepted');
      // Until every acceptance e-mail is written: they attach the three legal PDFs.
      for (let i = 0; i < 900; i++) {
        const counts = await Promise.all(ids.map((id) => h.counts(id)));
        if (counts.every((c) => c.mailsSent === 1)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      clearInterval(watch);

      for (const id of ids) {
        const c = await h.counts(id);
        expect(c).toEqual({ decisions: 1, documents: 2, mailsSent: 1 });
        // Rendered side by side, yet each contract's documents carry its own number.
        const number = (
          await h.db.orm.select().from(decisions).where(eq(decisions.applicationId, id))
        )[0]!.number;
        const docs = await h.db.orm.select().from(documents).where(eq(documents.applicationId, id));
        expect(docs.map((d) => d.kind).sort()).toEqual(['certificate', 'policy']);
        for (const d of docs) {
          expect(Buffer.from(d.content).includes('/ByteRange')).toBe(true); // sealed
          expect(await pdfText(d.content)).toContain(number);
        }
      }
      // At least one per contract: a job that outlives the harness's 5 s job timeout on a busy
      // machine is delivered again and renders again before it finds the decision made.
      expect(renderRequests('certificatePdf') - certificates).toBeGreaterThanOrEqual(burst);
      // Twelve e-mails with three legal PDFs each: rendered at most once per text, not per contract.
      expect(renderRequests('legalPdf') - legal).toBeLessThanOrEqual(3);
      expect(threadsSeen).toBe(2);
    } finally {
      setRenderThreadLimit(undefined);
      await h.close();
    }
  });
});
