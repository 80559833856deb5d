import { formatEuro, type Reservation } from '@ateliermarkt/contract';

/**
 * The words of the A6 PDFs a workshop prints for a paid reservation ('Download verzendlabel',
 * 'Download ophaalbon'). modules/reservations/documents/reservation-documents.ts lays them out with the barcode.
 */
export type DocumentBlock = { label: string; lines: string[] };
export type ReservationDocumentText = {
  fileName: string;
  /** The PDF's Title property. */
  title: string;
  heading: string;
  blocks: DocumentBlock[];
  /** The line above the barcode of the order number. */
  barcodeCaption: string;
  /** The line under the QR code of the pick-up slip (scan to hand over). */
  qrCaption?: string;
  /** The last line of a block too long for its one page: how many lines were left out. */
  moreLines: (count: number) => string;
};

/** The PDF's Title of `labels.pdf`, the labels and slips of several reservations at once. */
export const LABELS_DOCUMENT_TITLE = 'Verzendlabels en ophaalbonnen';

/** `verzendlabel-{orderNumber}.pdf`: who sends, who receives, how many packages. */
export function shippingLabelText(r: Reservation, sender: string[]): ReservationDocumentText {
  return {
    fileName: `verzendlabel-${r.orderNumber}.pdf`,
    title: `Verzendlabel ${r.orderNumber}`,
    heading: 'Verzendlabel',
    blocks: [
      { label: 'Afzender', lines: sender },
      { label: 'Ontvanger', lines: [r.name, `${r.street} ${r.streetNumber}`, `${r.zipCode} ${r.city}`] },
      { label: 'Verzending', lines: [`${r.deliveryMethod.quantity} x ${r.deliveryMethod.name}`] },
    ],
    barcodeCaption: `Bestelnummer ${r.orderNumber}`,
    moreLines: (count) => `… en nog ${count} ${count === 1 ? 'regel' : 'regels'}`,
  };
}

/** `ophaalbon-{orderNumber}.pdf`: what the customer picks up at the workshop. */
export function pickupSlipText(r: Reservation, workshop: string[]): ReservationDocumentText {
  return {
    fileName: `ophaalbon-${r.orderNumber}.pdf`,
    title: `Ophaalbon ${r.orderNumber}`,
    heading: 'Ophaalbon',
    blocks: [
      { label: 'Ophalen bij', lines: workshop },
      { label: 'Klant', lines: [r.name, r.email] },
      {
        label: 'Producten',
        lines: r.products.filter((p) => p.isAvailable).map((p) => `${p.quantity} x ${p.name} (${formatEuro(p.price)})`),
      },
    ],
    barcodeCaption: `Bestelnummer ${r.orderNumber}`,
    qrCaption: 'Scan bij het meegeven',
    moreLines: (count) => `… en nog ${count} ${count === 1 ? 'product' : 'producten'}`,
  };
}
