import {
  type AdminEntry,
  amsterdamWallClock,
  fromCents,
  type StatementLine,
  type StatementTotals,
} from '@ateliermarkt/contract';
import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { newsletterSubscriptions } from '../../db/schema/index.ts';
import { ADMINS_SHEET, NEWSLETTER_SHEET } from '../../templates/spreadsheets/exports.ts';
import { STATEMENT_LINES_SHEET, STATEMENTS_SHEET } from '../../templates/spreadsheets/statements.ts';
import { monthStatements } from '../statements/index.ts';
import { listAdmins } from '../users/index.ts';
import { type Column, sheet, workbook, workbookOf } from './spreadsheet.ts';

const ADMIN_COLUMNS: Column<AdminEntry>[] = [
  { header: ADMINS_SHEET.headers.workspace, value: (a) => a.workspaceName ?? ADMINS_SHEET.noWorkshop, width: 30 },
  { header: ADMINS_SHEET.headers.fullName, value: (a) => a.fullName, width: 28 },
  { header: ADMINS_SHEET.headers.email, value: (a) => a.email, width: 36 },
];

export async function adminsWorkbook(ctx: AppContext): Promise<Buffer> {
  return workbook(ADMINS_SHEET.name, ADMIN_COLUMNS, await listAdmins(ctx.db));
}

type Subscription = typeof newsletterSubscriptions.$inferSelect;

const SUBSCRIPTION_COLUMNS: Column<Subscription>[] = [
  { header: NEWSLETTER_SHEET.headers.email, value: (s) => s.email, width: 36 },
  { header: NEWSLETTER_SHEET.headers.name, value: (s) => s.name ?? '', width: 28 },
  { header: NEWSLETTER_SHEET.headers.createdAt, value: (s) => amsterdamWallClock(s.createdAt), width: 20 },
];

export async function newsletterWorkbook(ctx: AppContext): Promise<Buffer> {
  const rows = await ctx.db.select().from(newsletterSubscriptions).orderBy(asc(newsletterSubscriptions.createdAt));
  return workbook(NEWSLETTER_SHEET.name, SUBSCRIPTION_COLUMNS, rows);
}

type WorkshopRow = { name: string; creditorNumber: string | null; lines: number; totals: StatementTotals };
type LineRow = StatementLine & { workshopName: string; creditorNumber: string | null };

const euros = (cents: number) => fromCents(cents);
const H = STATEMENTS_SHEET.headers;
const WORKSHOP_COLUMNS: Column<WorkshopRow>[] = [
  { header: H.workshop, value: (w) => w.name, width: 30 },
  { header: H.creditorNumber, value: (w) => w.creditorNumber, width: 16 },
  { header: H.lines, value: (w) => w.lines, width: 8 },
  { header: H.gross, value: (w) => euros(w.totals.grossCents), width: 12 },
  { header: H.tax, value: (w) => euros(w.totals.taxCents), width: 12 },
  { header: H.fee, value: (w) => euros(w.totals.feeCents), width: 12 },
  { header: H.feeVat, value: (w) => euros(w.totals.feeVatCents), width: 12 },
  { header: H.feeIncl, value: (w) => euros(w.totals.feeCents + w.totals.feeVatCents), width: 12 },
  { header: H.net, value: (w) => euros(w.totals.netCents), width: 12 },
];
const L = STATEMENT_LINES_SHEET.headers;
const LINE_COLUMNS: Column<LineRow>[] = [
  { header: L.workshop, value: (l) => l.workshopName, width: 30 },
  { header: L.creditorNumber, value: (l) => l.creditorNumber, width: 16 },
  { header: L.date, value: (l) => amsterdamWallClock(l.at), width: 18 },
  { header: L.orderNumber, value: (l) => l.orderNumber, width: 14 },
  { header: L.kind, value: (l) => STATEMENT_LINES_SHEET.kinds[l.kind], width: 10 },
  { header: L.description, value: (l) => l.description, width: 30 },
  { header: L.productNumber, value: (l) => l.productNumber, width: 14 },
  { header: L.quantity, value: (l) => l.quantity, width: 8 },
  { header: L.taxPercent, value: (l) => l.taxPercent, width: 8 },
  { header: L.feePercent, value: (l) => l.feePercent, width: 12 },
  { header: L.feeVatPercent, value: (l) => l.feeVatPercent, width: 12 },
  { header: L.gross, value: (l) => euros(l.grossCents), width: 12 },
  { header: L.tax, value: (l) => euros(l.taxCents), width: 12 },
  { header: L.fee, value: (l) => euros(l.feeCents), width: 12 },
  { header: L.feeVat, value: (l) => euros(l.feeVatCents), width: 12 },
  { header: L.feeIncl, value: (l) => euros(l.feeCents + l.feeVatCents), width: 12 },
  { header: L.net, value: (l) => euros(l.netCents), width: 12 },
];

/** Every workshop's statement of `month`: a row per workshop and a totals row, and every line. */
export async function statementsWorkbook(ctx: AppContext, month: string): Promise<Buffer> {
  const m = await monthStatements(ctx.db, { month });
  const workshops: WorkshopRow[] = m.statements.map((s) => ({
    name: s.workshopName,
    creditorNumber: s.creditorNumber,
    lines: s.lines.length,
    totals: s.totals,
  }));
  workshops.push({
    name: STATEMENTS_SHEET.total,
    creditorNumber: null,
    lines: m.statements.reduce((n, s) => n + s.lines.length, 0),
    totals: m.totals,
  });
  const lines: LineRow[] = m.statements.flatMap((s) =>
    s.lines.map((l) => ({ ...l, workshopName: s.workshopName, creditorNumber: s.creditorNumber })),
  );
  return workbookOf([
    sheet(STATEMENTS_SHEET.name, WORKSHOP_COLUMNS, workshops),
    sheet(STATEMENT_LINES_SHEET.name, LINE_COLUMNS, lines),
  ]);
}
