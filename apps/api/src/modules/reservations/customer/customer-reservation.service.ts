import {
  CUSTOMER_TOKEN,
  type CustomerReservation,
  dayInAmsterdam,
  ERROR_CODES,
  formatDay,
  nextDay,
  type Reservation,
  type ReservationStatus,
  reservationTotals,
  SHOP_MESSAGES,
  STATUS,
  statusName,
  WITHDRAWAL_DAYS,
} from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { ReadSource } from '../../../db/raw-select.ts';
import { products, reservationProducts, reservations } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { paymentLink } from '../mails/reservation-mails.ts';
import { replacePaymentToken } from '../payments/payment-links.ts';
import { findReservations, statusOf } from '../reservations.repository.ts';

/**
 * The customer's own reservation through the secret link and what withdrawing (herroeping)
 * may do now. The rules are one pure function, `withdrawalOf`, read by the view, the page and the withdrawal itself.
 */

export type Withdrawal =
  | { kind: 'cancel'; until: null }
  | { kind: 'return'; until: string }
  | { kind: null; until: string | null; refusal: string };

const BEFORE_SHIPPING: readonly ReservationStatus[] = [STATUS.new, STATUS.awaitingPayment, STATUS.paid];

/** Before shipping: cancel. Within 14 Dutch calendar days after shipping or handing over: a return. Not for maatwerk. */
export function withdrawalOf(
  facts: { status: ReservationStatus; completedAt: Date | null; madeToMeasure: boolean; withdrawnAt: Date | null },
  now: Date,
): Withdrawal {
  const done = facts.status === STATUS.shipped || facts.status === STATUS.pickedUp;
  const until = done && facts.completedAt ? lastWithdrawalDay(facts.completedAt) : null;
  const beforeShipping = BEFORE_SHIPPING.includes(facts.status);
  if (facts.withdrawnAt || (!beforeShipping && !done))
    return { kind: null, until, refusal: SHOP_MESSAGES.withdrawNotAllowed };
  if (facts.madeToMeasure) return { kind: null, until, refusal: SHOP_MESSAGES.withdrawMadeToMeasure };
  if (!done) return { kind: 'cancel', until: null };
  if (!until || dayInAmsterdam(now) > until)
    return { kind: null, until, refusal: SHOP_MESSAGES.withdrawPeriodOver(until ? formatDay(until) : '') };
  return { kind: 'return', until };
}

/** The 14th Dutch calendar day after the day it was shipped or handed over (Amsterdam). */
export function lastWithdrawalDay(completedAt: Date): string {
  let day = dayInAmsterdam(completedAt);
  for (let i = 0; i < WITHDRAWAL_DAYS; i += 1) day = nextDay(day);
  return day;
}

export type CustomerFacts = {
  id: string;
  tenantId: string;
  status: ReservationStatus;
  completedAt: Date | null;
  withdrawnAt: Date | null;
  refundStatus: string | null;
  madeToMeasure: boolean;
};

/** The reservation of a customer token; 404 for any other (nothing says whether a token ever existed). */
export async function factsOfToken(db: DbOrTx, token: string): Promise<CustomerFacts> {
  if (!CUSTOMER_TOKEN.test(token)) throw notFound();
  const [row] = await db
    .select({
      id: reservations.id,
      tenantId: reservations.tenantId,
      status: reservations.status,
      completedAt: reservations.completedAt,
      withdrawnAt: reservations.withdrawnAt,
      refundStatus: reservations.refundStatus,
    })
    .from(reservations)
    .where(eq(reservations.customerTokenHash, sha256(token)));
  if (!row) throw notFound();
  const made = await db
    .select({ id: products.id })
    .from(reservationProducts)
    .innerJoin(products, eq(products.id, reservationProducts.productId))
    .where(
      and(
        eq(reservationProducts.reservationId, row.id),
        eq(reservationProducts.isAvailable, true),
        eq(products.madeToMeasure, true),
      ),
    )
    .limit(1);
  return { ...row, status: statusOf(row), madeToMeasure: made.length > 0 };
}

export async function loadReservation(ctx: AppContext, db: ReadSource, id: string): Promise<Reservation> {
  const [r] = await findReservations(db, eq(reservations.id, id), ctx.config.publicUrl);
  if (!r) throw notFound();
  return r;
}

export function customerView(r: Reservation, facts: CustomerFacts, now: Date): CustomerReservation {
  const withdrawal = withdrawalOf(facts, now);
  const totals = reservationTotals(r);
  const name = facts.withdrawnAt && facts.status === STATUS.rejected ? SHOP_MESSAGES.withdrawnStatusName : null;
  return {
    orderNumber: r.orderNumber,
    workspaceName: r.workspaceName,
    creationTime: r.creationTime,
    status: { code: facts.status, name: name ?? statusName(facts.status, r.isPaused) },
    lines: r.products
      .filter((p) => p.isAvailable)
      .map((p) => ({
        name: p.name,
        quantity: p.quantity,
        price: p.price,
        total: (Math.round(p.price * 100) * p.quantity) / 100,
      })),
    delivery: {
      name: r.deliveryMethod.name,
      quantity: r.deliveryMethod.quantity,
      price: r.deliveryMethod.price,
      willShip: r.willShip,
    },
    totals,
    trackAndTrace: r.trackAndTrace,
    withdrawnAt: facts.withdrawnAt?.toISOString() ?? null,
    refund: facts.refundStatus === 'pending' || facts.refundStatus === 'refunded' ? facts.refundStatus : null,
    mayPay: facts.status === STATUS.awaitingPayment,
    mayWithdraw: withdrawal.kind !== null,
    withdrawal: withdrawal.kind,
    withdrawUntil: withdrawal.until,
    withdrawRefusal: withdrawal.kind === null ? withdrawal.refusal : null,
  };
}

/** GET shop/reservations/{token}. */
export async function customerReservation(ctx: AppContext, token: string, now: Date): Promise<CustomerReservation> {
  const facts = await factsOfToken(ctx.db, token);
  return customerView(await loadReservation(ctx, ctx.database, facts.id), facts, now);
}

export const withdrawRefused = (message: string) => new AppError(ERROR_CODES.conflict, message);

/**
 * The pay button of the customer's page: the live payment link, made as the payment mail makes it (a new
 * token through replacePaymentToken, the link through paymentLink), so the demo payment page or Mollie's checkout
 * follows as from the mail. Only the token's hash is kept, so the link cannot be read back: a new one replaces the
 * mail's (whose page then says a newer link was sent). Null when nothing is to be paid (any more); 404 for a token
 * that names no reservation.
 */
export async function customerPaymentLink(ctx: AppContext, token: string): Promise<string | null> {
  const facts = await factsOfToken(ctx.db, token);
  if (facts.status !== STATUS.awaitingPayment) return null;
  const fresh = await ctx.db.transaction((tx) =>
    replacePaymentToken(tx, { id: facts.id, tenantId: facts.tenantId, status: STATUS.awaitingPayment }),
  );
  return fresh ? paymentLink(ctx, fresh) : null;
}
