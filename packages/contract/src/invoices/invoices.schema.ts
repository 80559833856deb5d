import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { statementMonthSchema } from '../statements/statements.schema.ts';

/**
 * The platform's invoices for its fee (docs/invoices.md): one per workshop and month, numbered from one
 * unbroken series per year (`AM-2026-000123`), and credit notes for returns credited in a later month, each referring
 * to the invoice it corrects. Issued once; amounts in integer cents.
 */
export const INVOICE_KINDS = ['invoice', 'creditNote'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_NAMES: Record<InvoiceKind, string> = { invoice: 'Factuur', creditNote: 'Creditnota' };

/** A party as frozen on the invoice at issue. */
export const invoicePartySchema = z.object({
  name: z.string(),
  address: z.array(z.string()),
  kvkNumber: z.string().nullable(),
  /** The KVK branch (vestigingsnummer); absent on parties frozen before it was kept. */
  kvkBranchNumber: z.string().nullable().optional(),
  vatId: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  orderNumber: z.string().nullable(),
  quantity: z.number().int(),
  netCents: z.number().int(),
  vatPercent: z.number(),
  vatCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  tenantId: z.string(),
  /** The customer's name as frozen at issue. */
  workshopName: z.string(),
  month: z.string(),
  issueDate: z.string(),
  /** The number of the invoice a credit note corrects. */
  correctsNumber: z.string().nullable(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  /** `credited`: an invoice with a credit note referring to it. */
  status: z.enum(['issued', 'credited']),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListSchema = z.object({ month: z.string(), invoices: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const issueInvoicesResultSchema = z.object({
  month: z.string(),
  /** What this request issued (empty when everything was issued before: safe to repeat). */
  issued: z.array(invoiceSummarySchema),
});
export type IssueInvoicesResult = z.infer<typeof issueInvoicesResultSchema>;

export const INVOICE_FILE_FORMATS = ['pdf', 'ubl'] as const;
export type InvoiceFileFormat = (typeof INVOICE_FILE_FORMATS)[number];

export const invoicesQuerySchema = z.object({ month: statementMonthSchema });
export const invoiceFileQuerySchema = z.object({
  id: z.uuid({ error: MESSAGES.notFound }),
  /** `pdf`: the PDF made at issue; `ubl`: the e-invoice (UBL 2.1, SI-UBL 2.0) made at issue. */
  format: z.enum(INVOICE_FILE_FORMATS, { error: MESSAGES.fieldInvalid }),
});

/** The texts of the invoices' answers; here, so only the invoices' screens load them. */
export const INVOICE_MESSAGES = {
  monthNotOver: 'Facturen worden pas uitgereikt als de maand voorbij is.',
  platformNotSet:
    'Vul eerst de statutaire naam, het adres, het KVK-nummer en het btw-identificatienummer van het platform in bij Instellingen.',
} as const;

/** `AM-2026-000123.pdf`; the e-invoice `e-factuur-AM-2026-000123.xml`. */
export const invoiceFileName = (number: string, format: InvoiceFileFormat = 'pdf') =>
  format === 'ubl' ? `e-factuur-${number}.xml` : `${number}.pdf`;
/** The bookkeeper's zip of a month: `facturen-2026-03.zip`. */
export const invoicesZipName = (month: string) => `facturen-${month}.zip`;
