import {
  type PayoutRouting,
  refundSplit,
  reservationSplit,
  type SplitReservation,
  TIME_ZONE,
} from '@ateliermarkt/contract';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  paymentRefunds,
  paymentRoutes,
  providerPayments,
  reservations,
  tenants,
  workspaces,
} from '../../db/schema/index.ts';
import { byWorkshopName, workshopName } from '../../db/workshop-name.ts';
import { splitLinesOf } from '../reservations/index.ts';

/**
 * 'Uitbetalen' with Mollie Connect: per workshop, the reservations whose payment came in this month
 * (Amsterdam time), and where their money is now — routed to the workshop, waiting (not shipped yet, or the workshop
 * not connected), kept by the platform (the statement's VAT and fee), refunded to the customer. Each part by its own
 * rule from the rows, so routed + waiting + fee + refunded = paid holds only when routes and refunds agree with the
 * statements to the cent (payout-routing tests; the pure rule is the contract's payment-split.ts).
 */
export async function payoutRouting(ctx: AppContext, month: string): Promise<PayoutRouting> {
  const tz = sql.raw(`'${TIME_ZONE}'`);
  const first = `${month}-01 00:00`;
  const paid = await ctx.db
    .select({
      reservationId: providerPayments.reservationId,
      tenantId: providerPayments.tenantId,
      amountCents: providerPayments.amountCents,
      deliveryPriceCents: reservations.deliveryPriceCents,
      deliveryQuantity: reservations.deliveryQuantity,
    })
    .from(providerPayments)
    .innerJoin(reservations, eq(reservations.id, providerPayments.reservationId))
    .where(
      and(
        eq(providerPayments.status, 'paid'),
        // The payment that paid the reservation; an old, replaced one paid anyway is refunded by hand (0043).
        isNull(providerPayments.replacedAt),
        gte(providerPayments.paidAt, sql`(${first}::timestamp at time zone ${tz})`),
        lt(providerPayments.paidAt, sql`((${first}::timestamp + interval '1 month') at time zone ${tz})`),
      ),
    );
  const ids = paid.map((p) => p.reservationId);
  const lines = await splitLinesOf(ctx.db, ids);
  const routes = ids.length
    ? await ctx.db.select().from(paymentRoutes).where(inArray(paymentRoutes.reservationId, ids))
    : [];
  const refunds = ids.length
    ? await ctx.db.select().from(paymentRefunds).where(inArray(paymentRefunds.reservationId, ids))
    : [];
  const workshops = await ctx.db
    .select({
      tenantId: tenants.id,
      name: workshopName,
      organizationId: workspaces.mollieOrganizationId,
    })
    .from(tenants)
    .leftJoin(workspaces, eq(workspaces.tenantId, tenants.id))
    .where(inArray(tenants.id, [...new Set(paid.map((p) => p.tenantId)), crypto.randomUUID()]))
    .orderBy(byWorkshopName);

  const rows = new Map(
    workshops.map((w) => [
      w.tenantId,
      {
        tenantId: w.tenantId,
        workshopName: w.name,
        connected: w.organizationId !== null,
        paidCents: 0,
        routedCents: 0,
        waitingCents: 0,
        feeCents: 0,
        refundedCents: 0,
      },
    ]),
  );
  for (const p of paid) {
    const row = rows.get(p.tenantId);
    if (!row) continue;
    const split: SplitReservation = {
      lines: lines.get(p.reservationId) ?? [],
      delivery: { priceCents: p.deliveryPriceCents, quantity: p.deliveryQuantity },
    };
    const whole = reservationSplit(split);
    const route = routes.find((r) => r.reservationId === p.reservationId);
    const own = refunds.filter((r) => r.reservationId === p.reservationId);
    const refunded = own.reduce((s, r) => s + r.amountCents, 0);
    const reversed = own.filter((r) => r.reversesRoute).reduce((s, r) => s + r.workshopCents, 0);
    const refundedShare = own.reduce((s, r) => s + r.workshopCents, 0);
    row.paidCents += p.amountCents;
    row.refundedCents += refunded;
    if (route?.status === 'routed') row.routedCents += route.amountCents - reversed;
    else if (route) row.waitingCents += route.amountCents;
    // Paid, not shipped yet: the workshop's share less what was refunded, still to be routed.
    else row.waitingCents += Math.max(0, whole.netCents - refundedShare);
    const kept = own.map((r) => refundSplit(split, r.lines.length ? r.lines : 'all'));
    row.feeCents +=
      whole.taxCents +
      whole.feeCents +
      whole.feeVatCents -
      kept.reduce((s, k) => s + k.amountCents - k.workshopCents, 0);
  }
  return { month, payouts: ctx.config.payouts, workshops: [...rows.values()] };
}
