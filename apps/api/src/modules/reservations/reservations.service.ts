import {
  assertNever,
  checkTransition,
  ERROR_CODES,
  formatEuro,
  MESSAGES,
  mayEdit,
  OPEN_STATUSES,
  PRODUCT_NAME,
  type Reservation,
  type ReservationListFilter,
  type ReservationPage,
  type ReservationSorting,
  reservationFlags,
  reservationStateOf,
  reservationTotals,
  STATUS,
  type Transition,
} from '@ateliermarkt/contract';
import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { ReadSource } from '../../db/raw-select.ts';
import { deliveryMethods, products, reservationProducts, reservations } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { queueMail } from '../../lib/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { RELATIVE_TO_APP } from '../images/index.ts';
import {
  countReservations,
  findReservations,
  markLineUnavailable,
  pausedIds,
  statusOf,
  updateReservation,
  writeTargetOf,
} from './reservations.repository.ts';

const conflict = (message: string = MESSAGES.transitionNotAllowed) => new AppError(ERROR_CODES.conflict, message);

/** The tenant condition of every reservation query: a workshop sees its own, the super admin all. */
function scope(actor: Actor): SQL | undefined {
  return actor.kind === 'superAdmin'
    ? undefined
    : eq(reservations.tenantId, actor.tenantId ?? '00000000-0000-0000-0000-000000000000');
}

export type ReservationFilter = ReservationListFilter;

const isOpen = inArray(reservations.status, [...OPEN_STATUSES]);

/** The overview's list; open or closed is chosen in SQL, so only the rows shown are loaded. */
export async function listReservations(
  ctx: AppContext,
  actor: Actor,
  filter: ReservationFilter = 'all',
  sorting?: ReservationSorting,
) {
  return findReservations(ctx.database, listCondition(actor, filter), RELATIVE_TO_APP, sorting ? { sorting } : {});
}

function listCondition(actor: Actor, filter: ReservationFilter): SQL | undefined {
  const byStatus = filter === 'open' ? isOpen : filter === 'closed' ? not(isOpen) : undefined;
  return and(scope(actor), byStatus);
}

export type PageRequest = { skipCount: number; maxResultCount: number; sorting?: ReservationSorting | undefined };

/** One page of the overview's list and how many there are in all (issue 8: 50,000 reservations). */
export async function pageReservations(
  ctx: AppContext,
  actor: Actor,
  filter: ReservationFilter,
  page: PageRequest,
): Promise<ReservationPage> {
  const where = listCondition(actor, filter);
  const [items, totalCount] = await Promise.all([
    findReservations(ctx.database, where, RELATIVE_TO_APP, {
      ...(page.sorting ? { sorting: page.sorting } : {}),
      limit: page.maxResultCount,
      offset: page.skipCount,
    }),
    countReservations(ctx.db, where),
  ]);
  return { items, totalCount };
}

export async function openCount(ctx: AppContext, actor: Actor): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(scope(actor), isOpen));
  return row?.n ?? 0;
}

async function loadOne(db: ReadSource, actor: Actor | null, id: string): Promise<Reservation> {
  const [found] = await findReservations(
    db,
    and(eq(reservations.id, id), actor ? scope(actor) : undefined),
    RELATIVE_TO_APP,
  );
  if (!found) throw notFound();
  return found;
}

export function getReservation(ctx: AppContext, actor: Actor, id: string) {
  return loadOne(ctx.database, actor, id);
}

function paymentLink(ctx: AppContext, token: string) {
  return `${ctx.config.publicUrl}/betalen/${token}`;
}

function orderSummary(r: Reservation): string {
  const lines = r.products
    .filter((p) => p.isAvailable)
    .map((p) => `- ${p.quantity} x ${p.name} (${formatEuro(p.price)})`);
  const totals = reservationTotals(r);
  lines.push(`- ${r.deliveryMethod.quantity} x ${r.deliveryMethod.name} (${formatEuro(r.deliveryMethod.price)})`);
  lines.push(`Totaal: ${formatEuro(totals.total)}`);
  return lines.join('\n');
}

/** Queues the customer's mail in the transaction of the change it reports (lib/outbox.ts). */
async function mailCustomer(
  ctx: AppContext,
  tx: Tx,
  r: Reservation,
  subject: string,
  body: string,
  links: string[] = [],
) {
  await queueMail(ctx.jobs, tx, {
    to: r.email,
    subject: `${subject} (${r.orderNumber})`,
    text: `Beste ${r.name},\n\n${body}\n\nJe reservering ${r.orderNumber} bij ${r.workspaceName}:\n${orderSummary(r)}\n\nGroeten,\n${r.workspaceName} via ${PRODUCT_NAME}`,
    links,
  });
}

/** Sets the products of a reservation (those still in it) reserved or not. */
async function setReserved(tx: Tx, reservationId: string, reserved: boolean) {
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

type CustomerMail = { subject: string; body: string; links?: string[] };

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
      const token = randomToken();
      const link = paymentLink(ctx, token);
      return {
        set: { paymentTokenHash: sha256(token) },
        mail: {
          subject: 'Je reservering is goedgekeurd',
          body: `Goed nieuws: ${r.workspaceName} heeft je reservering goedgekeurd. Betaal via deze link om hem definitief te maken:\n\n${link}`,
          links: [link],
        },
      };
    }
    case 'reject':
      return {
        set: { paymentTokenHash: null },
        mail: {
          subject: 'Je reservering is afgewezen',
          body: `Helaas kan ${r.workspaceName} je reservering niet leveren.`,
        },
      };
    case 'paid':
      return {
        set: { paidAt: new Date(), paymentTokenHash: null },
        mail: { subject: 'Je betaling is ontvangen', body: 'We hebben je betaling ontvangen. Dank je wel!' },
      };
    case 'shipped': {
      const tt = r.trackAndTrace ? `\n\nVolg je pakket met deze track & trace: ${r.trackAndTrace}` : '';
      return {
        set: { completedAt: new Date() },
        mail: { subject: 'Je bestelling is verzonden', body: `Je bestelling is onderweg.${tt}` },
      };
    }
    case 'received':
      return { set: { completedAt: new Date() }, mail: null };
    case 'startReturn':
      return { set: {}, mail: null };
    case 'returned':
      return {
        set: {},
        mail: { subject: 'Je retour is ontvangen', body: `${r.workspaceName} heeft je retour ontvangen.` },
      };
    default:
      return assertNever(transition, 'transition');
  }
}

/** What each transition does to the products, in the transaction that changes the status. */
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

/** Paid: unique products are sold; stock products lose the quantity bought. */
async function markSold(tx: Tx, reservationId: string) {
  const lines = await tx
    .select({ productId: reservationProducts.productId, quantity: reservationProducts.quantity })
    .from(reservationProducts)
    .where(and(eq(reservationProducts.reservationId, reservationId), eq(reservationProducts.isAvailable, true)));
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
async function markAvailableAgain(tx: Tx, reservationId: string) {
  const lines = await tx
    .select({ productId: reservationProducts.productId, quantity: reservationProducts.quantity })
    .from(reservationProducts)
    .where(and(eq(reservationProducts.reservationId, reservationId), eq(reservationProducts.isAvailable, true)));
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
  source: string,
): Promise<void> {
  const current = await loadOne(ctx.database, actor, id);
  const from = statusOf({ status: current.status.code });
  const check = checkTransition(
    { status: from, deliveryMethodId: current.deliveryMethod.id, paused: current.isPaused },
    transition,
  );
  if (!check.allowed)
    throw conflict(check.reason === 'paused' ? MESSAGES.pausedTooltip : MESSAGES.transitionNotAllowed);
  const plan = transitionPlan(ctx, transition, current);
  await ctx.db.transaction(async (tx) => {
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
    await audit(tx, {
      actorUserId: actor?.userId ?? null,
      tenantId: row.tenantId,
      action: `reservation.${transition}`,
      entityType: 'reservation',
      entityId: id,
      data: { from, to: check.to, source },
    });
    // Queued in this transaction and sent after the commit: a slow or absent mail server no longer holds the product
    // locks, a rolled-back change sends nothing, and a committed one is sent, retried until it goes (lib/jobs.ts).
    if (plan.mail) await mailCustomer(ctx, tx, current, plan.mail.subject, plan.mail.body, plan.mail.links);
  });
  ctx.jobs.nudge();
}

export async function sendPaymentReminder(ctx: AppContext, actor: Actor, id: string) {
  const r = await loadOne(ctx.database, actor, id);
  if (!mayEdit(reservationStateOf(r), 'paymentReminder')) throw conflict();
  await ctx.db.transaction(async (tx) => {
    const token = randomToken();
    const target = await writeTargetOf(tx, r, actor.tenantId);
    if (!target || !(await updateReservation(tx, target, { paymentTokenHash: sha256(token) }))) throw conflict();
    const link = paymentLink(ctx, token);
    await mailCustomer(
      ctx,
      tx,
      r,
      'Herinnering: je reservering wacht op betaling',
      `Je reservering wacht nog op je betaling. Betaal via deze link:\n\n${link}`,
      [link],
    );
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.payment-reminder',
      entityType: 'reservation',
      entityId: id,
    });
  });
  ctx.jobs.nudge();
}

/** Guards the edits of spec 4.2: only while the server flag mayEditReservation holds (status 0 or 2). */
async function editable(ctx: AppContext, actor: Actor, id: string) {
  const r = await loadOne(ctx.database, actor, id);
  const status = statusOf({ status: r.status.code });
  if (!reservationFlags({ status, deliveryMethodId: r.deliveryMethod.id }).mayEditReservation) {
    throw conflict(MESSAGES.reservationNotEditable);
  }
  return { r, status };
}

/** Removes a product from a reservation: irreversible; a reserved product is released. */
export async function removeProduct(ctx: AppContext, actor: Actor, id: string, productId: string) {
  const { r, status } = await editable(ctx, actor, id);
  const line = r.products.find((p) => p.id === productId);
  if (!line) throw notFound();
  if (!line.isAvailable) return;
  await ctx.db.transaction(async (tx) => {
    const target = await writeTargetOf(tx, r, actor.tenantId);
    if (!target || !(await markLineUnavailable(tx, target, productId))) throw conflict(MESSAGES.reservationNotEditable);
    if (status === STATUS.awaitingPayment) {
      await tx.update(products).set({ isReserved: false, updatedAt: new Date() }).where(eq(products.id, productId));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.product-unavailable',
      entityType: 'reservation',
      entityId: id,
      data: { productId },
    });
  });
}

export async function setTrackAndTrace(ctx: AppContext, actor: Actor, id: string, trackAndTrace: string | null) {
  const r = await loadOne(ctx.database, actor, id);
  if (!mayEdit(reservationStateOf(r), 'trackAndTrace')) throw conflict(MESSAGES.reservationNotEditable);
  // The value and its audit entry together, or neither.
  await ctx.db.transaction(async (tx) => {
    const target = await writeTargetOf(tx, r, actor.tenantId);
    if (!target || !(await updateReservation(tx, target, { trackAndTrace }))) {
      throw conflict(MESSAGES.reservationNotEditable);
    }
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.track-and-trace',
      entityType: 'reservation',
      entityId: id,
      data: { trackAndTrace },
    });
  });
}

export async function changePackages(
  ctx: AppContext,
  actor: Actor,
  id: string,
  deliveryMethodId: number,
  quantity: number,
) {
  const { r } = await editable(ctx, actor, id);
  const [method] = await ctx.db.select().from(deliveryMethods).where(eq(deliveryMethods.id, deliveryMethodId));
  if (!method) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const target = await writeTargetOf(tx, r, actor.tenantId);
    const set = { deliveryMethodId, deliveryQuantity: quantity, deliveryPriceCents: method.priceCents };
    if (!target || !(await updateReservation(tx, target, set))) throw conflict(MESSAGES.reservationNotEditable);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'reservation.packages',
      entityType: 'reservation',
      entityId: id,
      data: { deliveryMethodId, quantity },
    });
  });
}
