import { ERROR_CODES, SHOP_MESSAGES, type ShopReservationRequest } from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { claimKey, KEY_PATTERN, keyRefOf, recordAnswer, releaseKey } from '../../lib/idempotency.ts';
import { customerUrl } from '../reservations/index.ts';
import { placeReservation } from './shop-orders.service.ts';

/**
 * `Idempotency-Key` on shop orders through the one key store (lib/idempotency.ts): the order's own
 * transaction records the answer, so a reservation and its key commit together. A repeat with the same body answers
 * the first answer; with another body 422; while the first still runs 409.
 */
export type PlacedAnswer = { id: string; orderNumber: string; customerUrl: string; replayed: boolean };

export async function placeReservationOnce(
  ctx: AppContext,
  key: string | undefined,
  input: ShopReservationRequest,
): Promise<PlacedAnswer> {
  if (key === undefined) return { ...(await placeReservation(ctx, input)), replayed: false };
  if (!KEY_PATTERN.test(key)) throw fieldError('Idempotency-Key', SHOP_MESSAGES.idempotencyKeyInvalid);
  const ref = keyRefOf(key, input);
  const claim = await claimKey(ctx, ref);
  if (!claim.claimed) {
    if (claim.state !== 'done' || !claim.body)
      throw new AppError(ERROR_CODES.idempotencyKeyInProgress, SHOP_MESSAGES.idempotencyKeyInProgress);
    if (!claim.sameRequest) throw new AppError(ERROR_CODES.idempotencyKeyReused, SHOP_MESSAGES.idempotencyKeyReused);
    const answer = claim.body as { id: string; orderNumber: string };
    return { id: answer.id, orderNumber: answer.orderNumber, customerUrl: customerUrl(ctx, answer.id), replayed: true };
  }
  try {
    const placed = await placeReservation(ctx, input, {
      inTransaction: (tx: Tx, answer) => recordAnswer(tx, ref, 201, answer),
    });
    return { ...placed, replayed: false };
  } catch (error) {
    // Refused (or failed): nothing was ordered, so the key is free again for a corrected request.
    await releaseKey(ctx, ref);
    throw error;
  }
}
