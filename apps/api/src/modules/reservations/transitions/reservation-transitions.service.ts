import {
  assertNever,
  checkTransition,
  MESSAGES,
  mayEdit,
  type Reservation,
  type ReservationStatus,
  reservationStateOf,
  STATUS,
  type Transition,
} from '@ateliermarkt/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { products, reservationProducts, type reservations } from '../../../db/schema/index.ts';
import { audit } from '../../../lib/audit.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { orderShippedMail } from '../../../templates/mail/order-shipped.ts';
import { paymentReceivedMail } from '../../../templates/mail/payment-received.ts';
import { reservationApprovedMail } from '../../../templates/mail/reservation-approved.ts';
import { reservationRejectedMail } from '../../../templates/mail/reservation-rejected.ts';
import { returnReceivedMail } from '../../../templates/mail/return-received.ts';
import { restartClocksBehind } from '../deadlines/reservation-deadline-clock.ts';
import { type CustomerMail, mailCustomer, paymentLink } from '../mails/reservation-mails.ts';
import { notifyWorkshopOf } from '../mails/workshop-notifications.ts';
import { remindOfPayment } from '../payments/payment-reminder.ts';
import { queueReturnRefund, queueRoute } from '../payments/payment-routing.service.ts';
import { queueProviderPayment, retireProviderPayment } from '../payments/provider-payments.ts';
import { refundAfterReturn } from '../payments/refunds.ts';
import { conflict, loadOne } from '../reservation-access.ts';
import { pausedIds, statusOf, updateReservation, writeTargetOf } from '../reservations.repository.ts';
import { refuseBeyondStock } from './stock.ts';

/** Sets the products of a reservation (those still in it) reserved or not. */
export async function setReserved(tx: Tx, reservationId: string, reserved: boolean) {
  await tx
    .update(products)
    .set({ isReserved: reserved, updatedAt: new Date() })
    .where(
      inArray(
        products.id,
        tx
          .select({ id: reservationProducts.productId })
          .from(reservationProducts)
          .where(and(eq(reservationProducts.reservationId, reservationId), eq(reservationProducts.isAvailable, true))),
      ),
    );
}

/**
 * What a transition changes besides the status: the reservation's own columns (written by the same UPDATE that
 * changes the status) and the mail to the customer (queued in the same transaction, sent after the commit).
 */
function transitionPlan(
  ctx: AppContext,
  transition: Transition,
  r: Reservation,
): { set: Partial<typeof reservations.$inferInsert>; mail: CustomerMail | null } {
  switch (transition) {
    case 'confirm': {
      // A real provider's payment is made by a job after the commit, which then mails its link (provider-payments.ts).
      if (ctx.payments.name !== 'demo') return { set: { confirmedAt: new Date() }, mail: null };
      const token = randomToken();
      const link = paymentLink(ctx, token);
      return {
        set: { paymentTokenHash: sha256(token), confirmedAt: ctx.now() },
        mail: { ...reservationApprovedMail(r, link), links: [link], paymentTemplate: 'approved' },
      };
    }
    case 'reject':
      return {
        set: { paymentTokenHash: null },
        mail: reservationRejectedMail(r),
      };
    case 'paid':
      return {
        set: { paidAt: ctx.now(), paymentTokenHash: null },
        mail: paymentReceivedMail(r),
      };
    case 'shipped': {
      return {
        set: { completedAt: ctx.now() },
        mail: orderShippedMail(r),
      };
    }
    case 'received':
      return { set: { completedAt: ctx.now() }, mail: null };
    case 'startReturn':
      return { set: {}, mail: null };
    case 'returned':
      return {
        set: { returnReceivedAt: ctx.now() },
        mail: returnReceivedMail(r),
      };
    default:
      return assertNever(transition, 'transition');
  }
}

/** What each transition does to the products, in the transaction that changes the status. */
/** The transitions whose productEffects write product rows. */
const PRODUCT_TRANSITIONS: ReadonlySet<Transition> = new Set(['confirm', 'reject', 'paid', 'returned']);

async function productEffects(tx: Tx, transition: Transition, reservationId: string) {
  switch (transition) {
    case 'confirm':
      return setReserved(tx, reservationId, true);
    case 'reject':
      return setReserved(tx, reservationId, false);
    case 'paid':
      return markSold(tx, reservationId);
    case 'returned':
      return markAvailableAgain(tx, reservationId);
    case 'shipped':
    case 'received':
    case 'startReturn':
      return;
    default:
      return assertNever(transition, 'transition');
  }
}

/**
 * What a transition does with money at a real provider: approving makes the payment (by a job), rejecting
 * cancels it, shipping or handing over routes the workshop's share, a received return refunds the customer. With the
 * demo provider nothing: the demo page and the monthly SEPA file, as before.
 */
async function moneyEffects(ctx: AppContext, tx: Tx, transition: Transition, reservationId: string) {
  if (ctx.payments.name === 'demo') return;
  switch (transition) {
    case 'confirm':
      return queueProviderPayment(ctx, tx, reservationId, { kind: 'approval' });
    case 'reject':
      return retireProviderPayment(ctx, tx, reservationId);
    case 'shipped':
    case 'received':
      return queueRoute(ctx, tx, reservationId);
    case 'returned':
      return queueReturnRefund(ctx, tx, reservationId);
    case 'paid':
    case 'startReturn':
      return;
    default:
      return assertNever(transition, 'transition');
  }
}

/** The lines still in a reservation: each one's product and quantity. */
function availableLines(tx: Tx, reservationId: string) {
  return tx
    .select({ productId: reservationProducts.productId, quantity: reservationProducts.quantity })
    .from(reservationProducts)
    .where(and(eq(reservationProducts.reservationId, reservationId), eq(reservationProducts.isAvailable, true)));
}

/** Paid: unique products are sold; stock products lose the quantity bought. */
async function markSold(tx: Tx, reservationId: string) {
  const lines = await availableLines(tx, reservationId);
  for (const line of lines) {
    await tx
      .update(products)
      .set({
        quantity: sql`greatest(${products.quantity} - ${line.quantity}, 0)`,
        isSold: sql`${products.isUniqueEdition} or ${products.quantity} - ${line.quantity} <= 0`,
        isReserved: false,
        updatedAt: new Date(),
      })
      .where(eq(products.id, line.productId));
  }
}

/** Return received: the products are for sale again. */
export async function markAvailableAgain(tx: Tx, reservationId: string) {
  const lines = await availableLines(tx, reservationId);
  for (const line of lines) {
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${line.quantity}`,
        isSold: false,
        isReserved: false,
        updatedAt: new Date(),
      })
      .where(eq(products.id, line.productId));
  }
}

/**
 * Applies one transition with its side effects in one transaction. The status is changed with
 * `WHERE status = from`, so of two concurrent requests exactly one wins and the other gets 409.
 */
export async function applyTransition(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  transition: Transition,
  /** Who or what did it when no user did (the history's actor), with an optional detail such as the provider's id. */
  source: string | { name: string; detail: string },
  /** The customer's mail instead of the transition's own (a rejection because every product was removed). */
  mail?: CustomerMail,
  /**
   * The caller's transaction, when the transition is part of a larger change (an edit that empties a reservation, a
   * payment through a link locked first): it then commits, or rolls back, with that change, and the caller nudges.
   */
  callerTx?: Tx,
  /** Only from this status (the scheduler's decision was made on it): otherwise 409 and nothing changes. */
  expectedFrom?: ReservationStatus,
): Promise<void> {
  const current = await loadOne(callerTx ?? ctx.database, actor, id);
  const from = statusOf({ status: current.status.code });
  if (expectedFrom !== undefined && from !== expectedFrom) throw conflict();
  const check = checkTransition(
    { status: from, deliveryMethodId: current.deliveryMethod.id, paused: current.isPaused },
    transition,
  );
  if (!check.allowed)
    throw conflict(check.reason === 'paused' ? MESSAGES.pausedTooltip : MESSAGES.transitionNotAllowed);
  const plan = transitionPlan(ctx, transition, current);
  const run = async (tx: Tx) => {
    // Products first, in id order, then the reservation, whatever the transition: an approval and the deadlines'
    // rejection of one reservation then wait for each other. In the other order (the rejection updating the
    // reservation, then its products) PostgreSQL found a deadlock and aborted the approval with a 500.
    const touched = [...new Set(current.products.map((p) => p.id))].sort();
    if (touched.length > 0 && PRODUCT_TRANSITIONS.has(transition))
      await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, touched))
        .orderBy(products.id)
        .for('update');
    if (transition === 'confirm') {
      // Lock the products first: two approvals of reservations sharing a unique product run one after the other.
      const wanted = new Map(current.products.filter((p) => p.isAvailable).map((p) => [p.id, p.quantity]));
      if (wanted.size > 0) {
        const locked = await tx
          .select({ id: products.id, isSold: products.isSold, quantity: products.quantity })
          .from(products)
          .where(inArray(products.id, [...wanted.keys()]))
          .for('update');
        // A product another reservation has paid for meanwhile is gone: approving would sell it a second time.
        if (locked.some((p) => p.isSold || p.quantity < (wanted.get(p.id) ?? 0)))
          throw conflict(MESSAGES.productUnavailable);
        // Read under the lock: what other approved reservations hold counts against the stock.
        await refuseBeyondStock(tx, id, wanted);
      }
    }
    const target = await writeTargetOf(tx, current, actor?.tenantId);
    const row = target && (await updateReservation(tx, target, { ...plan.set, status: check.to }));
    if (!row) throw conflict();
    if (transition === 'confirm') {
      // Re-checked inside the transaction: another reservation may have taken the products meanwhile.
      if ((await pausedIds(tx, [id])).size > 0) throw conflict(MESSAGES.pausedTooltip);
    }
    await productEffects(tx, transition, id);
    // A withdrawal's return received: the customer's payment goes back.
    if (transition === 'returned') await refundAfterReturn(ctx, tx, id, row.tenantId);
    // Reservations paused behind this one resume: their deadlines start now (docs/decisions/0036).
    if (from === STATUS.awaitingPayment && check.to !== STATUS.awaitingPayment) await restartClocksBehind(tx, id);
    await audit(tx, {
      actorUserId: actor?.userId ?? null,
      tenantId: row.tenantId,
      action: `reservation.${transition}`,
      entityType: 'reservation',
      entityId: id,
      data: {
        from,
        to: check.to,
        ...(typeof source === 'string' ? { source } : { source: source.name, detail: source.detail }),
      },
    });
    await moneyEffects(ctx, tx, transition, id);
    // Queued in this transaction and sent after the commit: a slow or absent mail server no longer holds the product
    // locks, a rolled-back change sends nothing, and a committed one is sent, retried until it goes (lib/jobs.ts).
    const customerMail = mail ?? plan.mail;
    if (customerMail) await mailCustomer(ctx, tx, current, customerMail);
    await notifyWorkshopOf(ctx, tx, id, transition);
  };
  if (callerTx) return run(callerTx);
  await ctx.db.transaction(run);
  ctx.jobs.nudge();
}

export async function sendPaymentReminder(ctx: AppContext, actor: Actor, id: string) {
  const r = await loadOne(ctx.database, actor, id);
  if (!mayEdit(reservationStateOf(r), 'paymentReminder')) throw conflict();
  await ctx.db.transaction(async (tx) => {
    const target = await writeTargetOf(tx, r, actor.tenantId);
    // Read again under the row lock: an edit that committed since the first read changed what the customer owes.
    const reload = () => loadOne(tx, actor, id);
    const auditAs = { actorUserId: actor.userId, tenantId: actor.tenantId };
    if (!target || !(await remindOfPayment(ctx, tx, target, reload, auditAs))) throw conflict();
  });
  ctx.jobs.nudge();
}
