import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, MESSAGES, PAID_STATUSES } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { replacedPaymentLinks, reservations } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { audit } from '../../../lib/audit.ts';
import { statusOf } from '../reservations.repository.ts';
import { applyTransition } from '../reservations.service.ts';
import { lockByToken, refusalOf } from './payment-links.ts';

/** Lower-case hex HMAC-SHA256 of the raw body, compared in constant time. */
export function validSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export async function paymentWebhook(
  ctx: AppContext,
  reservationId: string,
  status: 'paid' | 'failed' | 'expired',
  /** The link the customer paid through, when the provider reports it: a replaced link pays nothing. */
  paymentToken?: string,
) {
  if (status !== 'paid') {
    await audit(ctx.db, {
      actorUserId: null,
      tenantId: null,
      action: `payment.${status}`,
      entityType: 'reservation',
      entityId: reservationId,
    });
    return;
  }
  const [row] = await ctx.db
    .select({ status: reservations.status })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (!row) throw notFound();
  // A provider repeats a notification until it gets a 2xx: a reservation that is already paid stays as it is.
  if (PAID_STATUSES.includes(statusOf(row))) return;
  if (paymentToken === undefined) {
    // Without the link it was paid through, a notification cannot tell an old amount from the current one: once a
    // link was replaced, only a notification naming the newest link pays.
    const [replaced] = await ctx.db
      .select({ at: replacedPaymentLinks.replacedAt })
      .from(replacedPaymentLinks)
      .where(eq(replacedPaymentLinks.reservationId, reservationId))
      .limit(1);
    if (replaced) throw new AppError(ERROR_CODES.conflict, MESSAGES.paymentLinkReplaced);
    await applyTransition(ctx, null, reservationId, 'paid', 'webhook');
    return;
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await lockByToken(tx, paymentToken, reservationId))) {
      const refusal = await refusalOf(tx, paymentToken, reservationId);
      // A token that names no payment of this reservation is a conflict with what it reports, not a missing page.
      throw refusal.code === ERROR_CODES.notFound ? new AppError(ERROR_CODES.conflict, refusal.message) : refusal;
    }
    await applyTransition(ctx, null, reservationId, 'paid', 'webhook', undefined, tx);
  });
  ctx.jobs.nudge();
}

/** POST payments/webhook: refuses (401) a body not signed with PAYMENT_WEBHOOK_SECRET, then applies the status. */
export async function signedPaymentWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: string | undefined,
  body: { reservationId: string; status: 'paid' | 'failed' | 'expired'; paymentToken?: string | undefined },
) {
  if (!validSignature(ctx.config.paymentWebhookSecret, rawBody, signature)) {
    throw new AppError(ERROR_CODES.notLoggedIn, MESSAGES.webhookSignatureInvalid);
  }
  await paymentWebhook(ctx, body.reservationId, body.status, body.paymentToken);
}
