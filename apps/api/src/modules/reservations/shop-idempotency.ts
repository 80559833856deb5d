import { ERROR_CODES, SHOP_MESSAGES, type ShopReservationRequest } from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { shopIdempotencyKeys } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { customerUrl } from './customer-link.ts';
import { placeReservation } from './shop-orders.service.ts';

/**
 * `Idempotency-Key` on shop orders (issue 24.2, IETF draft-ietf-httpapi-idempotency-key-header): the first request
 * with a key claims it in its own short transaction (`pending`, visible to every instance at once); the order's own
 * transaction records the answer (`done`), so a reservation and its key commit together. A repeat with the same body
 * answers the first answer; with another body 422; while the first still runs 409. A claim left `pending` by a process
 * that died (its order rolled back with it) may be taken over after a minute; a key is forgotten after 24 hours.
 */
const KEY = /^[\x21-\x7e]{1,255}$/;
const PENDING_TAKEOVER = sql`interval '1 minute'`;
const KEPT = sql`interval '24 hours'`;

export type PlacedAnswer = { id: string; orderNumber: string; customerUrl: string; replayed: boolean };

export async function placeReservationOnce(
  ctx: AppContext,
  key: string | undefined,
  input: ShopReservationRequest,
): Promise<PlacedAnswer> {
  if (key === undefined) return { ...(await placeReservation(ctx, input)), replayed: false };
  if (!KEY.test(key)) throw fieldError('Idempotency-Key', SHOP_MESSAGES.idempotencyKeyInvalid);
  const keyHash = sha256(key);
  const requestHash = sha256(JSON.stringify(input));
  const t = shopIdempotencyKeys;
  const claimed = await ctx.db
    .insert(t)
    .values({ keyHash, requestHash })
    .onConflictDoUpdate({
      target: t.keyHash,
      set: { requestHash, state: 'pending', responseStatus: null, responseBody: null, createdAt: sql`now()` },
      setWhere: sql`${t.createdAt} < now() - ${KEPT} or (${t.state} = 'pending' and ${t.createdAt} < now() - ${PENDING_TAKEOVER})`,
    })
    .returning({ keyHash: t.keyHash });
  if (claimed.length === 0) return replay(ctx, keyHash, requestHash);
  try {
    const placed = await placeReservation(ctx, input, {
      inTransaction: (tx: Tx, answer) =>
        tx
          .update(t)
          .set({ state: 'done', responseStatus: 201, responseBody: answer })
          .where(and(eq(t.keyHash, keyHash), eq(t.requestHash, requestHash))),
    });
    return { ...placed, replayed: false };
  } catch (error) {
    // Refused (or failed): nothing was ordered, so the key is free again for a corrected request.
    await ctx.db.delete(t).where(and(eq(t.keyHash, keyHash), eq(t.state, 'pending')));
    throw error;
  }
}

async function replay(ctx: AppContext, keyHash: string, requestHash: string): Promise<PlacedAnswer> {
  const t = shopIdempotencyKeys;
  const [row] = await ctx.db.select().from(t).where(eq(t.keyHash, keyHash));
  // Freed meanwhile (the first request was refused): this one is a new attempt with a key that was never used.
  if (!row) throw new AppError(ERROR_CODES.idempotencyKeyInProgress, SHOP_MESSAGES.idempotencyKeyInProgress);
  if (row.state !== 'done' || !row.responseBody)
    throw new AppError(ERROR_CODES.idempotencyKeyInProgress, SHOP_MESSAGES.idempotencyKeyInProgress);
  if (row.requestHash !== requestHash)
    throw new AppError(ERROR_CODES.idempotencyKeyReused, SHOP_MESSAGES.idempotencyKeyReused);
  const answer = row.responseBody as { id: string; orderNumber: string };
  return { id: answer.id, orderNumber: answer.orderNumber, customerUrl: customerUrl(ctx, answer.id), replayed: true };
}
