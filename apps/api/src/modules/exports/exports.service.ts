import { type AdminEntry, TIME_ZONE } from '@ateliermarkt/contract';
import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { newsletterSubscriptions } from '../../db/schema/index.ts';
import { ADMINS_SHEET, NEWSLETTER_SHEET } from '../../templates/spreadsheets/exports.ts';
import { listAdmins } from '../users/index.ts';
import { type Column, workbook } from './spreadsheet.ts';

const ADMIN_COLUMNS: Column<AdminEntry>[] = [
  { header: ADMINS_SHEET.headers.workspace, value: (a) => a.workspaceName ?? ADMINS_SHEET.noWorkshop, width: 30 },
  { header: ADMINS_SHEET.headers.fullName, value: (a) => a.fullName, width: 28 },
  { header: ADMINS_SHEET.headers.email, value: (a) => a.email, width: 36 },
];

export async function adminsWorkbook(ctx: AppContext): Promise<Buffer> {
  return workbook(ADMINS_SHEET.name, ADMIN_COLUMNS, await listAdmins(ctx.db));
}

type Subscription = typeof newsletterSubscriptions.$inferSelect;

/** Spreadsheets have no time zones: the sign-up moment is written as Amsterdam wall-clock time. */
function amsterdam(date: Date): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')));
}

const SUBSCRIPTION_COLUMNS: Column<Subscription>[] = [
  { header: NEWSLETTER_SHEET.headers.email, value: (s) => s.email, width: 36 },
  { header: NEWSLETTER_SHEET.headers.name, value: (s) => s.name ?? '', width: 28 },
  { header: NEWSLETTER_SHEET.headers.createdAt, value: (s) => amsterdam(s.createdAt), width: 20 },
];

export async function newsletterWorkbook(ctx: AppContext): Promise<Buffer> {
  const rows = await ctx.db.select().from(newsletterSubscriptions).orderBy(asc(newsletterSubscriptions.createdAt));
  return workbook(NEWSLETTER_SHEET.name, SUBSCRIPTION_COLUMNS, rows);
}
