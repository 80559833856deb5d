import { STATUS } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { reservations } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { sha256 } from '../../../lib/crypto.ts';
import {
  type HtmlPage,
  invalidPaymentLinkPage,
  paymentDonePage,
  paymentFailedPage,
  paymentPage,
  replacedPaymentLinkPage,
} from '../../../templates/pages/payment-page.ts';
import { findReservations } from '../reservations.repository.ts';
import { applyTransition } from '../reservations.service.ts';
import { lockByToken, refusalOf, replacedLink } from './payment-links.ts';

/** The shape of a payment token (`randomToken()`: base64url); anything else is not looked up. */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The built-in payment page's button: the token of the latest payment mail marks the reservation paid. The row is
 * locked by its token first, so an edit that replaces the link and this payment run one after the other:
 * a link replaced meanwhile pays nothing (409, it says so), and the amount paid is the one the link was sent for.
 */
async function payWithToken(ctx: AppContext, token: string) {
  const paid = await ctx.db.transaction(async (tx) => {
    const row = await lockByToken(tx, token);
    if (!row) throw await refusalOf(tx, token);
    await applyTransition(ctx, null, row.id, 'paid', 'payment-page', undefined, tx);
    return row;
  });
  ctx.jobs.nudge();
  return paid;
}

async function reservationForToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.paymentTokenHash, sha256(token)), eq(reservations.status, STATUS.awaitingPayment)));
  if (!row) return null;
  const [r] = await findReservations(ctx.database, eq(reservations.id, row.id), ctx.config.publicUrl);
  return r ?? null;
}

/** A payment link replaced by a newer one while its reservation still awaits payment, else null. */
function replacedPaymentLink(ctx: AppContext, token: string) {
  return replacedLink(ctx.db, token);
}

/** GET /betalen/{token}: the reservation awaiting this payment, or the page for a replaced or an invalid link. */
export async function showPaymentPage(ctx: AppContext, token: string): Promise<HtmlPage> {
  if (!PAYMENT_TOKEN.test(token)) return invalidPaymentLinkPage();
  const reservation = await reservationForToken(ctx, token);
  if (reservation) return paymentPage(reservation, token);
  // Replaced by a newer link (an edit's new quote, a reminder): it says so, without naming the new one.
  const replaced = await replacedPaymentLink(ctx, token);
  return replaced ? replacedPaymentLinkPage(replaced.orderNumber, replaced.replacedAt) : invalidPaymentLinkPage();
}

/** POST /betalen/{token}: marks the reservation paid; a refusal is a Dutch page, a server fault is thrown on. */
export async function payFromPage(ctx: AppContext, token: string): Promise<HtmlPage> {
  if (!PAYMENT_TOKEN.test(token)) return invalidPaymentLinkPage();
  try {
    const paid = await payWithToken(ctx, token);
    return paymentDonePage(paid.orderNumber);
  } catch (error) {
    if (error instanceof AppError) return paymentFailedPage(error.message);
    throw error;
  }
}
