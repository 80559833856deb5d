import { MESSAGES, reservationFlags, STATUS } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deliveryMethods, products, reservationProducts, reservations } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { conflict, loadOne } from './reservation-access.ts';
import { statusOf } from './reservations.repository.ts';

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
    const changed = await tx
      .update(reservationProducts)
      .set({ isAvailable: false })
      .where(and(eq(reservationProducts.reservationId, id), eq(reservationProducts.productId, productId)))
      .returning();
    const still = await tx.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id));
    if (changed.length === 0 || still[0]?.status !== status) throw conflict(MESSAGES.reservationNotEditable);
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
}

export async function setTrackAndTrace(ctx: AppContext, actor: Actor, id: string, trackAndTrace: string | null) {
  const r = await loadOne(ctx.database, actor, id);
  if (r.status.code === STATUS.rejected) throw conflict(MESSAGES.reservationNotEditable);
  // The value and its audit entry together, or neither.
  await ctx.db.transaction(async (tx) => {
    await tx.update(reservations).set({ trackAndTrace, updatedAt: new Date() }).where(eq(reservations.id, id));
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
  const { status } = await editable(ctx, actor, id);
  const [method] = await ctx.db.select().from(deliveryMethods).where(eq(deliveryMethods.id, deliveryMethodId));
  if (!method) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(reservations)
      .set({
        deliveryMethodId,
        deliveryQuantity: quantity,
        deliveryPriceCents: method.priceCents,
        updatedAt: new Date(),
      })
      .where(and(eq(reservations.id, id), eq(reservations.status, status)))
      .returning({ id: reservations.id });
    if (changed.length === 0) throw conflict(MESSAGES.reservationNotEditable);
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
