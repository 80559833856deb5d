import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, lt, or } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { shopIdempotencyKeys } from '../db/schema/index.ts';
import { sha256 } from './crypto.ts';

/**
 * The one `Idempotency-Key` store (IETF draft-ietf-httpapi-idempotency-key-header; shop orders and the back-office's creates). The first request with a key claims it in its own short transaction (`pending`,
 * visible to every instance at once); its answer is recorded (`done`) in the transaction that makes the record, so the
 * two commit together or not at all: the shop's order in its own transaction, a back-office create through
 * `createInTransaction` below (the hook in plugins/idempotency.ts hands it the request's key). A key is scoped: a
 * back-office key is the caller's own (user and workshop), so nobody else's answer can be read with it. A claim left `pending` by a
 * process that died may be taken over after a minute; a key is forgotten after 24 hours (and removed by a recurring
 * job). Times are the app's clock (ctx.now), so a test moves them.
 */
export const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const PENDING_TAKEOVER_MS = 60_000;
export const KEPT_MS = 24 * 60 * 60 * 1000;

export type KeyRef = { keyHash: string; requestHash: string };
export type Claim =
  | { claimed: true }
  | { claimed: false; state: 'pending' | 'done'; sameRequest: boolean; status: number | null; body: unknown };

/** The stored hash of a key: the shop's keys as they are, others under their scope (`user:{tenant}:{user}:{op}`). */
export function keyRefOf(key: string, body: unknown, scope?: string): KeyRef {
  return { keyHash: sha256(scope ? `${scope}\n${key}` : key), requestHash: sha256(JSON.stringify(body ?? null)) };
}

/** Claims the key, or says what the request that holds it left (its answer, or that it still runs). */
export async function claimKey(ctx: AppContext, ref: KeyRef): Promise<Claim> {
  const t = shopIdempotencyKeys;
  const now = ctx.now();
  const claimed = await ctx.db
    .insert(t)
    .values({ ...ref, createdAt: now })
    .onConflictDoUpdate({
      target: t.keyHash,
      set: { requestHash: ref.requestHash, state: 'pending', responseStatus: null, responseBody: null, createdAt: now },
      setWhere: or(
        lt(t.createdAt, new Date(now.getTime() - KEPT_MS)),
        and(eq(t.state, 'pending'), lt(t.createdAt, new Date(now.getTime() - PENDING_TAKEOVER_MS))),
      ),
    })
    .returning({ keyHash: t.keyHash });
  if (claimed.length > 0) return { claimed: true };
  const [row] = await ctx.db.select().from(t).where(eq(t.keyHash, ref.keyHash));
  // Freed meanwhile (the first request was refused): treated as still running, the client tries again.
  if (!row) return { claimed: false, state: 'pending', sameRequest: true, status: null, body: null };
  return {
    claimed: false,
    state: row.state,
    sameRequest: row.requestHash === ref.requestHash,
    status: row.responseStatus,
    body: row.responseBody,
  };
}

/** Records the answer of the request that claimed the key (in the caller's transaction when it has one). */
export async function recordAnswer(db: DbOrTx, ref: KeyRef, status: number, body: unknown) {
  const t = shopIdempotencyKeys;
  await db
    .update(t)
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where(and(eq(t.keyHash, ref.keyHash), eq(t.requestHash, ref.requestHash)));
}

/**
 * The key a back-office request claimed (plugins/idempotency.ts), for the create's transaction to record its answer
 * under; `recorded` once it did. Request-scoped through AsyncLocalStorage, as the audit trail's origin is.
 */
export type ClaimedKey = { ref: KeyRef; status: number; recorded: boolean };
const claimedKey = new AsyncLocalStorage<ClaimedKey>();

/** Runs `next` (the rest of the request: the handler) with the key it claimed. */
export function runWithClaimedKey(claim: ClaimedKey, next: () => void) {
  claimedKey.run(claim, next);
}

/**
 * The transaction of every create marked `idempotent` in the endpoint table: `work` makes the record
 * and returns the endpoint's answer, which is recorded under the request's Idempotency-Key in the same transaction.
 * A create that committed therefore always has its answer kept (a retry after a lost reply gets it), and one that
 * rolled back never has. `recorded` is set only once the transaction committed.
 */
export async function createInTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const claim = claimedKey.getStore();
  let recordedHere = false;
  const answer = await db.transaction(async (tx) => {
    const result = await work(tx);
    if (claim && !claim.recorded) {
      await recordAnswer(tx, claim.ref, claim.status, result);
      recordedHere = true;
    }
    return result;
  });
  if (claim && recordedHere) claim.recorded = true;
  return answer;
}

/** Frees a key whose request made nothing (it was refused), so a corrected request may use it. */
export async function releaseKey(ctx: AppContext, ref: KeyRef) {
  const t = shopIdempotencyKeys;
  await ctx.db.delete(t).where(and(eq(t.keyHash, ref.keyHash), eq(t.state, 'pending')));
}

/** Removes keys older than 24 hours (the recurring job below); returns how many. */
export async function forgetOldKeys(ctx: AppContext): Promise<number> {
  const t = shopIdempotencyKeys;
  const gone = await ctx.db
    .delete(t)
    .where(lt(t.createdAt, new Date(ctx.now().getTime() - KEPT_MS)))
    .returning({ keyHash: t.keyHash });
  return gone.length;
}

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency.cleanup';

export function registerIdempotencyCleanup(ctx: AppContext) {
  ctx.jobs.every(IDEMPOTENCY_CLEANUP_JOB, ctx.config.schedulerIntervalMs, async () => {
    await forgetOldKeys(ctx);
  });
}
