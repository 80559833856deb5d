import {
  ERROR_CODES,
  MESSAGES,
  PAID_STATUSES,
  type ReservationMoney,
  refundSplit,
  type SplitLine,
  type SplitReservation,
  workshopShareCents,
} from '@ateliermarkt/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import {
  paymentRefunds,
  paymentRoutes,
  products,
  providerPayments,
  reservationProducts,
  reservations,
  workspaces,
} from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { audit } from '../../../lib/audit.ts';
import { defineJob } from '../../../lib/jobs.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { refundIssuedMail } from '../../../templates/mail/refund-issued.ts';
import { RELATIVE_TO_APP } from '../../images/index.ts';
import { mailCustomer } from '../mails/reservation-mails.ts';
import { loadOne } from '../reservation-access.ts';
import { findReservations, statusOf } from '../reservations.repository.ts';

/**
 * The workshop's share and the customer's refunds with Mollie Connect (docs/payments.md): shipping or
 * handing over a paid reservation routes the workshop's net to its Mollie organisation once (the reservation's id is
 * the idempotency key; one row per reservation); a workshop not yet connected has its routes waiting, and they go
 * when the super admin connects it. Refunds (a received return, or the super admin's, wholly or per line) are rows
 * too, carried out by a job that retries until Mollie takes them. With the demo provider a refund is only recorded
 * ("marked"): someone pays it back by hand.
 */

export const ROUTE_JOB = 'payment.route';
export const REFUND_JOB = 'payment.refund';

/** The available lines of these reservations as the statement computes them, by reservation, in product-number order. */
export async function splitLinesOf(db: DbOrTx, reservationIds: string[]): Promise<Map<string, SplitLine[]>> {
  const byReservation = new Map<string, SplitLine[]>(reservationIds.map((id) => [id, []]));
  if (reservationIds.length === 0) return byReservation;
  const rows = await db
    .select({
      reservationId: reservationProducts.reservationId,
      id: reservationProducts.productId,
      priceCents: reservationProducts.priceCents,
      quantity: reservationProducts.quantity,
      taxPercent: reservationProducts.taxPercent,
      feePercent: reservationProducts.feePercent,
      feeVatPercent: reservationProducts.feeVatPercent,
    })
    .from(reservationProducts)
    .innerJoin(products, eq(products.id, reservationProducts.productId))
    .where(and(inArray(reservationProducts.reservationId, reservationIds), eq(reservationProducts.isAvailable, true)))
    .orderBy(asc(products.productNumber));
  for (const { reservationId, ...line } of rows) byReservation.get(reservationId)?.push(line);
  return byReservation;
}

/** The reservation's lines and delivery as the statement computes them (payment-split.ts in the contract). */
async function splitOf(db: DbOrTx, reservationId: string): Promise<SplitReservation & { tenantId: string }> {
  const [r] = await db
    .select({
      tenantId: reservations.tenantId,
      deliveryPriceCents: reservations.deliveryPriceCents,
      deliveryQuantity: reservations.deliveryQuantity,
    })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (!r) throw notFound();
  const lines = (await splitLinesOf(db, [reservationId])).get(reservationId) ?? [];
  return { tenantId: r.tenantId, lines, delivery: { priceCents: r.deliveryPriceCents, quantity: r.deliveryQuantity } };
}

/** The paid payment at the provider of a reservation (the one the webhook moved to paid). */
async function paidPaymentId(db: DbOrTx, reservationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: providerPayments.providerPaymentId })
    .from(providerPayments)
    .where(
      and(
        eq(providerPayments.reservationId, reservationId),
        eq(providerPayments.status, 'paid'),
        // A replaced payment paid anyway (an old link) is not the reservation's: it is refunded by hand (0043).
        isNull(providerPayments.replacedAt),
      ),
    );
  return row?.id ?? null;
}

/** Shipped or handed over: the workshop's share (less what was refunded already) waits for its route job. */
export async function queueRoute(ctx: AppContext, tx: Tx, reservationId: string) {
  if (ctx.config.payouts !== 'mollie-routing') return;
  const paymentId = await paidPaymentId(tx, reservationId);
  if (!paymentId) return;
  const split = await splitOf(tx, reservationId);
  const [refunded] = await tx
    .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.workshopCents}), 0)::int` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.reservationId, reservationId));
  const amountCents = workshopShareCents(split) - (refunded?.cents ?? 0);
  if (amountCents <= 0) return;
  const [row] = await tx
    .insert(paymentRoutes)
    .values({ reservationId, tenantId: split.tenantId, providerPaymentId: paymentId, amountCents })
    .onConflictDoNothing()
    .returning({ id: paymentRoutes.id });
  if (row) await ctx.jobs.enqueue(tx, ROUTE_JOB, { routeId: row.id });
}

/** The job: routes a waiting share to the workshop's organisation; not connected yet, it stays waiting (and listed). */
async function runRoute(ctx: AppContext, routeId: string) {
  const [route] = await ctx.db
    .select({
      id: paymentRoutes.id,
      status: paymentRoutes.status,
      reservationId: paymentRoutes.reservationId,
      tenantId: paymentRoutes.tenantId,
      providerPaymentId: paymentRoutes.providerPaymentId,
      amountCents: paymentRoutes.amountCents,
      organizationId: workspaces.mollieOrganizationId,
      orderNumber: reservations.orderNumber,
    })
    .from(paymentRoutes)
    .innerJoin(reservations, eq(reservations.id, paymentRoutes.reservationId))
    .leftJoin(workspaces, eq(workspaces.tenantId, paymentRoutes.tenantId))
    .where(eq(paymentRoutes.id, routeId));
  if (route?.status !== 'waiting') return;
  if (!route.organizationId) {
    await audit(ctx.db, {
      actorUserId: null,
      tenantId: route.tenantId,
      action: 'payment.route-waiting',
      entityType: 'reservation',
      entityId: route.reservationId,
      data: { source: 'mollie' },
    });
    return;
  }
  const made = await ctx.payments.route({
    paymentId: route.providerPaymentId,
    amountCents: route.amountCents,
    organizationId: route.organizationId,
    description: `Bestelling ${route.orderNumber}`,
    idempotencyKey: `route-${route.reservationId}`,
  });
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paymentRoutes)
      .set({ status: 'routed', organizationId: route.organizationId, providerRouteId: made.id, routedAt: new Date() })
      .where(and(eq(paymentRoutes.id, route.id), eq(paymentRoutes.status, 'waiting')));
    await audit(tx, {
      actorUserId: null,
      tenantId: route.tenantId,
      action: 'payment.routed',
      entityType: 'reservation',
      entityId: route.reservationId,
      data: { source: 'mollie', detail: made.id, organizationId: route.organizationId },
    });
  });
}

/** After the super admin connects a workshop: its waiting routes go out now. */
export async function releaseWaitingRoutes(ctx: AppContext, tx: Tx, workshopId: string) {
  const waiting = await tx
    .select({ id: paymentRoutes.id })
    .from(paymentRoutes)
    .where(and(eq(paymentRoutes.tenantId, workshopId), eq(paymentRoutes.status, 'waiting')));
  for (const w of waiting) await ctx.jobs.enqueue(tx, ROUTE_JOB, { routeId: w.id });
}

type RefundRequest = {
  reservationId: string;
  /** Product ids of the lines to refund; absent or empty = the whole reservation, delivery included. */
  lines?: readonly string[] | undefined;
  reason: string;
  source: 'return' | 'backoffice' | 'withdrawal';
  actorUserId: string | null;
};

/** In the caller's transaction: records a refund and queues the job that makes it at the provider. */
async function queueRefund(ctx: AppContext, tx: Tx, request: RefundRequest) {
  const split = await splitOf(tx, request.reservationId);
  const lineIds = request.lines && request.lines.length > 0 ? [...new Set(request.lines)] : 'all';
  if (lineIds !== 'all' && lineIds.some((id) => !split.lines.some((l) => l.id === id)))
    throw new AppError(ERROR_CODES.validation, MESSAGES.refundUnknownLine);
  const done = await tx
    .select({ lines: paymentRefunds.lines, amountCents: paymentRefunds.amountCents })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.reservationId, request.reservationId));
  const refundedLines = new Set(done.flatMap((d) => (d.lines.length === 0 ? split.lines.map((l) => l.id) : d.lines)));
  const wholeDone = done.some((d) => d.lines.length === 0);
  if (wholeDone || (lineIds !== 'all' ? lineIds.some((id) => refundedLines.has(id)) : refundedLines.size > 0))
    throw new AppError(ERROR_CODES.conflict, MESSAGES.refundAlreadyDone);
  const { amountCents, workshopCents } = refundSplit(split, lineIds);
  if (amountCents <= 0) throw new AppError(ERROR_CODES.conflict, MESSAGES.refundNothing);
  const paymentId = ctx.payments.name === 'demo' ? null : await paidPaymentId(tx, request.reservationId);
  // The workshop's part: pulled back from its organisation when routed, or taken off its share still waiting.
  const [route] = await tx
    .select({ id: paymentRoutes.id, status: paymentRoutes.status, amountCents: paymentRoutes.amountCents })
    .from(paymentRoutes)
    .where(eq(paymentRoutes.reservationId, request.reservationId))
    .for('update');
  if (route?.status === 'waiting') {
    if (route.amountCents <= workshopCents) await tx.delete(paymentRoutes).where(eq(paymentRoutes.id, route.id));
    else
      await tx
        .update(paymentRoutes)
        .set({ amountCents: route.amountCents - workshopCents })
        .where(eq(paymentRoutes.id, route.id));
  }
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      reservationId: request.reservationId,
      tenantId: split.tenantId,
      providerPaymentId: paymentId,
      amountCents,
      workshopCents,
      reversesRoute: route?.status === 'routed' && workshopCents > 0,
      reason: request.reason,
      source: request.source,
      lines: lineIds === 'all' ? [] : lineIds,
      status: paymentId ? 'pending' : 'marked',
      actorUserId: request.actorUserId,
    })
    .returning({ id: paymentRefunds.id });
  if (!row) throw new Error('no refund row');
  if (paymentId) await ctx.jobs.enqueue(tx, REFUND_JOB, { refundId: row.id });
  const [r] = await findReservations(tx, eq(reservations.id, request.reservationId), RELATIVE_TO_APP);
  if (r) {
    const mail = refundIssuedMail(r, { amountCents, reason: request.reason, byHand: !paymentId });
    await mailCustomer(ctx, tx, r, mail);
  }
  await audit(tx, {
    actorUserId: request.actorUserId,
    tenantId: split.tenantId,
    action: 'payment.refund-requested',
    entityType: 'reservation',
    entityId: request.reservationId,
    data: { amountCents, workshopCents, reason: request.reason, lines: lineIds, source: request.source },
  });
  return { id: row.id, amountCents, status: paymentId ? ('pending' as const) : ('marked' as const) };
}

/**
 * A received return (code 7) is refunded wholly, delivery included (docs/decisions/0043); lines the back-office
 * refunded already are left out (then without the delivery), and nothing is done when nothing is left.
 */
export async function queueReturnRefund(ctx: AppContext, tx: Tx, reservationId: string) {
  if (!(await paidPaymentId(tx, reservationId))) return;
  const done = await tx
    .select({ lines: paymentRefunds.lines })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.reservationId, reservationId));
  let lines: string[] | undefined;
  if (done.length > 0) {
    if (done.some((d) => d.lines.length === 0)) return;
    const refunded = new Set(done.flatMap((d) => d.lines));
    const split = await splitOf(tx, reservationId);
    lines = split.lines.map((l) => l.id).filter((id) => !refunded.has(id));
    if (lines.length === 0) return;
  }
  await queueRefund(ctx, tx, {
    reservationId,
    lines,
    reason: MESSAGES.refundReasonReturn,
    source: 'return',
    actorUserId: null,
  });
}

/**
 * A customer's withdrawal of a paid reservation before shipping: the whole payment goes back, in the
 * withdrawal's transaction — through the provider with Mollie, recorded as to be paid back by hand with the demo.
 */
export async function queueWithdrawalRefund(ctx: AppContext, tx: Tx, reservationId: string) {
  await queueRefund(ctx, tx, {
    reservationId,
    reason: MESSAGES.refundReasonWithdrawal,
    source: 'withdrawal',
    actorUserId: null,
  });
}

/**
 * The one entry point for giving a customer money back (the shop's withdrawal calls it too): a paid
 * reservation (codes 3–7), wholly or per line, with a reason. With Mollie the refund is made by a job (retried until
 * Mollie takes it, visible while it waits); with the demo provider it is recorded as to be paid back by hand. The
 * customer is mailed; the statements credit it in the month of the refund.
 */
export async function refundReservation(
  ctx: AppContext,
  input: {
    reservationId: string;
    lines?: readonly string[] | undefined;
    reason: string;
    actor: Actor | null;
    source?: 'backoffice' | 'withdrawal';
  },
) {
  const actor = input.actor;
  const result = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .select({ status: reservations.status, tenantId: reservations.tenantId })
      .from(reservations)
      .where(eq(reservations.id, input.reservationId))
      .for('update');
    // Another workshop's reservation does not exist for this caller.
    if (!r || (actor && actor.kind !== 'superAdmin' && actor.tenantId !== r.tenantId)) throw notFound();
    if (!PAID_STATUSES.includes(statusOf(r))) throw new AppError(ERROR_CODES.conflict, MESSAGES.refundNotPaid);
    return queueRefund(ctx, tx, {
      reservationId: input.reservationId,
      lines: input.lines,
      reason: input.reason,
      source: input.source ?? 'backoffice',
      actorUserId: actor?.userId ?? null,
    });
  });
  ctx.jobs.nudge();
  return result;
}

/** The job: the refund at the provider, pulling the workshop's part back from its routed share when it was routed. */
async function runRefund(ctx: AppContext, refundId: string, attempts: number) {
  const [refund] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (refund?.status !== 'pending' || !refund.providerPaymentId) return;
  const [route] = refund.reversesRoute
    ? await ctx.db
        .select({ organizationId: paymentRoutes.organizationId })
        .from(paymentRoutes)
        .where(and(eq(paymentRoutes.reservationId, refund.reservationId), isNotNull(paymentRoutes.organizationId)))
    : [];
  try {
    const made = await ctx.payments.refund({
      paymentId: refund.providerPaymentId,
      amountCents: refund.amountCents,
      description: refund.reason.slice(0, 140),
      idempotencyKey: `refund-${refund.id}`,
      ...(route?.organizationId
        ? { reversal: { amountCents: refund.workshopCents, organizationId: route.organizationId } }
        : {}),
    });
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(paymentRefunds)
        .set({ status: 'refunded', providerRefundId: made.id, refundedAt: new Date(), lastError: null })
        .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')));
      await audit(tx, {
        actorUserId: null,
        tenantId: refund.tenantId,
        action: 'payment.refunded',
        entityType: 'reservation',
        entityId: refund.reservationId,
        data: { source: 'mollie', detail: made.id, amountCents: refund.amountCents },
      });
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(paymentRefunds)
        .set({ lastError: message.slice(0, 500) })
        .where(eq(paymentRefunds.id, refund.id));
      // Said once in the history, on the first failure; the job keeps retrying (lib/jobs.ts).
      if (attempts === 1)
        await audit(tx, {
          actorUserId: null,
          tenantId: refund.tenantId,
          action: 'payment.refund-failed',
          entityType: 'reservation',
          entityId: refund.reservationId,
          data: { source: 'mollie', detail: message.slice(0, 200) },
        });
    });
    throw err;
  }
}

type PaymentStatus = NonNullable<ReservationMoney['payment']>['status'];

/** GET reservations/{id}/payment: the caller's own reservation only (another workshop's answers 404). */
export async function reservationMoneyFor(
  ctx: AppContext,
  actor: Actor,
  reservationId: string,
): Promise<ReservationMoney> {
  await loadOne(ctx.db, actor, reservationId);
  const money = await reservationMoney(ctx.db, reservationId);
  return {
    provider: ctx.payments.name,
    payment: money.payment && { ...money.payment, status: money.payment.status as PaymentStatus },
    route: money.route && { ...money.route, routedAt: money.route.routedAt?.toISOString() ?? null },
    refunds: money.refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** The reservation's money at the provider, for the reservation dialog: payment, route, refunds. */
export async function reservationMoney(db: DbOrTx, reservationId: string) {
  const [payment] = await db
    .select({
      providerPaymentId: providerPayments.providerPaymentId,
      status: providerPayments.status,
      amountCents: providerPayments.amountCents,
      checkoutUrl: providerPayments.checkoutUrl,
    })
    .from(providerPayments)
    .where(eq(providerPayments.reservationId, reservationId))
    .orderBy(sql`${providerPayments.createdAt} desc`)
    .limit(1);
  const [route] = await db
    .select({ status: paymentRoutes.status, amountCents: paymentRoutes.amountCents, routedAt: paymentRoutes.routedAt })
    .from(paymentRoutes)
    .where(eq(paymentRoutes.reservationId, reservationId));
  const refunds = await db
    .select({
      id: paymentRefunds.id,
      amountCents: paymentRefunds.amountCents,
      status: paymentRefunds.status,
      reason: paymentRefunds.reason,
      lastError: paymentRefunds.lastError,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.reservationId, reservationId))
    .orderBy(asc(paymentRefunds.createdAt));
  return { payment: payment ?? null, route: route ?? null, refunds };
}

export function registerRoutingJobs(ctx: AppContext) {
  ctx.jobs.register(defineJob(ROUTE_JOB, z.object({ routeId: z.string() }), ({ routeId }) => runRoute(ctx, routeId)));
  ctx.jobs.register(
    defineJob(REFUND_JOB, z.object({ refundId: z.string() }), ({ refundId }, job) =>
      runRefund(ctx, refundId, job.attempts),
    ),
  );
}
