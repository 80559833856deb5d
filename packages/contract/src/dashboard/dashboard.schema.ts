import { z } from 'zod';
import { fromCents } from '../money.ts';
import type { StatementTotals } from '../statements/statements.schema.ts';

/**
 * GET dashboard: the 'Te doen' counts, this and last month's key figures, the charts' series and the top
 * products. Each 'Te doen' kind is also a filter of GET reservations/all (`todo=`), so a card links to exactly the
 * rows it counts.
 */
export const TODO_KINDS = [
  'toApprove',
  'paused',
  'expiresSoon',
  'awaitingPaymentLong',
  'toShip',
  'toHandOver',
  'returning',
  'withdrawals',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/** A reservation approved this many days ago and still not paid is 'awaiting payment long'. */
export const AWAITING_PAYMENT_LONG_DAYS = 3;

/**
 * 'Verloopt binnen 24 uur': a new or unpaid reservation whose expire deadline (the super admin's
 * settings, paused during the workshop's holiday) falls within this many hours; then the scheduler rejects it.
 */
export const EXPIRES_SOON_HOURS = 24;

/** The 'Te doen' kinds that change with the clock, not only with the data (no list ETag for them). */
export const TIME_BOUND_TODO_KINDS: readonly TodoKind[] = ['awaitingPaymentLong', 'expiresSoon'];

/** The card's title and a line under its count; the same title heads the filtered reservations list. */
export const TODO_TEXTS: Record<TodoKind, { title: string; description: string }> = {
  toApprove: { title: 'Goed te keuren', description: 'Nieuwe reserveringen die op je goedkeuring wachten' },
  paused: { title: 'Gepauzeerd', description: 'Wachten tot een andere reservering betaald of afgewezen is' },
  expiresSoon: {
    title: `Verloopt binnen ${EXPIRES_SOON_HOURS} uur`,
    description: 'Nieuw of onbetaald: zonder actie wordt de reservering automatisch afgewezen',
  },
  awaitingPaymentLong: {
    title: `Langer dan ${AWAITING_PAYMENT_LONG_DAYS} dagen onbetaald`,
    description: 'Goedgekeurd, maar de klant heeft nog niet betaald',
  },
  toShip: { title: 'Te verzenden', description: 'Betaald en klaar om te versturen' },
  toHandOver: { title: 'Af te geven in het atelier', description: 'Betaald; de klant komt het ophalen' },
  returning: { title: 'Retour te ontvangen', description: 'Retouren die onderweg zijn naar je atelier' },
  withdrawals: {
    title: 'Herroepingen',
    description: 'Door de klant herroepen: een retour onderweg of een betaling om terug te storten',
  },
};

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
