import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { roles, tenants, users, workspaces } from '../../db/schema/index.ts';

/** ABP-style normalisation for case-insensitive unique user names and e-mail addresses. */
export const normalize = (value: string) => value.trim().toUpperCase();

/** Condition for "belongs to this tenant", where null is the host. */
export function inTenant(tenantId: string | null): SQL {
  return tenantId ? eq(users.tenantId, tenantId) : isNull(users.tenantId);
}

/** One user with role and tenant, scoped to the tenant given. */
export async function findUserInTenant(db: DbOrTx, tenantId: string | null, where: SQL | undefined) {
  const [row] = await db
    .select({
      user: users,
      roleName: roles.name,
      tenantName: tenants.name,
      tenantSlug: tenants.slug,
      workspacePublished: workspaces.isPublished,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(workspaces, eq(workspaces.tenantId, users.tenantId))
    .where(and(inTenant(tenantId), where))
    .limit(1);
  return row ?? null;
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserInTenant>>>;

/** The public workshop page, when the shop's address is configured and the workshop is published. */
export function tenantUrl(shopUrl: string | null, slug: string | null, published: boolean | null): string | null {
  return shopUrl && slug && published ? `${shopUrl}/ateliers/${slug}` : null;
}
