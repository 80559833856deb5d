import { formatEuro, MESSAGES, PRODUCT_NAME, type Reservation } from '@ateliermarkt/contract';
import bwipjs from 'bwip-js/node';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { AppContext } from '../../context.ts';
import { reservations, workspaces } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
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

async function orderBarcode(doc: PDFKit.PDFDocument, orderNumber: string) {
  doc.font('Helvetica-Bold').fontSize(12).text(`Bestelnummer ${orderNumber}`);
  doc.moveDown(0.3);
  doc.image(await barcode(orderNumber), { width: A6[0] - 60, height: 50 });
}

/** `verzendlabel-{orderNumber}.pdf`: A6 with sender, recipient, order number as text and barcode. */
export async function shippingLabel(ctx: AppContext, actor: Actor, reservationId: string) {
  const r = await getReservation(ctx, actor, reservationId);
  if (!r.isPaid || !r.willShip) throw new AppError('Conflict', MESSAGES.transitionNotAllowed);
  const doc = new PDFDocument({
    size: A6,
    margin: 30,
    info: { Title: `Verzendlabel ${r.orderNumber}`, Author: PRODUCT_NAME },
  });
  header(doc, 'Verzendlabel');
  block(doc, 'Afzender', await sender(ctx, r));
  block(doc, 'Ontvanger', [r.name, `${r.street} ${r.streetNumber}`, `${r.zipCode} ${r.city}`]);
  block(doc, 'Verzending', [`${r.deliveryMethod.quantity} x ${r.deliveryMethod.name}`]);
  await orderBarcode(doc, r.orderNumber);
  return { fileName: `verzendlabel-${r.orderNumber}.pdf`, pdf: await toBuffer(doc) };
}

/** `ophaalbon-{orderNumber}.pdf`: what the customer picks up at the workshop. */
export async function pickupSlip(ctx: AppContext, actor: Actor, reservationId: string) {
  const r = await getReservation(ctx, actor, reservationId);
  if (!r.isPaid || !r.willBeFetched) throw new AppError('Conflict', MESSAGES.transitionNotAllowed);
  const doc = new PDFDocument({
    size: A6,
    margin: 30,
    info: { Title: `Ophaalbon ${r.orderNumber}`, Author: PRODUCT_NAME },
  });
  header(doc, 'Ophaalbon');
  block(doc, 'Ophalen bij', await sender(ctx, r));
  block(doc, 'Klant', [r.name, r.email]);
  block(
    doc,
    'Producten',
    r.products.filter((p) => p.isAvailable).map((p) => `${p.quantity} x ${p.name} (${formatEuro(p.price)})`),
  );
  await orderBarcode(doc, r.orderNumber);
  return { fileName: `ophaalbon-${r.orderNumber}.pdf`, pdf: await toBuffer(doc) };
}
