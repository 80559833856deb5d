import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productSequences, tenants } from '../../db/schema/index.ts';

const SKIP = new Set(['de', 'het', 'een', 'the', 'atelier', 'studio']);

/** A workshop's readable prefix: the first three letters of its first telling word ('De Draaischijf' → 'DRA'). */
export function prefixFor(workshopName: string): string {
  const words = workshopName
    .normalize('NFD')
    .replace(/[^\p{L}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean);
  const word = words.find((w) => !SKIP.has(w.toLowerCase())) ?? words[0] ?? 'ATL';
  return word.slice(0, 3).toUpperCase().padEnd(3, 'X');
}

/**
 * The next product number of a tenant (prefix + sequence). One upsert statement bumps the counter
 * under the row's lock, so concurrent creates always get distinct numbers.
 */
export async function nextProductNumber(db: DbOrTx, workshopId: string): Promise<string> {
  const [workshop] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, workshopId));
  const [row] = await db
    .insert(productSequences)
    .values({ tenantId: workshopId, prefix: prefixFor(workshop?.name ?? ''), lastNumber: 1 })
    .onConflictDoUpdate({
      target: productSequences.tenantId,
      set: { lastNumber: sql`${productSequences.lastNumber} + 1` },
    })
    .returning({ prefix: productSequences.prefix, lastNumber: productSequences.lastNumber });
  if (!row) throw new Error('product sequence upsert returned nothing');
  return `${row.prefix}-${String(row.lastNumber).padStart(4, '0')}`;
}
