import { dayInAmsterdam, ERROR_CODES } from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueMonth } from './invoices.service.ts';

export const INVOICES_JOB = 'invoices.month-end';

/** The month before the business date's month in Amsterdam: `2026-03` on any day of April 2026. */
export function lastMonth(now: Date): string {
  const [y, m] = dayInAmsterdam(now).slice(0, 7).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The month-end run: issues what last month still lacks, on the business clock (`ctx.now()`). Safe to run
 * on every instance and every interval (issuing is locked and idempotent); `done` remembers, per instance, a month it
 * finished so the statements are not read again every minute. While the platform's legal data is not set it waits.
 */
export async function issueLastMonth(ctx: AppContext, done: Set<string>): Promise<number> {
  const month = lastMonth(ctx.now());
  if (done.has(month)) return 0;
  try {
    const { issued } = await issueMonth(ctx, null, month);
    done.add(month);
    return issued.length;
  } catch (err) {
    if (err instanceof AppError && err.code === ERROR_CODES.conflict) return 0;
    throw err;
  }
}

export function registerInvoiceJobs(ctx: AppContext) {
  const done = new Set<string>();
  ctx.jobs.every(INVOICES_JOB, ctx.config.schedulerIntervalMs, async () => {
    const issued = await issueLastMonth(ctx, done);
    if (issued > 0) ctx.log.info({ invoices: issued }, 'month-end invoices issued');
  });
}
