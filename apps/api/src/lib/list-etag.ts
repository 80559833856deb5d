/**
 * Conditional GET for the lists (docs/decisions/0011-list-etags.md). The ETag is computed before the list is built,
 * from the data versions the database triggers keep (migration 0007): one small query. When the client's
 * If-None-Match carries it, the answer is 304 without a body and the list is never loaded.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { preparedSelect } from '../db/raw-select.ts';
import { dataVersions } from '../db/schema/index.ts';
import type { Actor } from '../plugins/auth.ts';

/** The version row of shared data (categories, delivery methods, host users). */
export const HOST_VERSION_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Changes with every start: a new server version may shape a list differently for the same data. (Instances behind
 * one load balancer then answer with different ETags, which costs a 200 now and then, never a wrong 304.)
 */
const BOOT_ID = randomUUID();

/**
 * The data version a list depends on: one tenant's (with the shared data), or, for lists over every tenant
 * (`null`), the sum of all versions. Each version only grows and rows are never deleted, so the sum grows with
 * every change, whichever commits first.
 */
const versionFields = { v: sql<string>`coalesce(sum(${dataVersions.version}), 0)::text` };
const workshopVersion = preparedSelect(
  versionFields,
  (qb) =>
    qb
      .select(versionFields)
      .from(dataVersions)
      .where(or(eq(dataVersions.tenantId, sql.placeholder('tenantId')), eq(dataVersions.tenantId, HOST_VERSION_ID))),
  { keepPlan: true },
);
const allVersions = preparedSelect(versionFields, (qb) => qb.select(versionFields).from(dataVersions), {
  keepPlan: true,
});

export async function dataVersion(
  database: Pick<Database, 'arrays' | 'kind'>,
  workshopId: string | null,
): Promise<string> {
  const [row] = workshopId
    ? await workshopVersion(database, { tenantId: workshopId })
    : await allVersions(database, {});
  return row?.v ?? '0';
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Answers 304 (and returns true) when the client already has this list; otherwise sets the ETag and returns false,
 * and the route builds the list. The ETag covers the URL (path and query), who asks (the tenant scope) and the
 * data version. `visibility` is `private` for back-office lists and `public` for the shop's.
 */
export async function notModified(
  database: Pick<Database, 'arrays' | 'kind'>,
  req: FastifyRequest,
  reply: FastifyReply,
  scope: { tenantId: string | null; who: string; visibility: 'private' | 'public' },
): Promise<boolean> {
  const version = await dataVersion(database, scope.tenantId);
  const hash = createHash('sha256').update(`${BOOT_ID}\n${req.url}\n${scope.who}\n${version}`).digest('base64url');
  const etag = `W/"${hash.slice(0, 27)}"`;
  reply.header('ETag', etag).header('Cache-Control', `${scope.visibility}, no-cache`);
  if (!matches(req.headers['if-none-match'], etag)) return false;
  await reply.code(304).send();
  return true;
}

/** The scope of a back-office list: the super admin's spans every tenant, anyone else's their own tenant. */
export function backOfficeScope(actor: Actor) {
  return actor.kind === 'superAdmin'
    ? { tenantId: null, who: 'all', visibility: 'private' as const }
    : { tenantId: actor.tenantId ?? HOST_VERSION_ID, who: `tenant:${actor.tenantId}`, visibility: 'private' as const };
}
