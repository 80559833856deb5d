import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { reservations } from '../../../db/schema/index.ts';
import { audit } from '../../../lib/audit.ts';
import { queueWithdrawalRefund } from './payment-routing.service.ts';

/**
 * The one refund step of a withdrawal: a paid reservation withdrawn before shipping, or a withdrawn one
 * whose return was received, gets its payment back. It is marked for refund (`refund_status = 'pending'`, shown to the
 * customer). Before shipping the refund itself is recorded through the payments' one refund path (Mollie refunds it,
 * the demo records it to be paid back by hand; the statements credit it in its month); a received return is refunded
 * by the transition's money effects (payment-routing.service.ts).
 */
export async function refundPayment(
  ctx: AppContext,
  tx: Tx,
  reservationId: string,
  workshopId: string,
  when: 'beforeShipping' | 'returnReceived' = 'beforeShipping',
) {
  if (when === 'beforeShipping') await queueWithdrawalRefund(ctx, tx, reservationId);
  await tx.update(reservations).set({ refundStatus: 'pending' }).where(eq(reservations.id, reservationId));
  await audit(tx, {
    actorUserId: null,
    tenantId: workshopId,
    action: 'reservation.refund-requested',
    entityType: 'reservation',
    entityId: reservationId,
    data: { provider: ctx.payments.name },
  });
}

/** A return received (status 7) of a withdrawn reservation: its payment is refunded now. */
export async function refundAfterReturn(ctx: AppContext, tx: Tx, reservationId: string, workshopId: string) {
  const [row] = await tx
    .select({ withdrawnAt: reservations.withdrawnAt })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (row?.withdrawnAt) await refundPayment(ctx, tx, reservationId, workshopId, 'returnReceived');
}
