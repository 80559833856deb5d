import { type ReservationQuote, STATUS } from '@ateliermarkt/contract';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { providerPayments, reservations } from '../../../db/schema/index.ts';
import { audit } from '../../../lib/audit.ts';
import { defineJob } from '../../../lib/jobs.ts';
import { paymentReminderMail } from '../../../templates/mail/payment-reminder.ts';
import { quoteChangedMail } from '../../../templates/mail/quote-changed.ts';
import { reservationApprovedMail } from '../../../templates/mail/reservation-approved.ts';
import { RELATIVE_TO_APP } from '../../images/index.ts';
import { mailCustomer } from '../mails/reservation-mails.ts';
import { findReservations } from '../reservations.repository.ts';

/**
 * Payments at a real provider (PAYMENT_PROVIDER=mollie, docs/payments.md). A change that needs a payment
 * link (approval, a new quote, a reminder) writes a `provider_payments` row and a `payment.create` job in its own
 * transaction and answers at once; the job makes the payment at Mollie (the row's id is the idempotency key, so a
 * retry after a lost answer gets the same payment) and then queues the customer's mail with Mollie's checkout link.
 * A provider that is down delays the mail; the job retries until it goes (lib/jobs.ts). The previous payment of the
 * reservation is marked replaced and cancelled at Mollie by a `payment.cancel` job.
 */

export const CREATE_PAYMENT_JOB = 'payment.create';
export const CANCEL_PAYMENT_JOB = 'payment.cancel';
export const REMIND_PAYMENT_JOB = 'payment.remind';

/** Which mail carries the new link: the approval's, the reminder's, or the new quote's (with before and after). */
const quoteSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      quantity: z.number(),
      priceCents: z.number(),
      taxPercent: z.number(),
      feePercent: z.number(),
      isAvailable: z.boolean(),
      grossCents: z.number(),
      taxCents: z.number(),
      feeCents: z.number(),
      netCents: z.number(),
    }),
  ),
  delivery: z.object({ name: z.string(), priceCents: z.number(), quantity: z.number(), totalCents: z.number() }),
  productsCents: z.number(),
  totalCents: z.number(),
}) satisfies z.ZodType<ReservationQuote>;

const paymentMailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('approval') }),
  z.object({ kind: z.literal('reminder') }),
  z.object({ kind: z.literal('quote'), before: quoteSchema, after: quoteSchema }),
]);
export type PaymentMail = z.output<typeof paymentMailSchema>;

const createPayloadSchema = z.object({ paymentRowId: z.string(), mail: paymentMailSchema });
type CreatePayload = z.output<typeof createPayloadSchema>;

/** Where Mollie sends the customer back to, and where it reports: ours, under PUBLIC_URL. */
export const thankYouUrl = (ctx: AppContext, orderNumber: string) =>
  `${ctx.config.publicUrl}/betaald?bestelling=${encodeURIComponent(orderNumber)}`;
export const mollieWebhookUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/api/payments/mollie/webhook`;

/**
 * In the caller's transaction: a new payment for what the reservation now owes replaces the one before, and the job
 * that makes it at the provider is queued (nudge after the commit).
 */
export async function queueProviderPayment(ctx: AppContext, tx: Tx, reservationId: string, mail: PaymentMail) {
  const [r] = await tx
    .select({ tenantId: reservations.tenantId, amountCents: reservations.amountCents })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (!r) throw new Error(`reservation ${reservationId} vanished inside its own transaction`);
  const replaced = await tx
    .update(providerPayments)
    .set({ replacedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(providerPayments.reservationId, reservationId), isNull(providerPayments.replacedAt)))
    .returning({ id: providerPayments.id, providerPaymentId: providerPayments.providerPaymentId });
  for (const old of replaced) {
    if (old.providerPaymentId)
      await ctx.jobs.enqueue(tx, CANCEL_PAYMENT_JOB, { providerPaymentId: old.providerPaymentId });
  }
  const [row] = await tx
    .insert(providerPayments)
    .values({ reservationId, tenantId: r.tenantId, amountCents: r.amountCents, purpose: mail.kind })
    .returning({ id: providerPayments.id });
  if (!row) throw new Error('no payment row');
  await ctx.jobs.enqueue(tx, CREATE_PAYMENT_JOB, { paymentRowId: row.id, mail } satisfies CreatePayload);
}

/** A rejected reservation's payment at the provider is replaced by nothing and cancelled there. */
export async function retireProviderPayment(ctx: AppContext, tx: Tx, reservationId: string) {
  const replaced = await tx
    .update(providerPayments)
    .set({ replacedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(providerPayments.reservationId, reservationId), isNull(providerPayments.replacedAt)))
    .returning({ providerPaymentId: providerPayments.providerPaymentId });
  for (const old of replaced) {
    if (old.providerPaymentId)
      await ctx.jobs.enqueue(tx, CANCEL_PAYMENT_JOB, { providerPaymentId: old.providerPaymentId });
  }
}

/** The job: makes the payment at the provider, keeps its id and link, and queues the customer's mail with the link. */
async function createPayment(ctx: AppContext, payload: CreatePayload) {
  const [row] = await ctx.db.select().from(providerPayments).where(eq(providerPayments.id, payload.paymentRowId));
  // Replaced before it was made (a quick second edit), or the reservation moved on: nothing to pay any more.
  if (!row || row.replacedAt) return;
  const [r] = await findReservations(ctx.db, eq(reservations.id, row.reservationId), RELATIVE_TO_APP);
  if (!r || r.status.code !== STATUS.awaitingPayment) return;
  const made = row.providerPaymentId
    ? { id: row.providerPaymentId, checkoutUrl: row.checkoutUrl ?? '' }
    : await ctx.payments.createPayment({
        reservationId: r.id,
        orderNumber: r.orderNumber,
        amountCents: row.amountCents,
        description: `Bestelling ${r.orderNumber} bij ${r.workspaceName}`,
        redirectUrl: thankYouUrl(ctx, r.orderNumber),
        webhookUrl: mollieWebhookUrl(ctx),
        idempotencyKey: row.id,
      });
  await ctx.db.transaction(async (tx) => {
    const [kept] = await tx
      .update(providerPayments)
      .set({ providerPaymentId: made.id, checkoutUrl: made.checkoutUrl, status: 'open', updatedAt: new Date() })
      .where(
        and(eq(providerPayments.id, row.id), isNull(providerPayments.replacedAt), ne(providerPayments.status, 'open')),
      )
      .returning({ id: providerPayments.id });
    // Replaced while Mollie made it: the newer one's job mails; this one is cancelled.
    if (!kept) {
      const [now] = await tx.select().from(providerPayments).where(eq(providerPayments.id, row.id));
      if (now?.replacedAt) await ctx.jobs.enqueue(tx, CANCEL_PAYMENT_JOB, { providerPaymentId: made.id });
      return;
    }
    const link = made.checkoutUrl;
    const content =
      payload.mail.kind === 'approval'
        ? reservationApprovedMail(r, link)
        : payload.mail.kind === 'reminder'
          ? paymentReminderMail(r, link)
          : quoteChangedMail(r, payload.mail.before, payload.mail.after, link);
    await mailCustomer(ctx, tx, r, { ...content, links: [link] });
    await audit(tx, {
      actorUserId: null,
      tenantId: row.tenantId,
      action: 'payment.link',
      entityType: 'reservation',
      entityId: r.id,
      data: { source: 'mollie', detail: made.id, providerPaymentId: made.id },
    });
  });
  ctx.jobs.nudge();
}

/** The reservation's current payment at the provider (the newest, not replaced), for the dialog and the webhook. */
export async function currentProviderPayment(ctx: AppContext, reservationId: string) {
  const [row] = await ctx.db
    .select()
    .from(providerPayments)
    .where(eq(providerPayments.reservationId, reservationId))
    .orderBy(desc(providerPayments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The payment reminder with a provider: the live link again while Mollie still takes the payment, otherwise a new
 * payment (the old one expired or failed) whose job mails the reminder with its link.
 */
export async function queueProviderReminder(ctx: AppContext, tx: Tx, reservationId: string) {
  await ctx.jobs.enqueue(tx, REMIND_PAYMENT_JOB, { reservationId });
}

async function remind(ctx: AppContext, reservationId: string) {
  const current = await currentProviderPayment(ctx, reservationId);
  const [r] = await findReservations(ctx.db, eq(reservations.id, reservationId), RELATIVE_TO_APP);
  if (!r || r.status.code !== STATUS.awaitingPayment) return;
  const live = current?.providerPaymentId ? await ctx.payments.getPayment(current.providerPaymentId) : null;
  await ctx.db.transaction(async (tx) => {
    if (live?.status === 'open' && live.checkoutUrl && live.amountCents === current?.amountCents) {
      await mailCustomer(ctx, tx, r, { ...paymentReminderMail(r, live.checkoutUrl), links: [live.checkoutUrl] });
      return;
    }
    await queueProviderPayment(ctx, tx, reservationId, { kind: 'reminder' });
  });
  ctx.jobs.nudge();
}

export function registerProviderPaymentJobs(ctx: AppContext) {
  ctx.jobs.register(
    defineJob(REMIND_PAYMENT_JOB, z.object({ reservationId: z.string() }), ({ reservationId }) =>
      remind(ctx, reservationId),
    ),
  );
  ctx.jobs.register(defineJob(CREATE_PAYMENT_JOB, createPayloadSchema, (payload) => createPayment(ctx, payload)));
  ctx.jobs.register(
    defineJob(CANCEL_PAYMENT_JOB, z.object({ providerPaymentId: z.string() }), ({ providerPaymentId }) =>
      ctx.payments.cancelPayment(providerPaymentId),
    ),
  );
}
