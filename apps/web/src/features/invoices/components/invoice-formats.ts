import { invoiceFileName } from '@ateliermarkt/contract';

/**
 * The documents of one invoice, each a download button in its row: one entry per format the server offers
 * (`GET /api/files/invoice?id=&format=`). A new format (UBL) is one more line here.
 */
export type InvoiceFormat = { format: 'pdf'; label: string; fileName: (number: string) => string };

export const INVOICE_FORMATS: readonly InvoiceFormat[] = [{ format: 'pdf', label: 'PDF', fileName: invoiceFileName }];
