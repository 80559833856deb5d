import { assertNever, STATUS } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { providerPayments, reservations } from '../../../db/schema/index.ts';
import { audit } from '../../../lib/audit.ts';
import { statusOf } from '../reservations.repository.ts';
import { applyTransition } from '../transitions/reservation-transitions.service.ts';

/**
 * POST /api/payments/mollie/webhook: Mollie posts only `id`. Nothing in the request is trusted: the server
 * reads that payment from Mollie and moves the reservation only on what Mollie answers. An id Mollie does not know,
 * or that is not one of our payments, answers 200 and changes nothing (Mollie would otherwise keep retrying, and a
 * different answer would tell a prober which ids exist). The payment row is locked while it is applied, so the same
 * webhook ten times, or two at once, moves the reservation once.
 */
export async function mollieWebhook(ctx: AppContext, paymentId: string): Promise<void> {
  if (ctx.payments.name !== 'mollie' || !/^tr_\w{1,64}$/.test(paymentId)) return;
  const [known] = await ctx.db
    .select({ id: providerPayments.id })
    .from(providerPayments)
    .where(eq(providerPayments.providerPaymentId, paymentId));
  if (!known) return;
  const payment = await ctx.payments.getPayment(paymentId);
  if (!payment) return;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(providerPayments).where(eq(providerPayments.id, known.id)).for('update');
    if (!row || row.status === payment.status) return;
    await tx
      .update(providerPayments)
      .set({
        status: payment.status,
        updatedAt: new Date(),
        ...(payment.status === 'paid' ? { paidAt: new Date() } : {}),
      })
      .where(eq(providerPayments.id, row.id));
    const [r] = await tx
      .select({ status: reservations.status, amountCents: reservations.amountCents })
      .from(reservations)
      .where(eq(reservations.id, row.reservationId))
      .for('update');
    if (!r) return;
    const note = (action: string, detail: string = paymentId) =>
      audit(tx, {
        actorUserId: null,
        tenantId: row.tenantId,
        action,
        entityType: 'reservation',
        entityId: row.reservationId,
        data: { source: 'mollie', detail, providerPaymentId: paymentId, status: payment.status },
      });
    switch (payment.status) {
      case 'paid': {
        // What Mollie received must be what this payment asked and what the reservation still owes, in euros.
        const owed =
          payment.currency === 'EUR' && payment.amountCents === row.amountCents && row.amountCents === r.amountCents;
        if (!owed || statusOf(r) !== STATUS.awaitingPayment) {
          await note('payment.amount-mismatch', `${paymentId}: ${payment.currency} ${payment.amountCents / 100}`);
          ctx.log.warn(
            { paymentId, reservationId: row.reservationId },
            'mollie: paid payment does not match what is owed',
          );
          return;
        }
        const source = { name: 'mollie', detail: paymentId };
        await applyTransition(ctx, null, row.reservationId, 'paid', source, undefined, tx, STATUS.awaitingPayment);
        return;
      }
      case 'expired':
        return note('payment.expired');
      case 'canceled':
        return note('payment.canceled');
      case 'failed':
        return note('payment.failed');
      case 'open':
      case 'pending':
      case 'authorized':
        return;
      default:
        return assertNever(payment.status, 'payment status');
    }
  });
  ctx.jobs.nudge();
}
