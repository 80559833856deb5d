import { type Category, cleanCategoryTitle, normalizeCategoryTitle } from '@ateliermarkt/contract';
import { asc, eq, inArray } from 'drizzle-orm';
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

/** Categories (main or custom) by id, those that exist. */
export async function categoriesByIds(db: DbOrTx, ids: string[]): Promise<Map<string, Category>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(columns).from(categories).where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Custom categories by title: created when new, reused when the title already exists. */
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
