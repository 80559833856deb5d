import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  type HtmlPage,
  invalidPaymentLinkPage,
  paymentDonePage,
  paymentFailedPage,
  paymentPage,
  replacedPaymentLinkPage,
} from '../../../templates/pages/payment-page.ts';
import { payWithToken, replacedPaymentLink, reservationForToken } from '../shop-orders.service.ts';

/** The shape of a payment token (`randomToken()`: base64url); anything else is not looked up. */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

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
