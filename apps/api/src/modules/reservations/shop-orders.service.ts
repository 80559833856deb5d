import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  checkTransition,
  DELIVERY_METHOD_PICKUP,
  dayInAmsterdam,
  ERROR_CODES,
  formatDay,
  holidayOfColumns,
  holidayPhase,
  MESSAGES,
  nextDay,
  PAID_STATUSES,
  SHOP_MESSAGES,
  type ShopReservationRequest,
  STATUS,
} from '@ateliermarkt/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  deliveryMethods,
  productDeliveryMethods,
  products,
  replacedPaymentLinks,
  reservationProducts,
  reservations,
  workspaces,
} from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { sha256 } from '../../lib/crypto.ts';
import { reservationReceivedMail } from '../../templates/mail/reservation-received.ts';
import { currentRates } from '../settings/index.ts';
import { customerTokenHash, customerUrl } from './customer/customer-link.ts';
import { notifyWorkshop, queueCustomerMail } from './mails/workshop-notifications.ts';
import { lockByToken, refusalOf, replacedLink } from './payments/payment-links.ts';
import { findReservations, nextOrderNumber, statusOf } from './reservations.repository.ts';
import { applyTransition } from './reservations.service.ts';
import { availableOf, heldQuantities, outOfStock } from './transitions/stock.ts';

/** Days after shipping or pick-up within which the shop may start a return. */
export const RETURN_DAYS = 14;

/** A workshop on holiday today (Amsterdam) takes no reservations: 409 with its own message. */
function refuseDuringHoliday(
  workshop: { holidayFrom: string | null; holidayTo: string | null; holidayMessage: string | null } | undefined,
) {
  const holiday = workshop && holidayOfColumns(workshop.holidayFrom, workshop.holidayTo, workshop.holidayMessage);
  if (!holiday || holidayPhase(holiday, dayInAmsterdam()) !== 'current') return;
  const details = MESSAGES.workshopOnHoliday(formatDay(holiday.to), formatDay(nextDay(holiday.to)));
  throw new AppError(ERROR_CODES.onHoliday, holiday.message, null, undefined, details);
}

/**
 * A reservation from the web shop: published products of one published workshop that are not sold, in stock (what
 * approved reservations hold counts against it: stock.ts), offering the chosen delivery method. Answers the id, the
 * readable order number and the customer's own link; `inTransaction` runs in the order's transaction (the
 * Idempotency-Key's record of this answer, shop-idempotency.ts).
 */
export async function placeReservation(
  ctx: AppContext,
  input: ShopReservationRequest,
  options: { inTransaction?: (tx: Tx, answer: { id: string; orderNumber: string }) => Promise<unknown> } = {},
) {
  const [method] = await ctx.db.select().from(deliveryMethods).where(eq(deliveryMethods.id, input.deliveryMethodId));
  if (!method) throw fieldError('deliveryMethodId', MESSAGES.deliveryMethodInvalid);
  const ids = [...new Set(input.products.map((p) => p.productId))];
  if (ids.length !== input.products.length) throw fieldError('products', MESSAGES.productUnavailable);

  const found = await ctx.db
    .select({
      p: products,
      published: workspaces.isPublished,
      holidayFrom: workspaces.holidayFrom,
      holidayTo: workspaces.holidayTo,
      holidayMessage: workspaces.holidayMessage,
      vatRegime: workspaces.vatRegime,
    })
    .from(products)
    .innerJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((f) => [f.p.id, f]));
  const held = await heldQuantities(ctx.db, ids);
  for (const line of input.products) {
    const f = byId.get(line.productId);
    if (!f?.published || !f.p.isPublished || f.p.isSold) throw fieldError('products', MESSAGES.productUnavailable);
    if (f.p.isUniqueEdition) {
      if (line.quantity > 1) throw fieldError('products', MESSAGES.productUnavailable);
      continue;
    }
    const available = availableOf(f.p.quantity, held.get(f.p.id) ?? 0);
    if (line.quantity > available) throw outOfStock(SHOP_MESSAGES.outOfStock(f.p.name, available));
  }
  const tenantIds = new Set(found.map((f) => f.p.tenantId));
  if (tenantIds.size !== 1) throw fieldError('products', MESSAGES.orderOneWorkshop);
  const [tenantId] = [...tenantIds];
  if (!tenantId) throw fieldError('products', MESSAGES.productUnavailable);
  refuseDuringHoliday(found[0]);

  const offered = await ctx.db
    .select({ productId: productDeliveryMethods.productId })
    .from(productDeliveryMethods)
    .where(and(inArray(productDeliveryMethods.productId, ids), eq(productDeliveryMethods.deliveryMethodId, method.id)));
  if (offered.length !== ids.length) throw fieldError('deliveryMethodId', MESSAGES.deliveryMethodNotOffered);

  const placed = await ctx.db.transaction(async (tx) => {
    const orderNumber = await nextOrderNumber(tx);
    const id = crypto.randomUUID();
    const [created] = await tx
      .insert(reservations)
      .values({
        id,
        customerTokenHash: customerTokenHash(ctx, id),
        tenantId,
        orderNumber,
        status: STATUS.new,
        // On the app's clock (lib/clock.ts), like the transitions' timestamps: the month it counts in.
        createdAt: ctx.now(),
        deliveryMethodId: method.id,
        deliveryQuantity: 1,
        deliveryPriceCents: method.priceCents,
        name: input.name,
        street: input.street,
        streetNumber: input.streetNumber,
        zipCode: input.zipCode,
        city: input.city,
        email: input.email,
        favoriteColor: input.favoriteColor,
        personalMessage: input.personalMessage,
      })
      .returning({ id: reservations.id });
    if (!created) throw new Error('reservation insert returned nothing');
    // Each line keeps the rates of this moment: a later change of the settings applies to new reservations only.
    // A KOR workshop charges no BTW: its lines carry 0 %, as the regime was when ordered.
    const rates = await currentRates(tx, found[0]?.vatRegime ?? 'standard');
    await tx.insert(reservationProducts).values(
      input.products.map((line) => ({
        ...rates,
        reservationId: created.id,
        productId: line.productId,
        quantity: line.quantity,
        priceCents: byId.get(line.productId)?.p.priceCents ?? 0,
      })),
    );
    await audit(tx, {
      actorUserId: null,
      tenantId,
      action: 'reservation.placed',
      entityType: 'reservation',
      entityId: created.id,
      data: { orderNumber, pickup: method.id === DELIVERY_METHOD_PICKUP, from: null, to: STATUS.new, source: 'shop' },
    });
    const [r] = await findReservations(tx, eq(reservations.id, created.id), ctx.config.publicUrl);
    if (r) {
      await queueCustomerMail(ctx, tx, created.id, { to: r.email, ...reservationReceivedMail(r) });
    }
    await notifyWorkshop(ctx, tx, created.id, 'placed');
    const answer = { id: created.id, orderNumber };
    await options.inTransaction?.(tx, answer);
    return answer;
  });
  ctx.jobs.nudge();
  return { ...placed, customerUrl: customerUrl(ctx, placed.id) };
}

/** The shop starts a return: shipped or picked up, within RETURN_DAYS. */
export async function startReturn(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(reservations).where(eq(reservations.id, id));
  if (!row) throw notFound();
  const done = row.completedAt?.getTime() ?? 0;
  const withinTerm = ctx.now().getTime() - done <= RETURN_DAYS * 86_400_000;
  const state = { status: statusOf(row), deliveryMethodId: row.deliveryMethodId };
  if (!checkTransition(state, 'startReturn').allowed || !withinTerm) {
    throw new AppError(ERROR_CODES.conflict, MESSAGES.returnNotAllowed);
  }
  await applyTransition(ctx, null, id, 'startReturn', 'shop');
}

/**
 * The built-in payment page's button: the token of the latest payment mail marks the reservation paid. The row is
 * locked by its token first, so an edit that replaces the link and this payment run one after the other:
 * a link replaced meanwhile pays nothing (409, it says so), and the amount paid is the one the link was sent for.
 */
export async function payWithToken(ctx: AppContext, token: string) {
  const paid = await ctx.db.transaction(async (tx) => {
    const row = await lockByToken(tx, token);
    if (!row) throw await refusalOf(tx, token);
    await applyTransition(ctx, null, row.id, 'paid', 'payment-page', undefined, tx);
    return row;
  });
  ctx.jobs.nudge();
  return paid;
}

export async function reservationForToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.paymentTokenHash, sha256(token)), eq(reservations.status, STATUS.awaitingPayment)));
  if (!row) return null;
  const [r] = await findReservations(ctx.database, eq(reservations.id, row.id), ctx.config.publicUrl);
  return r ?? null;
}

/** A payment link replaced by a newer one while its reservation still awaits payment, else null. */
export function replacedPaymentLink(ctx: AppContext, token: string) {
  return replacedLink(ctx.db, token);
}

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
