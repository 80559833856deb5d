/**
 * The platform's fee invoices (docs/invoices.md, docs/decisions/0055). For a month that is over, one
 * invoice per workshop with fee lines that month, and one credit note per earlier invoice whose reservations were
 * credited (returned or refunded) that month. Numbers come from one counter row per year, locked in the issuing
 * transaction: two instances issuing at once take turns, a rolled-back issue gives its numbers back, so the series
 * has no gap and no duplicate. Everything printed is stored at issue (parties, lines, totals, PDF bytes).
 */
import {
  dayInAmsterdam,
  ERROR_CODES,
  INVOICE_FILE_FORMATS,
  INVOICE_MESSAGES,
  type InvoiceFileFormat,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceList,
  type InvoiceParty,
  type InvoiceSummary,
  type IssueInvoicesResult,
  invoiceFileName,
  invoicesZipName,
  type StatementLine,
} from '@ateliermarkt/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Zippable, zipSync } from 'fflate';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceLines, invoiceSeries, invoices, workspaces } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { type InvoiceDocumentInput, invoiceText } from '../../templates/documents/invoice.ts';
import { readSettings } from '../settings/index.ts';
import { monthStatements } from '../statements/index.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { invoiceUbl } from './invoice-ubl.ts';

type InvoiceRow = typeof invoices.$inferSelect;

/** `AM-2026-000123`. */
export const invoiceNumber = (year: number, sequence: number) => `AM-${year}-${String(sequence).padStart(6, '0')}`;

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The platform as supplier, from 'Instellingen'; 409 until all four are set. */
async function supplierOf(db: DbOrTx): Promise<InvoiceParty> {
  const { values } = await readSettings(db);
  const { platformLegalName, platformAddress, platformKvkNumber, platformVatId } = values;
  if (!platformLegalName || !platformAddress || !platformKvkNumber || !platformVatId)
    throw new AppError(ERROR_CODES.conflict, INVOICE_MESSAGES.platformNotSet);
  return {
    name: platformLegalName,
    address: platformAddress
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    kvkNumber: platformKvkNumber,
    vatId: platformVatId,
  };
}

/** The workshop as customer, as it is now (frozen into the invoice). */
async function customerOf(db: DbOrTx, workshopId: string, fallbackName: string): Promise<InvoiceParty> {
  const [w] = await db.select().from(workspaces).where(eq(workspaces.tenantId, workshopId));
  const street = [w?.street, w?.streetNumber].filter(Boolean).join(' ');
  const city = [w?.zipCode, w?.city].filter(Boolean).join(' ');
  return {
    name: w?.legalName || w?.name || fallbackName,
    address: [street, city].filter(Boolean),
    kvkNumber: w?.kvkNumber ?? null,
    kvkBranchNumber: w?.kvkBranchNumber ?? null,
    vatId: w?.vatId ?? null,
  };
}

type DraftLine = InvoiceLine & { reservationId: string; itemDescription: string; feePercent: number };

/** A statement line's fee as an invoice line (a credit's fee is negative). */
const feeLine = (l: StatementLine): DraftLine => ({
  reservationId: l.reservationId,
  itemDescription: l.description,
  feePercent: l.feePercent,
  description: `Platformvergoeding ${l.feePercent.toLocaleString('nl-NL')}% over bestelling ${l.orderNumber}: ${l.description}`,
  orderNumber: l.orderNumber,
  quantity: l.quantity,
  netCents: l.feeCents,
  vatPercent: l.feeVatPercent,
  vatCents: l.feeVatCents,
});

/** Takes the next number of `year`'s series, holding its row locked until the transaction ends. */
async function nextSequence(tx: DbOrTx, year: number): Promise<number> {
  await tx.insert(invoiceSeries).values({ year }).onConflictDoNothing();
  const [row] = await tx
    .update(invoiceSeries)
    .set({ lastSequence: sql`${invoiceSeries.lastSequence} + 1`, updatedAt: sql`now()` })
    .where(eq(invoiceSeries.year, year))
    .returning({ sequence: invoiceSeries.lastSequence });
  if (!row) throw new Error('invoice series row missing');
  return row.sequence;
}

type Draft = {
  kind: InvoiceKind;
  tenantId: string;
  workshopName: string;
  corrects: InvoiceRow | null;
  lines: DraftLine[];
};

async function issueOne(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor | null,
  month: string,
  d: Draft,
  supplier: InvoiceParty,
) {
  const now = ctx.now();
  const issueDate = dayInAmsterdam(now);
  const year = Number(issueDate.slice(0, 4));
  const sequence = await nextSequence(tx, year);
  const number = invoiceNumber(year, sequence);
  const customer = await customerOf(tx, d.tenantId, d.workshopName);
  const supplyFrom = d.corrects ? d.corrects.supplyFrom : `${month}-01`;
  const supplyTo = d.corrects ? d.corrects.supplyTo : lastDay(month);
  const netCents = d.lines.reduce((n, l) => n + l.netCents, 0);
  const vatCents = d.lines.reduce((n, l) => n + l.vatCents, 0);
  const document: InvoiceDocumentInput = {
    kind: d.kind,
    number,
    issueDate,
    supplyFrom,
    supplyTo,
    correctsNumber: d.corrects?.number ?? null,
    supplier,
    customer,
    lines: d.lines,
  };
  const pdf = await invoicePdf(invoiceText(document), now);
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      year,
      sequence,
      kind: d.kind,
      tenantId: d.tenantId,
      month,
      correctsInvoiceId: d.corrects?.id ?? null,
      issueDate,
      supplyFrom,
      supplyTo,
      supplier,
      customer,
      netCents,
      vatCents,
      grossCents: netCents + vatCents,
      pdf,
      ubl: invoiceUbl(document),
      issuedAt: now,
      issuedBy: actor?.userId ?? null,
    })
    .returning();
  if (!row) throw new Error('invoice insert returned nothing');
  await tx.insert(invoiceLines).values(
    d.lines.map((l, i) => ({
      invoiceId: row.id,
      position: i + 1,
      description: l.description,
      reservationId: l.reservationId,
      orderNumber: l.orderNumber,
      itemDescription: l.itemDescription,
      feePercent: l.feePercent,
      quantity: l.quantity,
      netCents: l.netCents,
      vatPercent: l.vatPercent,
      vatCents: l.vatCents,
    })),
  );
  await audit(tx, {
    actorUserId: actor?.userId ?? null,
    tenantId: d.tenantId,
    action: 'invoice.issue',
    entityType: 'invoice',
    entityId: row.id,
    data: { number, kind: d.kind, month, grossCents: netCents + vatCents },
  });
  return row;
}

/**
 * Issues what `month` still lacks; safe to repeat (what was issued stays as it was). `actor` null: the month-end job.
 * 409 before the month is over (Amsterdam, on the business clock) or while the platform's legal data is not set.
 */
export async function issueMonth(ctx: AppContext, actor: Actor | null, month: string): Promise<IssueInvoicesResult> {
  if (month >= dayInAmsterdam(ctx.now()).slice(0, 7))
    throw new AppError(ERROR_CODES.conflict, INVOICE_MESSAGES.monthNotOver);
  const issued = await ctx.db.transaction(async (tx) => {
    const supplier = await supplierOf(tx);
    // One issuer at a time, across instances: the lock waits for another issuing transaction to commit; read
    // committed, so what it issued is seen below and not issued twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ateliermarkt.invoices'))`);
    const existing = await tx.select().from(invoices).where(eq(invoices.month, month));
    // Live, not the frozen lines of what this month already issued: a repeat issues only what is new.
    const { statements } = await monthStatements(tx, { month, live: true });
    const rows: InvoiceRow[] = [];
    // Invoices first: a credit note of this month may correct one of them (a sale returned within its month).
    for (const s of statements) {
      const sales = s.lines.filter((l) => l.kind === 'sale' && l.feeCents !== 0).map(feeLine);
      const hasInvoice = existing.some((e) => e.kind === 'invoice' && e.tenantId === s.tenantId);
      if (sales.length && !hasInvoice)
        rows.push(
          await issueOne(
            ctx,
            tx,
            actor,
            month,
            { kind: 'invoice', tenantId: s.tenantId, workshopName: s.workshopName, corrects: null, lines: sales },
            supplier,
          ),
        );
    }
    for (const s of statements) {
      const credits = s.lines.filter((l) => l.kind !== 'sale' && l.feeCents !== 0).map(feeLine);
      if (!credits.length) continue;
      // Each credit goes to the invoice that billed its reservation's fee (an earlier month's, or this one's).
      const billed = await tx
        .select({ reservationId: invoiceLines.reservationId, invoice: invoices })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(
          and(
            eq(invoices.kind, 'invoice'),
            eq(invoices.tenantId, s.tenantId),
            isNotNull(invoiceLines.reservationId),
            inArray(invoiceLines.reservationId, [...new Set(credits.map((c) => c.reservationId))]),
          ),
        );
      const byInvoice = new Map<string, Draft>();
      for (const c of credits) {
        const target = billed.find((b) => b.reservationId === c.reservationId)?.invoice;
        // A sale invoiced by no invoice (before invoicing began) has nothing to correct.
        if (!target) continue;
        if (existing.some((e) => e.kind === 'creditNote' && e.correctsInvoiceId === target.id)) continue;
        const draft = byInvoice.get(target.id) ?? {
          kind: 'creditNote' as const,
          tenantId: s.tenantId,
          workshopName: s.workshopName,
          corrects: target,
          lines: [],
        };
        draft.lines.push(c);
        byInvoice.set(target.id, draft);
      }
      for (const d of byInvoice.values()) rows.push(await issueOne(ctx, tx, actor, month, d, supplier));
    }
    return rows;
  });
  const numbers = await numbersOf(ctx.db, issued);
  return { month, issued: issued.map((r) => summary(r, numbers, new Set())) };
}

async function numbersOf(db: DbOrTx, rows: InvoiceRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.correctsInvoiceId).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.id, ids));
  return new Map(found.map((f) => [f.id, f.number]));
}

function summary(r: InvoiceRow, numbers: Map<string, string>, credited: Set<string>): InvoiceSummary {
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    tenantId: r.tenantId,
    workshopName: (r.customer as InvoiceParty).name,
    month: r.month,
    issueDate: r.issueDate,
    correctsNumber: r.correctsInvoiceId ? (numbers.get(r.correctsInvoiceId) ?? null) : null,
    netCents: r.netCents,
    vatCents: r.vatCents,
    grossCents: r.grossCents,
    status: credited.has(r.id) ? 'credited' : 'issued',
  };
}

/** Whose invoices a caller sees: every workshop's for the super admin, the own for a workshop admin. */
function scope(actor: Actor) {
  if (actor.kind === 'superAdmin') return undefined;
  return actor.tenantId ? eq(invoices.tenantId, actor.tenantId) : sql`false`;
}

export async function listMonth(ctx: AppContext, actor: Actor, month: string): Promise<InvoiceList> {
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.month, month), scope(actor)))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
  const credits = await ctx.db
    .select({ corrects: invoices.correctsInvoiceId })
    .from(invoices)
    .where(and(eq(invoices.kind, 'creditNote'), scope(actor)));
  const credited = new Set(credits.map((c) => c.corrects).filter((id): id is string => Boolean(id)));
  const numbers = await numbersOf(ctx.db, rows);
  return { month, invoices: rows.map((r) => summary(r, numbers, credited)) };
}

/**
 * The e-invoice of an issued row. Written at issue since UBL came (decision 0056); a row issued before has none yet,
 * so it is written once from the frozen rows (parties, lines in their order, the corrected invoice's number) and
 * stored, and every later download sends those same bytes.
 */
async function storedUbl(db: DbOrTx, row: InvoiceRow): Promise<string> {
  if (row.ubl) return row.ubl;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.position));
  const numbers = await numbersOf(db, [row]);
  const ubl = invoiceUbl({
    kind: row.kind,
    number: row.number,
    issueDate: row.issueDate,
    supplyFrom: row.supplyFrom,
    supplyTo: row.supplyTo,
    correctsNumber: row.correctsInvoiceId ? (numbers.get(row.correctsInvoiceId) ?? null) : null,
    supplier: row.supplier as InvoiceParty,
    customer: row.customer as InvoiceParty,
    lines: lines.map((l) => ({
      description: l.description,
      orderNumber: l.orderNumber,
      quantity: l.quantity,
      netCents: l.netCents,
      vatPercent: l.vatPercent,
      vatCents: l.vatCents,
    })),
  });
  // Two first downloads at once: the first write wins and both send it.
  await db
    .update(invoices)
    .set({ ubl })
    .where(and(eq(invoices.id, row.id), isNull(invoices.ubl)));
  const [stored] = await db.select({ ubl: invoices.ubl }).from(invoices).where(eq(invoices.id, row.id));
  return stored?.ubl ?? ubl;
}

export type InvoiceFile = { fileName: string; contentType: string; bytes: Buffer };

const fileOf = async (db: DbOrTx, row: InvoiceRow, format: InvoiceFileFormat): Promise<InvoiceFile> =>
  format === 'ubl'
    ? {
        fileName: invoiceFileName(row.number, 'ubl'),
        contentType: 'application/xml; charset=utf-8',
        bytes: Buffer.from(await storedUbl(db, row), 'utf8'),
      }
    : { fileName: invoiceFileName(row.number, 'pdf'), contentType: 'application/pdf', bytes: row.pdf };

/** The stored PDF or e-invoice of an invoice the caller may see (404 otherwise): the bytes made at issue. */
export async function invoiceFile(
  ctx: AppContext,
  actor: Actor,
  id: string,
  format: InvoiceFileFormat,
): Promise<InvoiceFile> {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), scope(actor)));
  if (!row) throw notFound();
  return fileOf(ctx.db, row, format);
}

/**
 * The bookkeeper's zip of a month: the PDF and the e-invoice of every invoice and credit note of the
 * month the caller may see, named by number. Stored timestamps: the same month gives the same bytes.
 */
export async function invoicesZip(
  ctx: AppContext,
  actor: Actor,
  month: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.month, month), scope(actor)))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
  const files: Zippable = {};
  for (const row of rows) {
    const mtime = row.issuedAt;
    for (const format of INVOICE_FILE_FORMATS) {
      const file = await fileOf(ctx.db, row, format);
      files[file.fileName] = [new Uint8Array(file.bytes), { mtime }];
    }
  }
  return { fileName: invoicesZipName(month), bytes: Buffer.from(zipSync(files, { level: 6 })) };
}
