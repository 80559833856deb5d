import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/**
 * Monthly statements per workshop (docs/decisions/0039). Amounts are integer cents end to end: the
 * statement is a bookkeeping document whose totals must equal the sum of its lines to the cent, and the payout file
 * is built from the same numbers.
 */

/** `YYYY-MM`: a calendar month in the Netherlands' time zone. */
export const statementMonthSchema = z
  .string({ error: MESSAGES.statementMonthInvalid })
  .regex(/^[1-9]\d{3}-(0[1-9]|1[0-2])$/, {
    error: MESSAGES.statementMonthInvalid,
  });

const cents = z.number().int();

export const statementTotalsSchema = z.object({
  grossCents: cents,
  taxCents: cents,
  /** The platform's fee without BTW, and its BTW: the fee incl. BTW is their sum. */
  feeCents: cents,
  feeVatCents: cents,
  netCents: cents,
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

/** A sale (paid in the month) or the credit of a return (received in the month: the sale's lines, negative). */
/** `refund`: money given back by the back-office, credited in the month of the refund. */
export const STATEMENT_LINE_KINDS = ['sale', 'return', 'refund'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];
/** How a line's kind reads, on the screens, in the PDF and in the spreadsheet. */
export const STATEMENT_LINE_KIND_NAMES: Record<StatementLineKind, string> = {
  sale: 'Verkoop',
  return: 'Retour',
  refund: 'Terugbetaling',
};

export const statementLineSchema = statementTotalsSchema.extend({
  reservationId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** When it was paid (a sale) or its return received (a return), ISO 8601. */
  at: z.string(),
  /** The product's name, or the delivery costs (`MESSAGES.statementDelivery`). */
  description: z.string(),
  /** Null on the delivery costs' line. */
  productNumber: z.string().nullable(),
  quantity: z.number().int(),
  /** The rates fixed when the reservation was placed. */
  taxPercent: z.number(),
  feePercent: z.number(),
  /** The BTW % on the fee; 0 on lines placed before the fee carried BTW. */
  feeVatPercent: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const workshopStatementSchema = z.object({
  tenantId: z.string(),
  workshopName: z.string(),
  creditorNumber: z.string().nullable(),
  lines: z.array(statementLineSchema),
  totals: statementTotalsSchema,
});
export type WorkshopStatement = z.infer<typeof workshopStatementSchema>;

export const monthStatementsSchema = z.object({
  month: z.string(),
  statements: z.array(workshopStatementSchema),
  totals: statementTotalsSchema,
});
export type MonthStatements = z.infer<typeof monthStatementsSchema>;

export const statementsQuerySchema = z.object({
  month: statementMonthSchema,
  /** The super admin may ask for one workshop; a workshop admin always gets their own. */
  tenantId: z.uuid({ error: MESSAGES.notFound }).optional(),
  /**
   * `none`: each workshop's totals without its lines (the super admin's overview: 52 rows of totals were
   * 1.7 MB with every line); the lines of one workshop are its PDF, or this call with its tenantId. Default `all`.
   */
  lines: z.enum(['all', 'none']).optional(),
});

export const statementFileQuerySchema = z.object({
  month: statementMonthSchema,
  tenantId: z.uuid({ error: MESSAGES.notFound }),
});

export const statementsWorkbookQuerySchema = z.object({ month: statementMonthSchema });

export const NO_TOTALS: StatementTotals = { grossCents: 0, taxCents: 0, feeCents: 0, feeVatCents: 0, netCents: 0 };

export function addTotals(a: StatementTotals, b: StatementTotals): StatementTotals {
  return {
    grossCents: a.grossCents + b.grossCents,
    taxCents: a.taxCents + b.taxCents,
    feeCents: a.feeCents + b.feeCents,
    feeVatCents: a.feeVatCents + b.feeVatCents,
    netCents: a.netCents + b.netCents,
  };
}

/** The file names of the downloads. */
export function statementFileName(workshopName: string, month: string): string {
  const slug = workshopName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `afrekening-${slug || 'atelier'}-${month}.pdf`;
}
export const statementsWorkbookName = (month: string) => `afrekeningen-${month}.xls`;

/**
 * How a month's money is named wherever it is shown (statements, the dashboard): one 'netto' (docs/decisions/0057),
 * labelled so a workshop owner sees what is in it.
 */
export const MONEY_FIGURE_LABELS = {
  gross: 'Bruto (producten + verzending, min retouren)',
  tax: 'Btw',
  feeExcl: 'Commissie excl. btw',
  feeVat: 'Btw over commissie',
  feeIncl: 'Commissie incl. btw',
  net: 'Netto (producten + verzending, na commissie en btw)',
} as const;
