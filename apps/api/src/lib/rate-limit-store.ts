import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** What @fastify/rate-limit hands `child`: the route's merged limit options with the route itself in routeInfo. */
type ChildOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/** Expired rows are swept at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit that counts in the database, so every instance sees the same counts
 * (docs/decisions/0008). One row per route and client key; a request is one atomic upsert that either starts a new
 * window (the old one has ended) or adds one to the current window, and returns the count and the time left. The
 * window starts at the first request, as in the plugin's own in-memory store; the database's clock decides, so
 * instances with slightly different clocks agree.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function sweep() {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowEnd, sql`now()`));
  }

  async function hit(route: string, key: string, timeWindow: number): Promise<Result> {
    await sweep();
    // Ended, or ending more than a window (at least a minute) after a fresh one would: the clock stepped back since it
    // began. A new window either way. The margin matters on PostgreSQL, where now() is each transaction's start: a
    // request that began a moment before another may update the row that other one just made.
    const ended = sql`(${rateLimitHits.windowEnd} <= now() OR ${rateLimitHits.windowEnd} > excluded.window_end + greatest(${timeWindow}::double precision, 60000) * interval '1 millisecond')`;
    const [row] = await db
      .insert(rateLimitHits)
      .values({
        route,
        key,
        hits: 1,
        windowEnd: sql`now() + ${timeWindow}::double precision * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: [rateLimitHits.route, rateLimitHits.key],
        set: {
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
          windowEnd: sql`CASE WHEN ${ended} THEN excluded.window_end ELSE ${rateLimitHits.windowEnd} END`,
        },
      })
      .returning({
        current: rateLimitHits.hits,
        // bigint: a window past 2^31 ms (24.8 days) overflowed int, and every request answered 500.
        ttl: sql<string>`greatest(0, ceil(extract(epoch from (${rateLimitHits.windowEnd} - now())) * 1000))::bigint`,
      });
    if (!row) throw new Error('rate limit upsert returned nothing');
    return { current: row.current, ttl: Number(row.ttl) };
  }

  async function peek(route: string, key: string): Promise<Result> {
    const [row] = await db
      .select({
        current: rateLimitHits.hits,
        ttl: sql<string>`ceil(extract(epoch from (${rateLimitHits.windowEnd} - now())) * 1000)::bigint`,
      })
      .from(rateLimitHits)
      .where(
        sql`${rateLimitHits.route} = ${route} AND ${rateLimitHits.key} = ${key} AND ${rateLimitHits.windowEnd} > now()`,
      );
    return row ? { current: row.current, ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
  }

  class DatabaseRateLimitStore {
    private readonly route: string;

    constructor(options: ChildOptions, route = '*') {
      // Both change the window on every request past the limit; this store keeps the plain fixed window only.
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error('databaseRateLimitStore: continueExceeding and exponentialBackoff are not supported');
      this.route = route;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      hit(this.route, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      peek(this.route, key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: ChildOptions) {
      const info = routeOptions.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseRateLimitStore(routeOptions, `${method} ${info.url ?? ''}`.trim() || this.route);
    }
  }
  // The plugin's typings describe child's argument as the bare route options; at run time it is ChildOptions.
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
