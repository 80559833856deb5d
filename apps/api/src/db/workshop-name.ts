import { asc, sql } from 'drizzle-orm';
import { tenants, workspaces } from './schema/index.ts';

/**
 * A workshop's name wherever the server shows or sorts by it: its profile's name, or its tenant's until the profile
 * has one. For a select with `workspaces` left-joined on the tenant.
 */
export const workshopName = sql<string>`coalesce(${workspaces.name}, ${tenants.name})`;

/** Workshops in the order of their names, ignoring case. */
export const byWorkshopName = asc(sql`lower(${workshopName})`);
