import type { Subcategory, subcategoryInputSchema } from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { subcategories } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { createInTransaction } from '../../lib/idempotency.ts';
import { changedFields, readOnlyError } from '../../lib/read-only.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { uniqueSlug } from '../../lib/slug.ts';
import type { Actor } from '../../plugins/auth.ts';

type Input = z.output<typeof subcategoryInputSchema>;
type Row = typeof subcategories.$inferSelect;

const toSubcategory = (r: Row): Subcategory => ({
  id: r.id,
  title: r.title,
  order: r.order,
  type: r.type,
  slug: r.slug,
  body: r.body,
});

export async function listSubcategories(ctx: AppContext) {
  const rows = await ctx.db.select().from(subcategories).orderBy(asc(subcategories.order), asc(subcategories.title));
  return { items: rows.map(toSubcategory), totalCount: rows.length };
}

export async function getSubcategory(ctx: AppContext, id: string): Promise<Subcategory> {
  const [row] = await ctx.db.select().from(subcategories).where(eq(subcategories.id, id));
  if (!row) throw notFound();
  return toSubcategory(row);
}

const clean = (ctx: AppContext, body: string) =>
  sanitizeRichText(body, { profile: 'full', publicUrl: ctx.config.publicUrl });

export async function createSubcategory(ctx: AppContext, actor: Actor, input: Input): Promise<Subcategory> {
  return createInTransaction(ctx.db, async (tx) => {
    const slug = await uniqueSlug(tx, subcategories, subcategories, input.title, null);
    const [row] = await tx
      .insert(subcategories)
      .values({ title: input.title, order: input.order, body: clean(ctx, input.body), slug })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'subcategory.create',
      entityType: 'subcategory',
      entityId: row.id,
    });
    return toSubcategory(row);
  });
}

/**
 * The slug follows the title, and stays unique. The subcategory as GET returned it may come back: id and type
 * unchanged, the slug the old one or the one the title gives (else 403 naming the field).
 */
export async function updateSubcategory(ctx: AppContext, actor: Actor, id: string, input: Input): Promise<Subcategory> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subcategories).where(eq(subcategories.id, id));
    if (!current) throw notFound();
    const slug = await uniqueSlug(tx, subcategories, subcategories, input.title, id);
    const changed = changedFields(toSubcategory(current), input, ['id', 'type', 'slug']).filter(
      (k) => !(k === 'slug' && input.slug === slug),
    );
    if (changed.length) throw readOnlyError(changed);
    const [row] = await tx
      .update(subcategories)
      .set({ title: input.title, order: input.order, body: clean(ctx, input.body), slug, updatedAt: new Date() })
      .where(eq(subcategories.id, id))
      .returning();
    if (!row) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'subcategory.update',
      entityType: 'subcategory',
      entityId: id,
    });
    return toSubcategory(row);
  });
}

export async function deleteSubcategory(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(subcategories)
      .where(eq(subcategories.id, id))
      .returning({ title: subcategories.title });
    if (!row) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'subcategory.delete',
      entityType: 'subcategory',
      entityId: id,
      data: { title: row.title },
    });
  });
}
