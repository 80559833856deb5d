import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';

/** 'Keramiek & Glas ë' → 'keramiek-glas-e'. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' en ')
    // One dash per run, so one at most at either end (`/-+$/` would backtrack quadratically on a run of dashes).
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
  return slug || 'pagina';
}

/** A slug made from the title that no other row of the table has: `titel`, `titel-2`, `titel-3`, ... */
export async function uniqueSlug(
  db: DbOrTx,
  table: PgTable,
  columns: { slug: PgColumn; id: PgColumn },
  title: string,
  exceptId: string | null,
): Promise<string> {
  const base = slugify(title);
  const conditions: SQL[] = [sql`(${columns.slug} = ${base} or ${columns.slug} like ${`${base}-%`})`];
  if (exceptId) conditions.push(sql`${columns.id} <> ${exceptId}`);
  const rows = (await db
    .select({ slug: columns.slug })
    .from(table)
    .where(and(...conditions))) as { slug: string }[];
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
