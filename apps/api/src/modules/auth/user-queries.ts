import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { drizzleOf, preparedSelect, type ReadSource, selectRows } from '../../db/raw-select.ts';
import { roles, tenants, users, workspaces } from '../../db/schema/index.ts';

/** ABP-style normalisation for case-insensitive unique user names and e-mail addresses. */
export const normalize = (value: string) => value.trim().toUpperCase();

/** Condition for "belongs to this tenant", where null is the host. */
export function inTenant(workshopId: string | null): SQL {
  return workshopId ? eq(users.tenantId, workshopId) : isNull(users.tenantId);
}

/** One user with role and tenant, scoped to the tenant given. */
const userFields = {
  user: users,
  roleName: roles.name,
  tenantName: tenants.name,
  tenantSlug: tenants.slug,
  workspacePublished: workspaces.isPublished,
};

export async function findUserInTenant(source: ReadSource, workshopId: string | null, where: SQL | undefined) {
  const [row] = await selectRows(
    source,
    userFields,
    drizzleOf(source)
      .select(userFields)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .leftJoin(workspaces, eq(workspaces.tenantId, users.tenantId))
      .where(and(inTenant(workshopId), where))
      .limit(1),
  );
  return row ?? null;
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserInTenant>>>;

/** The public workshop page, when the shop's address is configured and the workshop is published. */
export function tenantUrl(shopUrl: string | null, slug: string | null, published: boolean | null): string | null {
  return shopUrl && slug && published ? `${shopUrl}/ateliers/${slug}` : null;
}

/**
 * The calling user's own row (every screen asks for the profile): `findUserInTenant` by id, with its SQL built once.
 * A tenant id of null is the host, hence `is not distinct from`; the id alone picks the row by its primary key.
 */
export const findActorRow = preparedSelect(
  userFields,
  (qb) =>
    qb
      .select(userFields)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .leftJoin(workspaces, eq(workspaces.tenantId, users.tenantId))
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          sql`${users.tenantId} is not distinct from ${sql.placeholder('tenantId')}::uuid`,
        ),
      )
      .limit(1),
  { keepPlan: true },
);
