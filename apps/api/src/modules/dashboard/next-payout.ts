import type { Dashboard } from '@ateliermarkt/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payoutDownloads } from '../../db/schema/index.ts';

/** The month after `month` (`YYYY-MM`), as its first day `YYYY-MM-DD`. */
function dayAfter(month: string): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * 'Volgende uitbetaling' on a workshop's home: a small read of the statements and payouts as they are
 * (another branch reworks payouts; this only reads). The next payout pays last month's statement until the platform
 * made last month's payout file, and this month's (so far) after that. Its amount is the statement's net, the one
 * 'netto' of the app: products after VAT and fee, plus the delivery costs the customer paid.
 */
export async function payoutState(
  ctx: AppContext,
  months: { thisMonth: string; lastMonth: string },
): Promise<
  /** The next payout, given the workshop's statement net of this month and of last month. */
  (netCents: { thisMonth: number; lastMonth: number }) => NonNullable<Dashboard['nextPayout']>
> {
  const [last] = await ctx.db
    .select({ month: payoutDownloads.month, at: payoutDownloads.downloadedAt })
    .from(payoutDownloads)
    .orderBy(desc(payoutDownloads.downloadedAt))
    .limit(1);
  const lastMonthPaid =
    last?.month === months.lastMonth ||
    (
      await ctx.db
        .select({ id: payoutDownloads.id })
        .from(payoutDownloads)
        .where(eq(payoutDownloads.month, months.lastMonth))
        .limit(1)
    ).length > 0;
  const month = lastMonthPaid ? months.thisMonth : months.lastMonth;
  return (netCents) => ({
    month,
    netCents: lastMonthPaid ? netCents.thisMonth : netCents.lastMonth,
    payableFrom: dayAfter(month),
    lastPayoutAt: last ? last.at.toISOString() : null,
  });
}
