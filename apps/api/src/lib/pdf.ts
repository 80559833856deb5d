/**
 * A new pdfkit document. pdfkit (with its fonts' metrics) is loaded on the first document a process makes, not when
 * the server starts: most starts make none, and loading it cost each start about 0.1 s of CPU.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument(options);
}

/** The bytes of a pdfkit document, once it is ended (the reservation documents and the statements). */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * A table's row writer on a pdfkit document (the invoices and the statements): cells in fixed widths from the left
 * margin, right-aligned where asked, cut with an ellipsis, never wrapped; a row that would start below `bottom()`
 * begins a new page with the header row again.
 */
export function tableRows(
  doc: PDFKit.PDFDocument,
  table: {
    margin: number;
    rowHeight: number;
    fontSize: number;
    widths: readonly number[];
    right: ReadonlySet<number>;
    header: readonly string[];
    bottom: () => number;
  },
): (cells: readonly string[], bold?: boolean) => void {
  const row = (cells: readonly string[], bold = false) => {
    if (doc.y > table.bottom()) {
      doc.addPage();
      row(table.header, true);
    }
    const y = doc.y;
    let x = table.margin;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(table.fontSize);
    cells.forEach((cell, i) => {
      const w = table.widths[i] ?? 0;
      doc.text(cell, x + 2, y, {
        width: w - 4,
        align: table.right.has(i) ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += w;
    });
    doc.x = table.margin;
    doc.y = y + table.rowHeight;
  };
  return row;
}
