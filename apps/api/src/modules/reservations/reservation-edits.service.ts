import { MESSAGES, mayEdit, reservationFlags, reservationStateOf, STATUS } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deliveryMethods, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { reservationEmptiedMail } from '../../templates/mail/reservation-emptied.ts';
import { conflict, loadOne } from './reservation-access.ts';
import { applyTransition } from './reservation-transitions.service.ts';
import { markLineUnavailable, statusOf, updateReservation, writeTargetOf } from './reservations.repository.ts';

/** Guards the edits of spec 4.2: only while the server flag mayEditReservation holds (status 0 or 2). */
async function editable(ctx: AppContext, actor: Actor, id: string) {
  const r = await loadOne(ctx.database, actor, id);
  const status = statusOf({ status: r.status.code });
  if (!reservationFlags({ status, deliveryMethodId: r.deliveryMethod.id }).mayEditReservation) {
    throw conflict(MESSAGES.reservationNotEditable);
  }
  return { r, status };
}

/** Removes a product from a reservation: irreversible; a reserved product is released. */
export async function removeProduct(ctx: AppContext, actor: Actor, id: string, productId: string) {
  const { r, status } = await editable(ctx, actor, id);
  const line = r.products.find((p) => p.id === productId);
  if (!line) throw notFound();
  if (!line.isAvailable) return;
  await ctx.db.transaction(async (tx) => {
    const target = await writeTargetOf(tx, r, actor.tenantId);
    if (!target || !(await markLineUnavailable(tx, target, productId))) throw conflict(MESSAGES.reservationNotEditable);
    if (status === STATUS.awaitingPayment) {
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
  });
  // With every product out, only shipping would be left to pay: a reservation awaiting payment cannot stay so. It is
  // rejected at once, by the state machine's own transition (products released, link void), the customer told why.
  const anyLeft = r.products.some((p) => p.isAvailable && p.id !== productId);
  if (status === STATUS.awaitingPayment && !anyLeft) {
    await applyTransition(ctx, actor, id, 'reject', 'all-products-removed', reservationEmptiedMail(r));
  }
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
  const { r } = await editable(ctx, actor, id);
  const [method] = await ctx.db.select().from(deliveryMethods).where(eq(deliveryMethods.id, deliveryMethodId));
  if (!method) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const target = await writeTargetOf(tx, r, actor.tenantId);
    const set = { deliveryMethodId, deliveryQuantity: quantity, deliveryPriceCents: method.priceCents };
    if (!target || !(await updateReservation(tx, target, set))) throw conflict(MESSAGES.reservationNotEditable);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.packages',
      entityType: 'reservation',
      entityId: id,
      data: { deliveryMethodId, quantity },
    });
  });
}
