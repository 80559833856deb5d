import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { bytea } from './images.ts';

/**
 * The platform's invoices for its fee and their credit notes (docs/invoices.md). Issued once and never
 * changed or deleted (art. 52 AWR: seven years): the parties, lines, totals and the PDF are stored at issue. No
 * foreign key to the tenant: deleting a workshop keeps its invoices as they were.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `AM-2026-000123`: one unbroken series per year, shared by invoices and credit notes. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind', { enum: ['invoice', 'creditNote'] }).notNull(),
    /** The workshop invoiced (its tenant id, kept after the workshop is deleted). */
    tenantId: uuid('tenant_id').notNull(),
    /** YYYY-MM: the supply period (an invoice) or the month the credit was booked (a credit note). */
    month: text('month').notNull(),
    /** The invoice a credit note corrects. */
    correctsInvoiceId: uuid('corrects_invoice_id'),
    issueDate: date('issue_date').notNull(),
    supplyFrom: date('supply_from').notNull(),
    supplyTo: date('supply_to').notNull(),
    /** Frozen parties: name, address, KVK, BTW-id as they were at issue. */
    supplier: jsonb('supplier').notNull(),
    customer: jsonb('customer').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    /** The bytes given to every download, made once at issue. */
    pdf: bytea('pdf').notNull(),
    ubl: text('ubl'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('invoices_year_sequence_key').on(t.year, t.sequence),
    // One invoice per workshop and month; one credit note per corrected invoice and month.
    unique('invoices_once_key').on(t.tenantId, t.month, t.kind, t.correctsInvoiceId).nullsNotDistinct(),
    index('invoices_month_idx').on(t.month),
    index('invoices_tenant_idx').on(t.tenantId, t.issueDate),
  ],
);

/** The frozen lines of an invoice or credit note: one per reservation line's fee (negative on a credit note). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    reservationId: uuid('reservation_id'),
    orderNumber: text('order_number'),
    /** The statement line's own words and fee % as issued: a closed month's statement shows these (decision 0056). */
    itemDescription: text('item_description'),
    feePercent: numeric('fee_percent', { precision: 5, scale: 2, mode: 'number' }),
    quantity: integer('quantity').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatPercent: numeric('vat_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
  },
  (t) => [unique('invoice_lines_position_key').on(t.invoiceId, t.position)],
);

/**
 * The counter of each year's series: the issuing transaction locks its row (`SELECT … FOR UPDATE`), so two instances
 * issuing at once take numbers one after the other and a rolled-back issue gives its number back.
 */
export const invoiceSeries = pgTable('invoice_series', {
  year: integer('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
