import { ERROR_CODES, SHOP_MESSAGES, STATUS } from '@ateliermarkt/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { products, reservationProducts, reservations } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';

/**
 * Stock that cannot be oversold (docs/storefront.md). A product's `quantity` is what is on hand: paying
 * lowers it (markSold). Between approval and payment a reservation (status 2) holds its quantity, so
 *   available = quantity − what approved, unpaid reservations hold.
 * A new reservation (status 0) holds nothing: the shop takes it while enough is available, and approving it checks
 * again, under a lock of the product rows, so of two approvals of the last piece exactly one wins. Unique products
 * keep their own rule (reserved, paused: an order is only a request until approved).
 */
export async function heldQuantities(
  db: DbOrTx,
  productIds: readonly string[],
  exceptReservationId?: string,
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: reservationProducts.productId,
      held: sql<number>`coalesce(sum(${reservationProducts.quantity}), 0)::int`,
    })
    .from(reservationProducts)
    .innerJoin(reservations, eq(reservations.id, reservationProducts.reservationId))
    .where(
      and(
        inArray(reservationProducts.productId, [...productIds]),
        eq(reservationProducts.isAvailable, true),
        eq(reservations.status, STATUS.awaitingPayment),
        exceptReservationId ? ne(reservations.id, exceptReservationId) : undefined,
      ),
    )
    .groupBy(reservationProducts.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.held)]));
}

export const availableOf = (quantity: number, held: number) => Math.max(quantity - held, 0);

export const outOfStock = (message: string) => new AppError(ERROR_CODES.outOfStock, message);

/**
 * Approval's check, in its transaction after the product rows are locked: each stock product of the reservation
 * must still be available in the quantity wanted beside what the other approved reservations hold (409 naming it).
 */
export async function refuseBeyondStock(tx: Tx, reservationId: string, wanted: ReadonlyMap<string, number>) {
  const rows = await tx
    .select({ id: products.id, name: products.name, quantity: products.quantity, unique: products.isUniqueEdition })
    .from(products)
    .where(inArray(products.id, [...wanted.keys()]));
  const stocked = rows.filter((p) => !p.unique);
  const held = await heldQuantities(
    tx,
    stocked.map((p) => p.id),
    reservationId,
  );
  for (const p of stocked) {
    const available = availableOf(p.quantity, held.get(p.id) ?? 0);
    if ((wanted.get(p.id) ?? 0) > available) throw outOfStock(SHOP_MESSAGES.approveOutOfStock(p.name, available));
  }
}
