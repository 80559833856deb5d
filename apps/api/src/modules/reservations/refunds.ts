import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { reservations } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';

/**
 * The one refund step of a withdrawal (issue 24.5): a paid reservation withdrawn before shipping, or a withdrawn one
 * whose return was received, gets its payment back. With the built-in `demo` provider it is marked for refund
 * (`refund_status = 'pending'`), for the workshop to pay back; a real provider's refund (the Mollie provider's refund
 * service, issue 'Real money') is to be called from here, in place of the mark.
 */
export async function refundPayment(_ctx: AppContext, tx: Tx, reservationId: string, tenantId: string) {
  await tx.update(reservations).set({ refundStatus: 'pending' }).where(eq(reservations.id, reservationId));
  await audit(tx, {
    actorUserId: null,
    tenantId,
    action: 'reservation.refund-requested',
    entityType: 'reservation',
    entityId: reservationId,
    data: { provider: 'demo' },
  });
}

/** A return received (status 7) of a withdrawn reservation: its payment is refunded now. */
export async function refundAfterReturn(ctx: AppContext, tx: Tx, reservationId: string, tenantId: string) {
  const [row] = await tx
    .select({ withdrawnAt: reservations.withdrawnAt })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (row?.withdrawnAt) await refundPayment(ctx, tx, reservationId, tenantId);
}
