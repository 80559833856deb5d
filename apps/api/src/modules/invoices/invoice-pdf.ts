import { PRODUCT_NAME } from '@ateliermarkt/contract';
import { newPdf, pdfBuffer, tableRows } from '../../lib/pdf.ts';
import type { InvoiceDocumentText } from '../../templates/documents/invoice.ts';

/**
 * Lays out a fee invoice or credit note (templates/documents/invoice.ts) on A4 portrait. Made once at issue: its
 * bytes are stored and every download sends them, never a new rendering.
 */
const MARGIN = 50;
const ROW = 15;
const WIDTHS = [245, 40, 80, 45, 85];
const RIGHT = new Set([1, 2, 3, 4]);

export async function invoicePdf(text: InvoiceDocumentText, issuedAt: Date): Promise<Buffer> {
  const doc = await newPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: text.title, Author: PRODUCT_NAME, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const width = doc.page.width - 2 * MARGIN;
  const row = tableRows(doc, {
    margin: MARGIN,
    rowHeight: ROW,
    fontSize: 9,
    widths: WIDTHS,
    right: RIGHT,
    header: text.columns,
    bottom: () => doc.page.height - MARGIN - 3 * ROW,
  });

  doc.font('Helvetica-Bold').fontSize(18).text(text.heading);
  doc.moveDown(0.8);
  const top = doc.y;
  const block = (lines: string[], x: number) => {
    doc.y = top;
    lines.forEach((line, i) => {
      doc
        .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .text(line, x, doc.y, { width: width / 2 - 10 });
    });
    return doc.y;
  };
  const end = Math.max(block(text.supplier, MARGIN), block(text.customer, MARGIN + width / 2));
  doc.x = MARGIN;
  doc.y = end + 14;
  for (const [label, value] of text.facts) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(1);
  row(text.columns, true);
  for (const cells of text.rows) row(cells);
  doc.moveDown(0.5);
  for (const [label, amount] of text.totals) row([label, '', '', '', amount], label.startsWith('Totaal incl'));
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(8).fillColor('#333');
  for (const note of text.notes) doc.text(note, MARGIN, doc.y, { width });
  doc.fillColor('#000');
  return pdfBuffer(doc);
}
