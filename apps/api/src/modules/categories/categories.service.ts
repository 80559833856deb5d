import { type Category, cleanCategoryTitle, normalizeCategoryTitle } from '@ateliermarkt/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';

const columns = { id: categories.id, title: categories.title, isMainCategory: categories.isMainCategory };

/** GET categories/all: the main categories. */
export function listMainCategories(db: DbOrTx): Promise<Category[]> {
  return db.select(columns).from(categories).where(eq(categories.isMainCategory, true)).orderBy(asc(categories.title));
}

/** GET subcategories/all: the custom categories typed in the wizard (shared by all workshops). */
export function listCustomCategories(db: DbOrTx): Promise<Category[]> {
  return db.select(columns).from(categories).where(eq(categories.isMainCategory, false)).orderBy(asc(categories.title));
}

/** The ids that are main categories, of those given. */
export async function existingMainCategoryIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.isMainCategory, true)));
  return new Set(rows.map((r) => r.id));
}

/** Custom categories by title: created when new, reused when the title already exists (DECISIONS.md). */
export async function ensureCustomCategories(db: DbOrTx, titles: string[]): Promise<string[]> {
  const byKey = new Map<string, string>();
  for (const title of titles) {
    const clean = cleanCategoryTitle(title);
    if (clean) byKey.set(normalizeCategoryTitle(clean), clean);
  }
  if (byKey.size === 0) return [];
  await db
    .insert(categories)
    .values([...byKey].map(([normalizedTitle, title]) => ({ title, normalizedTitle, isMainCategory: false })))
    .onConflictDoNothing({ target: categories.normalizedTitle });
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.normalizedTitle, [...byKey.keys()]));
  return rows.map((r) => r.id);
}
