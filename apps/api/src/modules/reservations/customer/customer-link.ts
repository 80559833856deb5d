import { createHmac } from 'node:crypto';
import { customerReservationWebPath } from '@ateliermarkt/contract';
import type { AppContext } from '../../../context.ts';
import { sha256 } from '../../../lib/crypto.ts';

/**
 * The customer's own link `PUBLIC_URL/reservering/{token}`, made as the pick-up slip's (docs/decisions/
 * 0033): an HMAC of the reservation id under a key derived from the server's secret, so it cannot be guessed or
 * enumerated, every mail can carry it again, and the database keeps only its SHA-256 (by which the link is found).
 */
export function customerToken(ctx: Pick<AppContext, 'config'>, reservationId: string): string {
  const key = createHmac('sha256', ctx.config.jwtSecret).update('ateliermarkt customer link token v1').digest();
  return createHmac('sha256', key).update(reservationId).digest('base64url');
}

export const customerTokenHash = (ctx: Pick<AppContext, 'config'>, reservationId: string) =>
  sha256(customerToken(ctx, reservationId));

export function customerUrl(ctx: Pick<AppContext, 'config'>, reservationId: string): string {
  return `${ctx.config.publicUrl}${customerReservationWebPath(customerToken(ctx, reservationId))}`;
}
