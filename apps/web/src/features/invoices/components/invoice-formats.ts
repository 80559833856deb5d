import { type InvoiceFileFormat, invoiceFileName } from '@ateliermarkt/contract';

/**
 * The documents of one invoice, each a download button in its row: one entry per format the server offers
 * (`GET /api/files/invoice?id=&format=`). The PDF for people, the UBL e-invoice (SI-UBL 2.0) for accounting packages.
 */
export type InvoiceFormat = { format: InvoiceFileFormat; label: string; fileName: (number: string) => string };

export const INVOICE_FORMATS: readonly InvoiceFormat[] = [
  { format: 'pdf', label: 'PDF', fileName: (number) => invoiceFileName(number, 'pdf') },
  { format: 'ubl', label: 'UBL', fileName: (number) => invoiceFileName(number, 'ubl') },
];
