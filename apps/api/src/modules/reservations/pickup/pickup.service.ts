import { createHmac } from 'node:crypto';
import {
  checkTransition,
  HISTORY_ACTORS,
  MESSAGES,
  PAID_STATUSES,
  type PickupView,
  pickupWebPath,
  type Reservation,
  reservationStateOf,
  STATUS,
} from '@ateliermarkt/contract';
import { and, desc, eq, isNull, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { auditLog, reservations, users } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { sha256 } from '../../../lib/crypto.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { conflict, loadOne } from '../reservation-access.ts';
import { applyTransition } from '../transitions/reservation-transitions.service.ts';

/**
 * Scan to hand over (docs/decisions/0033). The pick-up slip's QR code links to `PUBLIC_URL/ophalen/{token}`;
 * the token is an HMAC of the reservation id under a key derived from the server's secret (unguessable, and the same
 * on every print of the slip), and the database keeps only its SHA-256, by which the counter screen finds the
 * reservation. Handing over is the state machine's 'received' transition, done by the scanning user.
 */

function pickupToken(ctx: AppContext, reservationId: string): string {
  const key = createHmac('sha256', ctx.config.jwtSecret).update('ateliermarkt pick-up slip token v1').digest();
  return createHmac('sha256', key).update(reservationId).digest('base64url');
}

/** The link of the slip's QR code; stores its token's hash so the link finds this reservation. */
export async function pickupLink(ctx: AppContext, reservationId: string): Promise<string> {
  const token = pickupToken(ctx, reservationId);
  const hash = sha256(token);
  // Written once (and again only after the secret changed): printing a slip again changes nothing.
  await ctx.db
    .update(reservations)
    .set({ pickupTokenHash: hash })
    .where(
      and(
        eq(reservations.id, reservationId),
        or(isNull(reservations.pickupTokenHash), ne(reservations.pickupTokenHash, hash)),
      ),
    );
  return `${ctx.config.publicUrl}${pickupWebPath(token)}`;
}

/** The reservation of a token, within the caller's own workshop: anything else is 404. */
async function reservationOfToken(ctx: AppContext, actor: Actor, token: string): Promise<Reservation> {
  const [found] = await ctx.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.pickupTokenHash, sha256(token)),
        eq(reservations.tenantId, actor.tenantId ?? crypto.randomUUID()),
      ),
    );
  if (!found) throw notFound();
  return loadOne(ctx.database, actor, found.id);
}

/** When and by whom it was handed over: the newest 'received' entry of its audit log. */
async function handedOver(ctx: AppContext, r: Reservation): Promise<PickupView['handedOver']> {
  // Only a reservation past 'paid' with pick-up delivery can have been handed over.
  if (!AFTER_HAND_OVER.includes(reservationStateOf(r).status)) return null;
  const [entry] = await ctx.db
    .select({ at: auditLog.at, userId: auditLog.actorUserId, name: users.name, surname: users.surname })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.entityType, 'reservation'),
        eq(auditLog.entityId, r.id),
        eq(auditLog.action, 'reservation.received'),
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(1);
  if (!entry) return null;
  const by =
    entry.name !== null
      ? `${entry.name} ${entry.surname ?? ''}`.trim()
      : entry.userId
        ? HISTORY_ACTORS.formerUser
        : HISTORY_ACTORS.automatic;
  return { at: entry.at.toISOString(), by };
}

const AFTER_HAND_OVER: readonly number[] = [STATUS.pickedUp, STATUS.returning, STATUS.returnReceived];

function mayHandOver(r: Reservation): boolean {
  return checkTransition(reservationStateOf(r), 'received').allowed;
}

/** Why it cannot be handed over now: not yet paid, or not a pick-up reservation. */
function refusalOf(r: Reservation): string {
  return PAID_STATUSES.includes(reservationStateOf(r).status) ? MESSAGES.pickupNotHere : MESSAGES.pickupNotPaid;
}

async function viewOf(ctx: AppContext, r: Reservation): Promise<PickupView> {
  const may = mayHandOver(r);
  const done = may ? null : await handedOver(ctx, r);
  return {
    id: r.id,
    orderNumber: r.orderNumber,
    customerName: r.name,
    customerEmail: r.email,
    products: r.products
      .filter((p) => p.isAvailable)
      .map((p) => ({ name: p.name, quantity: p.quantity, image: p.productImage })),
    statusName: r.status.name,
    mayHandOver: may,
    refusal: may || done ? null : refusalOf(r),
    handedOver: done,
  };
}

export async function getPickup(ctx: AppContext, actor: Actor, token: string): Promise<PickupView> {
  return viewOf(ctx, await reservationOfToken(ctx, actor, token));
}

/**
 * Hands it over: 'received' from paid with pick-up delivery. Already handed over answers what happened then, also
 * when a second scan loses the race against the first; not yet paid is refused with its own reason.
 */
export async function handOverPickup(ctx: AppContext, actor: Actor, token: string): Promise<PickupView> {
  const r = await reservationOfToken(ctx, actor, token);
  const before = await viewOf(ctx, r);
  if (before.handedOver) return before;
  if (before.refusal) throw conflict(before.refusal);
  try {
    await applyTransition(ctx, actor, r.id, 'received', 'scan');
  } catch (error) {
    const now = await viewOf(ctx, await loadOne(ctx.database, actor, r.id));
    if (error instanceof AppError && now.handedOver) return now;
    throw error;
  }
  return viewOf(ctx, await loadOne(ctx.database, actor, r.id));
}
