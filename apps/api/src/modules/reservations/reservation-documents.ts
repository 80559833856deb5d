import { MESSAGES, PRODUCT_NAME, type Reservation } from '@ateliermarkt/contract';
import bwipjs from 'bwip-js/node';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { reservations, workspaces } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  pickupSlipText,
  type ReservationDocumentText,
  shippingLabelText,
} from '../../templates/documents/reservation-documents.ts';
import { pickupLink } from './pickup.service.ts';
import { getReservation } from './reservations.service.ts';

/** A6 in PDF points. */
const A6: [number, number] = [297.64, 419.53];

async function barcode(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false });
}

function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
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

function block(doc: PDFKit.PDFDocument, label: string, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#555').text(label.toUpperCase()).fillColor('#000');
  doc.font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line);
  doc.moveDown(0.8);
}

/** The QR code's side in points: about 3 cm, read by a phone camera from arm's length. */
const QR_SIZE = 90;

/** The QR code of a link, a PNG with its quiet zone (the library's margin of 4 modules). */
function qrCode(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}

/**
 * Lays out one document of templates/documents/reservation-documents.ts on A6, with the order number's barcode;
 * with a `qrLink` the barcode makes room for the QR code beside it (the pick-up slip).
 */
async function render(text: ReservationDocumentText, orderNumber: string, qrLink?: string) {
  const doc = new PDFDocument({ size: A6, margin: 30, info: { Title: text.title, Author: PRODUCT_NAME } });
  const width = A6[0] - 60;
  header(doc, text.heading);
  for (const b of text.blocks) block(doc, b.label, b.lines);
  // Barcode and QR code stay together: on a new page when the products took the room.
  if (qrLink && doc.y + QR_SIZE + 40 > A6[1] - 30) doc.addPage();
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
  return { fileName: text.fileName, pdf: await toBuffer(doc) };
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
