import { MESSAGES, RESOURCE_READ_ONLY, type Resource, type SetResourceValue } from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { resources } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { refuseChanges } from '../../lib/read-only.ts';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text.ts';
import type { Actor } from '../../plugins/auth.ts';

const toResource = (r: typeof resources.$inferSelect): Resource => ({
  id: r.id,
  name: r.name,
  value: r.value,
  description: r.description,
});

export async function listResources(ctx: AppContext): Promise<Resource[]> {
  const rows = await ctx.db.select().from(resources).orderBy(asc(resources.name));
  return rows.map(toResource);
}

/**
 * The texts use the basic toolbar; an empty value is refused. The resource as GET returned it may come
 * back: only its value changes (the rest unchanged, else 403 naming the field).
 */
export async function setResourceValue(ctx: AppContext, actor: Actor, id: string, input: SetResourceValue) {
  const [current] = await ctx.db.select().from(resources).where(eq(resources.id, id));
  if (!current) throw notFound();
  refuseChanges(toResource(current), input, RESOURCE_READ_ONLY);
  const value = sanitizeRichText(input.value, { profile: 'basic', publicUrl: ctx.config.publicUrl });
  if (isBlankRichText(value)) throw fieldError('value', MESSAGES.resourceValueRequired);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(resources)
      .set({ value, updatedAt: new Date() })
      .where(eq(resources.id, id))
      .returning({ id: resources.id, name: resources.name });
    if (!row) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'resource.setValue',
      entityType: 'resource',
      entityId: id,
      data: { name: row.name },
    });
  });
}
