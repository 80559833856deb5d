import { PRODUCT_NAME } from '@ateliermarkt/contract';
import { newPdf, pdfBuffer, tableRows } from '../../lib/pdf.ts';
import type { StatementDocumentText } from '../../templates/documents/statement.ts';

/**
 * Lays out a monthly statement (templates/documents/statement.ts) on A4 landscape: heading, facts, the lines as a
 * table that continues on the next page with its header again, the totals row, the notes.
 */

const MARGIN = 40;
const ROW = 14;
/** Column widths in points; the description takes what is left. Amounts and numbers are right-aligned. */
const FIXED: Record<number, number> = {
  0: 54,
  1: 64,
  3: 32,
  4: 36,
  5: 40,
  6: 62,
  7: 56,
  8: 60,
  9: 54,
  10: 60,
  11: 62,
};
const RIGHT = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11]);

export async function statementPdf(text: StatementDocumentText): Promise<Buffer> {
  const doc = await newPdf({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: text.title, Author: PRODUCT_NAME },
  });
  const width = doc.page.width - 2 * MARGIN;
  const fixed = Object.values(FIXED).reduce((a, b) => a + b, 0);
  const widths = text.columns.map((_, i) => FIXED[i] ?? width - fixed);
  const bottom = () => doc.page.height - MARGIN - ROW;

  const row = tableRows(doc, {
    margin: MARGIN,
    rowHeight: ROW,
    fontSize: 8,
    widths,
    right: RIGHT,
    header: text.columns,
    bottom,
  });
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + width, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor('#888')
      .stroke();
  };

  doc.font('Helvetica-Bold').fontSize(16).text(text.heading);
  doc.font('Helvetica').fontSize(8).fillColor('#555').text(PRODUCT_NAME).fillColor('#000').moveDown(0.8);
  for (const [label, value] of text.facts) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(1);

  if (text.rows.length === 0) {
    doc.font('Helvetica').fontSize(10).text(text.empty);
    doc.moveDown(1);
  } else {
    row(text.columns, true);
    rule();
    for (const cells of text.rows) row(cells);
  }
  doc.y += 4;
  rule();
  row(text.totals, true);
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(8).fillColor('#333');
  for (const note of text.notes) doc.text(note, MARGIN, doc.y, { width });
  doc.fillColor('#000');
  return pdfBuffer(doc);
}
