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
  reservationProducts,
  reservations,
  workspaces,
} from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { reservationReceivedMail } from '../../templates/mail/reservation-received.ts';
import {
  applyTransition,
  availableOf,
  customerTokenHash,
  customerUrl,
  findReservations,
  heldQuantities,
  nextOrderNumber,
  notifyWorkshop,
  outOfStock,
  queueCustomerMail,
  statusOf,
} from '../reservations/index.ts';
import { currentRates } from '../settings/index.ts';

/** Days after shipping or pick-up within which the shop may start a return. */
export const RETURN_DAYS = 14;

/** A workshop on holiday today (Amsterdam, by the app's clock) takes no reservations: 409 with its own message. */
function refuseDuringHoliday(
  workshop: { holidayFrom: string | null; holidayTo: string | null; holidayMessage: string | null } | undefined,
  now: Date,
) {
  const holiday = workshop && holidayOfColumns(workshop.holidayFrom, workshop.holidayTo, workshop.holidayMessage);
  if (!holiday || holidayPhase(holiday, dayInAmsterdam(now)) !== 'current') return;
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
  const workshopIds = new Set(found.map((f) => f.p.tenantId));
  if (workshopIds.size !== 1) throw fieldError('products', MESSAGES.orderOneWorkshop);
  const [workshopId] = [...workshopIds];
  if (!workshopId) throw fieldError('products', MESSAGES.productUnavailable);
  refuseDuringHoliday(found[0], ctx.now());

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
        tenantId: workshopId,
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
      tenantId: workshopId,
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
