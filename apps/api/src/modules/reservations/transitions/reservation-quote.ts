import { MESSAGES, type Reservation, type ReservationQuote, reservationQuote, sameQuote } from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { deliveryMethods, products, reservationProducts, reservations } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { quoteChangedMail } from '../../../templates/mail/quote-changed.ts';
import { mailCustomer, paymentLink } from '../mails/reservation-mails.ts';
import { replacePaymentToken } from '../payments/payment-links.ts';
import { queueProviderPayment } from '../payments/provider-payments.ts';
import { conflict } from '../reservation-access.ts';
import type { WriteTarget } from '../reservations.repository.ts';

/**
 * A reservation's quote from its lines as stored: each line's price, quantity and the rates of the moment
 * it was ordered, and the delivery price and package count of the reservation.
 */
export async function loadQuote(db: DbOrTx, reservationId: string): Promise<ReservationQuote> {
  const lines = await db
    .select({
      productId: reservationProducts.productId,
      name: products.name,
      quantity: reservationProducts.quantity,
      priceCents: reservationProducts.priceCents,
      taxPercent: reservationProducts.taxPercent,
      feePercent: reservationProducts.feePercent,
      isAvailable: reservationProducts.isAvailable,
    })
    .from(reservationProducts)
    .innerJoin(products, eq(products.id, reservationProducts.productId))
    .where(eq(reservationProducts.reservationId, reservationId))
    .orderBy(asc(products.productNumber));
  const [delivery] = await db
    .select({
      name: deliveryMethods.name,
      priceCents: reservations.deliveryPriceCents,
      quantity: reservations.deliveryQuantity,
    })
    .from(reservations)
    .innerJoin(deliveryMethods, eq(deliveryMethods.id, reservations.deliveryMethodId))
    .where(eq(reservations.id, reservationId));
  if (!delivery) throw notFound();
  return reservationQuote(lines, delivery);
}

/**
 * After an edit of a reservation awaiting payment, in the edit's own transaction: when what the customer pays
 * changed, a new payment link replaces the old one and the customer gets one mail with the old and the new quote.
 * `before` is the quote read in this transaction before the edit, with the reservation row locked.
 */
export async function requote(
  ctx: AppContext,
  tx: Tx,
  target: WriteTarget,
  r: Reservation,
  before: ReservationQuote,
): Promise<void> {
  const after = await loadQuote(tx, target.id);
  if (sameQuote(before, after)) return;
  if (ctx.payments.name !== 'demo') {
    // The new payment replaces (and cancels) the old one at the provider; its job mails the quote with the new link.
    await queueProviderPayment(ctx, tx, target.id, { kind: 'quote', before, after });
    return;
  }
  const token = await replacePaymentToken(tx, target);
  if (!token) throw conflict(MESSAGES.reservationNotEditable);
  const link = paymentLink(ctx, token);
  await mailCustomer(ctx, tx, r, {
    ...quoteChangedMail(r, before, after, link),
    links: [link],
    paymentTemplate: 'reminder',
  });
}
