import type { Page, pageInputSchema } from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { createInTransaction } from '../../lib/idempotency.ts';
import { changedFields, readOnlyError } from '../../lib/read-only.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { uniqueSlug } from '../../lib/slug.ts';
import type { Actor } from '../../plugins/auth.ts';

type Input = z.output<typeof pageInputSchema>;
type Row = typeof pages.$inferSelect;

export const toPage = (r: Row): Page => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  body: r.body,
  position: r.position,
  isFooterPage: r.isFooterPage,
});

/** Main-menu pages first, then footer pages, each by position. */
export async function listPages(ctx: AppContext): Promise<Page[]> {
  const rows = await ctx.db
    .select()
    .from(pages)
    .orderBy(asc(pages.isFooterPage), asc(pages.position), asc(pages.title));
  return rows.map(toPage);
}

const clean = (ctx: AppContext, body: string) =>
  sanitizeRichText(body, { profile: 'full', publicUrl: ctx.config.publicUrl });

/** What a caller writes of a page; `id` and `slug` of a GET body sent to POST describe another page. */
const editable = ({ title, position, isFooterPage }: Input) => ({ title, position, isFooterPage });

export async function createPage(ctx: AppContext, actor: Actor, input: Input): Promise<Page> {
  return createInTransaction(ctx.db, async (tx) => {
    const slug = await uniqueSlug(tx, pages, pages, input.title, null);
    const [row] = await tx
      .insert(pages)
      .values({ ...editable(input), body: clean(ctx, input.body), slug })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'page.create',
      entityType: 'page',
      entityId: row.id,
    });
    return toPage(row);
  });
}

/** The page as GET returned it may come back: id unchanged, the slug the old one or the one the title gives. */
export async function updatePage(ctx: AppContext, actor: Actor, id: string, input: Input): Promise<Page> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(pages).where(eq(pages.id, id));
    if (!current) throw notFound();
    const slug = await uniqueSlug(tx, pages, pages, input.title, id);
    const changed = changedFields(toPage(current), input, ['id', 'slug']).filter(
      (k) => !(k === 'slug' && input.slug === slug),
    );
    if (changed.length) throw readOnlyError(changed);
    const [row] = await tx
      .update(pages)
      .set({ ...editable(input), body: clean(ctx, input.body), slug, updatedAt: new Date() })
      .where(eq(pages.id, id))
      .returning();
    if (!row) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'page.update',
      entityType: 'page',
      entityId: id,
    });
    return toPage(row);
  });
}

export async function deletePage(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(pages).where(eq(pages.id, id)).returning({ title: pages.title });
    if (!row) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'page.delete',
      entityType: 'page',
      entityId: id,
      data: { title: row.title },
    });
  });
}
