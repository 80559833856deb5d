import { type CustomerReservation, SHOP_MESSAGES, STATUS } from '@ateliermarkt/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { reservations } from '../../../db/schema/index.ts';
import { audit } from '../../../lib/audit.ts';
import {
  type WithdrawalFacts,
  withdrawalConfirmedMail,
  workshopWithdrawalMail,
} from '../../../templates/mail/withdrawal.ts';
import { restartClocksBehind } from '../deadlines/reservation-deadline-clock.ts';
import { mailCustomer } from '../mails/reservation-mails.ts';
import { notifyWorkshopWith } from '../mails/workshop-notifications.ts';
import { retireProviderPayment } from '../payments/provider-payments.ts';
import { refundPayment } from '../payments/refunds.ts';
import { applyTransition, markAvailableAgain, setReserved } from '../transitions/reservation-transitions.service.ts';
import {
  customerView,
  factsOfToken,
  loadReservation,
  withdrawalOf,
  withdrawRefused,
} from './customer-reservation.service.ts';

/**
 * Withdrawal (herroeping; Consumer Rights Directive art. 11a) through the customer's own link. Before
 * shipping it cancels (status 1, shown as 'Herroepen'; a payment is refunded); within 14 Dutch calendar days after
 * shipping or handing over it announces a return (status 6; receiving it, status 7, refunds). The customer gets a
 * confirmation with the text of the withdrawal, the workshop a mail. All in one transaction with the status change,
 * which is written `WHERE status = from`, so a withdrawal and a workshop's transition cannot both win.
 */
export async function withdraw(
  ctx: AppContext,
  token: string,
  input: { reason?: string | undefined },
  now: Date,
): Promise<CustomerReservation> {
  const facts = await factsOfToken(ctx.db, token);
  const decision = withdrawalOf(facts, now);
  if (decision.kind === null) throw withdrawRefused(decision.refusal);
  const reason = input.reason?.trim() || null;
  await ctx.db.transaction(async (tx) => {
    const before = await loadReservation(ctx, tx, facts.id);
    const from = facts.status;
    const w: WithdrawalFacts = { kind: decision.kind, at: now, reason, refund: from === STATUS.paid };
    if (decision.kind === 'return') {
      await applyTransition(ctx, null, facts.id, 'startReturn', 'withdrawal', undefined, tx, from);
      const [marked] = await tx
        .update(reservations)
        .set({ withdrawnAt: now, updatedAt: now })
        .where(and(eq(reservations.id, facts.id), isNull(reservations.withdrawnAt)))
        .returning({ id: reservations.id });
      if (!marked) throw withdrawRefused(SHOP_MESSAGES.withdrawNotAllowed);
    } else {
      const [row] = await tx
        .update(reservations)
        .set({ status: STATUS.rejected, withdrawnAt: now, paymentTokenHash: null, updatedAt: now })
        .where(and(eq(reservations.id, facts.id), eq(reservations.status, from), isNull(reservations.withdrawnAt)))
        .returning({ id: reservations.id });
      // Changed meanwhile (approved, shipped, withdrawn twice at once): 409, nothing done.
      if (!row) throw withdrawRefused(SHOP_MESSAGES.withdrawNotAllowed);
      if (from === STATUS.awaitingPayment) {
        // The provider's open payment is cancelled, so the link in the customer's mail can no longer take money.
        await retireProviderPayment(ctx, tx, facts.id);
        await setReserved(tx, facts.id, false);
        await restartClocksBehind(tx, facts.id);
      }
      if (from === STATUS.paid) {
        await markAvailableAgain(tx, facts.id);
        await refundPayment(ctx, tx, facts.id, facts.tenantId);
      }
      await audit(tx, {
        actorUserId: null,
        tenantId: facts.tenantId,
        action: 'reservation.withdraw',
        entityType: 'reservation',
        entityId: facts.id,
        data: { from, to: STATUS.rejected, source: 'customer' },
      });
    }
    await mailCustomer(ctx, tx, before, withdrawalConfirmedMail(before, w));
    await notifyWorkshopWith(ctx, tx, facts.id, (r, to) => workshopWithdrawalMail(r, to, w));
  });
  ctx.jobs.nudge();
  const after = await factsOfToken(ctx.db, token);
  return customerView(await loadReservation(ctx, ctx.database, after.id), after, now);
}
