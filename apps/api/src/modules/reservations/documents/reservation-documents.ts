import { assertNever, MESSAGES, PRODUCT_NAME, type Reservation, reservationDocumentKind } from '@ateliermarkt/contract';
import bwipjs from 'bwip-js/node';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { reservations, workspaces } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { newPdf, pdfBuffer } from '../../../lib/pdf.ts';
import type { Actor } from '../../../plugins/auth.ts';
import {
  type DocumentBlock,
  LABELS_DOCUMENT_TITLE,
  pickupSlipText,
  type ReservationDocumentText,
  shippingLabelText,
} from '../../../templates/documents/reservation-documents.ts';
import { pickupLink } from '../pickup/pickup.service.ts';
import { getReservation } from '../reservations.service.ts';

/** A6 in PDF points. */
const A6: [number, number] = [297.64, 419.53];

async function barcode(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false });
}

async function sender(ctx: AppContext, r: Reservation) {
  const [w] = await ctx.db
    .select({
      street: workspaces.street,
      streetNumber: workspaces.streetNumber,
      zipCode: workspaces.zipCode,
      city: workspaces.city,
    })
    .from(reservations)
    .innerJoin(workspaces, eq(workspaces.tenantId, reservations.tenantId))
    .where(eq(reservations.id, r.id));
  const lines = [r.workspaceName];
  if (w?.street) lines.push(`${w.street} ${w.streetNumber ?? ''}`.trim());
  if (w?.zipCode || w?.city) lines.push(`${w?.zipCode ?? ''} ${w?.city ?? ''}`.trim());
  return lines;
}

function header(doc: PDFKit.PDFDocument, title: string) {
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc.font('Helvetica').fontSize(8).fillColor('#555').text(PRODUCT_NAME).fillColor('#000').moveDown(0.8);
}

/**
 * A labelled block of lines, each written only while it fits above `bottom`; the last that fits says how many were
 * left out instead (`moreLines`), so a reservation of many products stays one page.
 */
function block(doc: PDFKit.PDFDocument, b: DocumentBlock, bottom: number, moreLines: (count: number) => string) {
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#555').text(b.label.toUpperCase()).fillColor('#000');
  doc.font('Helvetica').fontSize(11);
  const width = A6[0] - 60;
  const fits = (text: string, below = 0) => doc.y + doc.heightOfString(text, { width }) + below <= bottom;
  for (const [index, line] of b.lines.entries()) {
    const rest = b.lines.length - index - 1;
    if (fits(line, rest > 0 ? doc.currentLineHeight(true) : 0)) {
      doc.text(line, { width });
      continue;
    }
    const more = moreLines(b.lines.length - index);
    if (fits(more)) doc.text(more, { width });
    break;
  }
  doc.moveDown(0.8);
}

/** The QR code's side in points: about 3 cm, read by a phone camera from arm's length. */
const QR_SIZE = 90;

/**
 * The QR code of a link, a PNG with its quiet zone of 4 modules, by the same library as the barcode: a module is
 * 2 points, so scale 4 draws it 8 pixels wide, and 8 points of padding are the 4 modules of quiet zone.
 */
function qrCode(link: string): Promise<Buffer> {
  // `eclevel` is BWIPP's option for the QR code's error correction; bwip-js passes it on but does not type it.
  const options: Parameters<typeof bwipjs.toBuffer>[0] & { eclevel: 'M' } = {
    bcid: 'qrcode',
    text: link,
    eclevel: 'M',
    scale: 4,
    padding: 8,
  };
  return bwipjs.toBuffer(options);
}

/**
 * Lays out one document of templates/documents/reservation-documents.ts on the current A6 page, with the order
 * number's barcode; with a `qrLink` the barcode makes room for the QR code beside it (the pick-up slip).
 */
async function drawPage(doc: PDFKit.PDFDocument, text: ReservationDocumentText, orderNumber: string, qrLink?: string) {
  const width = A6[0] - 60;
  header(doc, text.heading);
  // The blocks keep room for the caption, the barcode and, on a pick-up slip, the QR code and its caption: one page.
  const bottom = A6[1] - 30 - (qrLink ? QR_SIZE + 12 : 50) - 36;
  for (const b of text.blocks) block(doc, b, bottom, text.moreLines);
  doc.font('Helvetica-Bold').fontSize(12).text(text.barcodeCaption);
  doc.moveDown(0.3);
  const top = doc.y;
  doc.image(await barcode(orderNumber), { width: qrLink ? width - QR_SIZE - 10 : width, height: 50 });
  if (qrLink) {
    const x = 30 + width - QR_SIZE;
    doc.image(await qrCode(qrLink), x, top, { width: QR_SIZE, height: QR_SIZE });
    if (text.qrCaption)
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(text.qrCaption, x, top + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });
  }
}

const newDocument = (title: string) => newPdf({ size: A6, margin: 30, info: { Title: title, Author: PRODUCT_NAME } });

/** One document on A6 (see drawPage). */
async function render(text: ReservationDocumentText, orderNumber: string, qrLink?: string) {
  const doc = await newDocument(text.title);
  await drawPage(doc, text, orderNumber, qrLink);
  return { fileName: text.fileName, pdf: await pdfBuffer(doc) };
}

/** The document a paid reservation gets by its delivery method; none (null) before it is paid. */
async function documentText(ctx: AppContext, r: Reservation): Promise<ReservationDocumentText | null> {
  const kind = reservationDocumentKind(r);
  switch (kind) {
    case null:
      return null;
    case 'shippingLabel':
      return shippingLabelText(r, await sender(ctx, r));
    case 'pickupSlip':
      return pickupSlipText(r, await sender(ctx, r));
    default:
      return assertNever(kind, 'document kind');
  }
}

/**
 * `labels.pdf`: the shipping label or pick-up slip of each reservation, one A6 page each, in the order
 * asked. All or nothing: an id that is not the caller's to see is 404 for the whole request, an unpaid one 409.
 */
export async function labelsPdf(ctx: AppContext, actor: Actor, reservationIds: readonly string[]) {
  // Every id is looked up before any is judged: one not found answers 404, whatever else was asked.
  const found: Reservation[] = [];
  for (const id of reservationIds) found.push(await getReservation(ctx, actor, id));
  const pages: { text: ReservationDocumentText; orderNumber: string; qrLink?: string }[] = [];
  for (const r of found) {
    const text = await documentText(ctx, r);
    if (!text) throw new AppError('Conflict', MESSAGES.labelsNotAllowed(r.orderNumber));
    // A pick-up slip carries its scan-to-hand-over link here too.
    const qrLink = reservationDocumentKind(r) === 'pickupSlip' ? await pickupLink(ctx, r.id) : undefined;
    pages.push({ text, orderNumber: r.orderNumber, ...(qrLink ? { qrLink } : {}) });
  }
  const doc = await newDocument(LABELS_DOCUMENT_TITLE);
  for (const [index, page] of pages.entries()) {
    if (index > 0) doc.addPage();
    await drawPage(doc, page.text, page.orderNumber, page.qrLink);
  }
  return { fileName: MESSAGES.labelsFileName, pdf: await pdfBuffer(doc) };
}

/** `verzendlabel-{orderNumber}.pdf`: A6 with sender, recipient, order number as text and barcode. */
export async function shippingLabel(ctx: AppContext, actor: Actor, reservationId: string) {
  const r = await getReservation(ctx, actor, reservationId);
  if (!r.isPaid || !r.willShip) throw new AppError('Conflict', MESSAGES.transitionNotAllowed);
  return render(shippingLabelText(r, await sender(ctx, r)), r.orderNumber);
}

/** `ophaalbon-{orderNumber}.pdf`: what the customer picks up at the workshop. */
export async function pickupSlip(ctx: AppContext, actor: Actor, reservationId: string) {
  const r = await getReservation(ctx, actor, reservationId);
  if (!r.isPaid || !r.willBeFetched) throw new AppError('Conflict', MESSAGES.transitionNotAllowed);
  return render(pickupSlipText(r, await sender(ctx, r)), r.orderNumber, await pickupLink(ctx, r.id));
}
