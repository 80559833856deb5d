import { z } from 'zod';
import { fromCents } from '../money.ts';
import type { StatementTotals } from '../statements/statements.schema.ts';
import { TODO_KINDS, type TodoKind } from './todo-kinds.ts';

/**
 * GET dashboard: the 'Te doen' counts (their kinds and texts in todo-kinds.ts), this and last month's key figures, the
 * charts' series and the top products.
 */
export const todoCountsSchema = z.object(
  Object.fromEntries(TODO_KINDS.map((kind) => [kind, z.number().int()])) as Record<TodoKind, z.ZodNumber>,
);
export type TodoCounts = z.infer<typeof todoCountsSchema>;

/**
 * A month's money in euros on the wire: the totals of that month's statement (docs/decisions/0057),
 * so the dashboard's 'netto' is the statement's and the payout's.
 */
export const moneyFiguresSchema = z.object({
  /** Bruto: products and delivery paid in the month, less what was credited in it (returns, refunds). */
  revenue: z.number(),
  /** The BTW in that bruto (the workshop's to pay to the Belastingdienst). */
  vat: z.number(),
  /** The platform's fee incl. its BTW. */
  platformFee: z.number(),
  /** What the workshop is paid: bruto less BTW and fee incl. BTW. */
  net: z.number(),
});
export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;

export const monthFiguresSchema = moneyFiguresSchema.extend({
  /** `YYYY-MM`, in the Netherlands' time zone. */
  month: z.string(),
  /** Reservations placed in the month (every status). */
  reservations: z.number().int(),
});
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

export const topProductSchema = z.object({
  id: z.string(),
  productNumber: z.string(),
  name: z.string(),
  workspaceName: z.string(),
  /** Views, or units reserved. */
  count: z.number().int(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const workshopFiguresSchema = z.object({
  tenantId: z.string(),
  workspaceId: z.string().nullable(),
  name: z.string(),
  todo: todoCountsSchema,
  thisMonth: monthFiguresSchema,
  lastMonth: monthFiguresSchema,
});
export type WorkshopFigures = z.infer<typeof workshopFiguresSchema>;

export const dashboardSchema = z.object({
  todo: todoCountsSchema,
  thisMonth: monthFiguresSchema,
  lastMonth: monthFiguresSchema,
  /** The last 12 weeks, oldest first; `weekStart` is the Monday, `YYYY-MM-DD`. */
  reservationsPerWeek: z.array(z.object({ weekStart: z.string(), reservations: z.number().int() })),
  /** The last 12 months including this one, oldest first. */
  revenuePerMonth: z.array(z.object({ month: z.string(), revenue: z.number() })),
  mostViewed: z.array(topProductSchema),
  mostReserved: z.array(topProductSchema),
  /** The super admin's breakdown per workshop; null for a workshop admin. */
  workshops: z.array(workshopFiguresSchema).nullable(),
  /** A workshop admin's next payout; null for the super admin. */
  nextPayout: z
    .object({
      /** The statement month it pays (`YYYY-MM`). */
      month: z.string(),
      /** That month's statement net so far, in cents: products after VAT and fee, plus the delivery costs. */
      netCents: z.number().int(),
      /** The first day it can be paid (`YYYY-MM-DD`): the day after the month ends. */
      payableFrom: z.string(),
      /** When the platform last made a payout (ISO 8601); null before the first one. */
      lastPayoutAt: z.string().nullable(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * The one 'netto' of the app (docs/decisions/0057): a month's figures are its statement's totals (the price
 * calculation per line at the line's own rates, delivery included, returns and refunds credited), never a second calculation.
 */
export function moneyFiguresOf(totals: StatementTotals): MoneyFigures {
  return {
    revenue: fromCents(totals.grossCents),
    vat: fromCents(totals.taxCents),
    platformFee: fromCents(totals.feeCents + totals.feeVatCents),
    net: fromCents(totals.netCents),
  };
}
