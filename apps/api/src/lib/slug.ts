import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** How long a slug may be and what it is when nothing of the text is left (a title of only signs). */
export type SlugOptions = { maxLength: number; fallback: string };

/** Content pages and subcategories: `/keramiek-en-glas`. */
export const PAGE_SLUG: SlugOptions = { maxLength: 80, fallback: 'pagina' };
/** A workshop's address in the shop. */
export const WORKSHOP_SLUG: SlugOptions = { maxLength: 60, fallback: 'atelier' };

/** 'Keramiek & Glas ë' → 'keramiek-en-glas-e': the one slug rule of the app (URLs of pages, subcategories, shops). */
export function slugify(text: string, options: SlugOptions = PAGE_SLUG): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' en ')
    // One dash per run, so one at most at either end (`/-+$/` would backtrack quadratically on a run of dashes).
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, options.maxLength)
    .replace(/-$/, '');
  return slug || options.fallback;
}

/** A slug made from the text that no other row of the table has: `titel`, `titel-2`, `titel-3`, ... */
export async function uniqueSlug(
  db: DbOrTx,
  table: PgTable,
  columns: { slug: PgColumn; id: PgColumn },
  text: string,
  exceptId: string | null,
  options: SlugOptions = PAGE_SLUG,
): Promise<string> {
  const base = slugify(text, options);
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
