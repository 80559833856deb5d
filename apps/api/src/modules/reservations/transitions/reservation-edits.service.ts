import {
  MESSAGES,
  mayEdit,
  type Reservation,
  reservationFlags,
  reservationStateOf,
  STATUS,
} from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { deliveryMethods, products } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { audit } from '../../../lib/audit.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { reservationEmptiedMail } from '../../../templates/mail/reservation-emptied.ts';
import { lockTarget } from '../payments/payment-links.ts';
import { conflict, loadOne } from '../reservation-access.ts';
import { markLineUnavailable, statusOf, updateReservation, writeTargetOf } from '../reservations.repository.ts';
import { loadQuote, requote } from './reservation-quote.ts';
import { applyTransition } from './reservation-transitions.service.ts';

/** Guards the edits of a reservation's products and delivery: only while the server flag mayEditReservation holds (status 0 or 2). */
async function editable(ctx: AppContext, actor: Actor, id: string) {
  const r = await loadOne(ctx.database, actor, id);
  const status = statusOf({ status: r.status.code });
  if (!reservationFlags({ status, deliveryMethodId: r.deliveryMethod.id }).mayEditReservation) {
    throw conflict(MESSAGES.reservationNotEditable);
  }
  return { r, status };
}

/** The reservation row as read, locked for the edit's transaction; 409 when it changed meanwhile. */
async function lockedTarget(tx: Tx, r: Reservation, actor: Actor) {
  const target = await writeTargetOf(tx, r, actor.tenantId);
  if (!target || !(await lockTarget(tx, target))) throw conflict(MESSAGES.reservationNotEditable);
  return target;
}

/**
 * Removes a product from a reservation: irreversible; a reserved product is released. While the reservation awaits
 * payment, in the same transaction: with products left, the customer gets the new quote and a new payment link
 * as the quote-that-follows-the-edit rule asks (docs/decisions/0037); with none left it is rejected at once by the state machine's own transition (products released, link
 * void, the customer told why), so nobody ever sees it awaiting payment with nothing in it.
 */
export async function removeProduct(ctx: AppContext, actor: Actor, id: string, productId: string) {
  const { r, status } = await editable(ctx, actor, id);
  const line = r.products.find((p) => p.id === productId);
  if (!line) throw notFound();
  if (!line.isAvailable) return;
  await ctx.db.transaction(async (tx) => {
    const target = await lockedTarget(tx, r, actor);
    const before = status === STATUS.awaitingPayment ? await loadQuote(tx, id) : null;
    if (!(await markLineUnavailable(tx, target, productId))) throw conflict(MESSAGES.reservationNotEditable);
    if (before) {
      await tx.update(products).set({ isReserved: false, updatedAt: new Date() }).where(eq(products.id, productId));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.product-unavailable',
      entityType: 'reservation',
      entityId: id,
      data: { productId },
    });
    if (!before) return;
    // With every product out, only shipping would be left to pay: a reservation awaiting payment cannot stay so.
    if (before.lines.every((l) => l.productId === productId)) {
      await applyTransition(ctx, actor, id, 'reject', 'all-products-removed', reservationEmptiedMail(r), tx);
    } else {
      await requote(ctx, tx, target, r, before);
    }
  });
  ctx.jobs.nudge();
}

export async function setTrackAndTrace(ctx: AppContext, actor: Actor, id: string, trackAndTrace: string | null) {
  const r = await loadOne(ctx.database, actor, id);
  if (!mayEdit(reservationStateOf(r), 'trackAndTrace')) throw conflict(MESSAGES.reservationNotEditable);
  // The value and its audit entry together, or neither.
  await ctx.db.transaction(async (tx) => {
    const target = await writeTargetOf(tx, r, actor.tenantId);
    if (!target || !(await updateReservation(tx, target, { trackAndTrace }))) {
      throw conflict(MESSAGES.reservationNotEditable);
    }
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.track-and-trace',
      entityType: 'reservation',
      entityId: id,
      data: { trackAndTrace },
    });
  });
}

export async function changePackages(
  ctx: AppContext,
  actor: Actor,
  id: string,
  deliveryMethodId: number,
  quantity: number,
) {
  const { r, status } = await editable(ctx, actor, id);
  const [method] = await ctx.db.select().from(deliveryMethods).where(eq(deliveryMethods.id, deliveryMethodId));
  if (!method) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const target = await lockedTarget(tx, r, actor);
    const before = status === STATUS.awaitingPayment ? await loadQuote(tx, id) : null;
    const set = { deliveryMethodId, deliveryQuantity: quantity, deliveryPriceCents: method.priceCents };
    if (!(await updateReservation(tx, target, set))) throw conflict(MESSAGES.reservationNotEditable);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.packages',
      entityType: 'reservation',
      entityId: id,
      data: { deliveryMethodId, quantity },
    });
    // Awaiting payment: the customer pays the new delivery, so gets the new quote and a new link.
    if (before) await requote(ctx, tx, target, r, before);
  });
  ctx.jobs.nudge();
}
