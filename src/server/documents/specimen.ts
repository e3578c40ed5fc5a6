import { sandboxTexts } from '../texts/sandbox';

/**
 * The mark of a sandbox specimen on one page (ADR 1130): a red band with "MUSTER – keine
 * Bürgschaft" in the top margin and a large pale "MUSTER" across the page. Both are artifacts
 * (the tagged first paragraph says the same for screen readers); both are real text, so
 * pdftotext and a search find the mark on every page.
 */
export function drawSpecimenMark(
  doc: PDFKit.PDFDocument,
  page: { width: number; height: number; margin: number },
): void {
  const { width, height, margin } = page;
  const savedTop = doc.page.margins.top;
  doc.page.margins.top = 0;
  doc.markContent('Artifact', { type: 'Pagination' });
  doc.save();
  doc.rect(margin, 16, width - 2 * margin, 26).fill('#b00020');
  doc
    .font('Bold')
    .fontSize(9.5)
    .fillColor('#ffffff')
    .text(`${sandboxTexts.mark} · ${sandboxTexts.band}`, margin + 8, 24, { lineBreak: false });
  doc.restore();
  doc.save();
  doc.fillColor('#b00020').fillOpacity(0.12).font('Bold').fontSize(110);
  doc.rotate(-50, { origin: [width / 2, height / 2] });
  doc.text('MUSTER', 0, height / 2 - 55, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.endMarkedContent();
  doc.page.margins.top = savedTop;
  doc.font('Regular').fillColor('#1a1a1a');
}
