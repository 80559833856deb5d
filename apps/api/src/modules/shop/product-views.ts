/**
 * The shop's view counter counts a visitor once per product per day: reloading a product page, or a
 * script asking it a thousand times, adds one view. A visitor is the client address with its user agent, kept only
 * as a hash together with the day and the product, so the table holds no addresses and a hash cannot be followed
 * from one day to the next. Only today's rows matter; earlier days are deleted, so the table stays the size of one
 * day's visitors.
 */
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productViews } from '../../db/schema/index.ts';

export type Visitor = { ip: string; userAgent: string };

/** Today's date in the Netherlands, `YYYY-MM-DD` (a day of views starts at midnight there). */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const viewDay = (at: Date = new Date()) => dayFormat.format(at);

export function visitorHash(day: string, productId: string, visitor: Visitor): string {
  return createHash('sha256').update(`${day}\n${productId}\n${visitor.ip}\n${visitor.userAgent}`).digest('base64url');
}

/** Earlier days are deleted at most this often per app instance (keyed by its database). */
const FORGET_EVERY_MS = 60_000;
const lastForget = new WeakMap<DbOrTx, number>();

/**
 * Counts a view of a product that is in the shop (published, of a published workshop), unless this visitor was
 * counted for it today. One statement: the visitor's row and the count go in together or not at all, and
 * concurrent views neither get lost nor count twice.
 */
export async function countView(db: DbOrTx, productId: string, visitor: Visitor): Promise<void> {
  const day = viewDay();
  await db.execute(sql`
    WITH fresh AS (
      INSERT INTO product_views (day, product_id, visitor)
      SELECT ${day}::date, p.id, ${visitorHash(day, productId, visitor)} FROM products p
      WHERE p.id = ${productId} AND p.is_published
        AND p.tenant_id IN (SELECT w.tenant_id FROM workspaces w WHERE w.is_published)
      ON CONFLICT DO NOTHING
      RETURNING product_id
    )
    UPDATE products SET view_count = view_count + 1 WHERE id IN (SELECT product_id FROM fresh)`);
  const now = Date.now();
  if (now - (lastForget.get(db) ?? 0) >= FORGET_EVERY_MS) {
    lastForget.set(db, now);
    await forgetEarlierDays(db, day);
  }
}

/** Deletes the visitors of the days before `today`: they can no longer be counted twice. */
export async function forgetEarlierDays(db: DbOrTx, today: string = viewDay()): Promise<void> {
  await db.delete(productViews).where(lt(productViews.day, today));
}
