import { ERROR_CODES, MESSAGES, STATUS } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { replacedPaymentLinks, reservations } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';
import { isTarget, type WriteTarget } from '../reservations.repository.ts';

/**
 * The payment link of a reservation awaiting payment (docs/decisions/0037): a random token whose SHA-256 the
 * reservation keeps. A newer link (an edit's new quote, a reminder) replaces it; the old hash is kept in
 * replaced_payment_links so the old link can say it was replaced. Nothing about the new token is kept beside the old.
 */

/** Locks the reservation row for the rest of the transaction while it is still as the caller read it. */
export async function lockTarget(tx: Tx, target: WriteTarget): Promise<boolean> {
  const rows = await tx.select({ id: reservations.id }).from(reservations).where(isTarget(target)).for('update');
  return rows.length > 0;
}

/**
 * Gives the reservation a new payment token and records the old one as replaced, in the caller's transaction.
 * Undefined when the reservation is no longer as the caller read it (the caller answers 409).
 */
export async function replacePaymentToken(tx: Tx, target: WriteTarget): Promise<string | undefined> {
  const [row] = await tx
    .select({ hash: reservations.paymentTokenHash })
    .from(reservations)
    .where(isTarget(target))
    .for('update');
  if (!row) return undefined;
  if (row.hash) {
    await tx
      .insert(replacedPaymentLinks)
      .values({ tokenHash: row.hash, reservationId: target.id })
      .onConflictDoNothing();
  }
  const token = randomToken();
  await tx
    .update(reservations)
    .set({ paymentTokenHash: sha256(token), updatedAt: new Date() })
    .where(isTarget(target));
  return token;
}

/** A replaced link of a reservation that still awaits payment: its order number and when it was replaced. */
export async function replacedLink(db: DbOrTx, token: string, reservationId?: string) {
  const [row] = await db
    .select({ orderNumber: reservations.orderNumber, replacedAt: replacedPaymentLinks.replacedAt })
    .from(replacedPaymentLinks)
    .innerJoin(reservations, eq(reservations.id, replacedPaymentLinks.reservationId))
    .where(
      and(
        eq(replacedPaymentLinks.tokenHash, sha256(token)),
        eq(reservations.status, STATUS.awaitingPayment),
        reservationId ? eq(reservations.id, reservationId) : undefined,
      ),
    );
  return row ?? null;
}

/** Why a token does not pay: it was replaced by a newer link (409), or it names no payment at all. */
export async function refusalOf(db: DbOrTx, token: string, reservationId?: string): Promise<AppError> {
  return (await replacedLink(db, token, reservationId))
    ? new AppError(ERROR_CODES.conflict, MESSAGES.paymentLinkReplaced)
    : new AppError(ERROR_CODES.notFound, MESSAGES.paymentInvalid);
}

/** The reservation awaiting payment through this token, locked for the transaction that pays it. */
export async function lockByToken(tx: Tx, token: string, reservationId?: string) {
  const [row] = await tx
    .select({ id: reservations.id, orderNumber: reservations.orderNumber })
    .from(reservations)
    .where(
      and(
        eq(reservations.paymentTokenHash, sha256(token)),
        eq(reservations.status, STATUS.awaitingPayment),
        reservationId ? eq(reservations.id, reservationId) : undefined,
      ),
    )
    .for('update');
  return row ?? null;
}
