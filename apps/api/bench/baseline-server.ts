/**
 * The servers of `npm run bench`, in one process on one database handle (PGlite allows one process per data
 * directory, and the real and the bare routes are measured in alternating short rounds, so that the bench compares like with like, so both must be up
 * at once):
 *  - the real app (buildApp, as server.ts builds it) on REAL_PORT;
 *  - on PORT, `GET /const`: a bare Fastify route returning a constant, the machine's ceiling;
 *  - on PORT, `POST /write?tenant=ID`: a committed write (that workshop's data version goes up, without `tenant` the
 *    shared data's), for the cold dashboard calls;
 *  - on PORT, `GET /same-sql/:name`: a bare Fastify route running exactly the SQL our route runs for call `name`,
 *    through the same driver and connection settings (PGlite, or node-postgres with a pool of 10 and jit off; a
 *    statement the app keeps prepared per connection under a name, or with its generic plan, is run so here too), with no auth, validation, ORM
 *    or mapping: the database's floor.
 * The SQL is not copied by hand: `POST /capture` (the calls as JSON: name, method, url, headers, body) sends each call
 * once through the real app (app.inject) with a Drizzle query logger (and a logging `arrays`, the path of
 * raw-select.ts) switched on, and answers the statements and their parameters per call.
 *
 * Input: PORT, REAL_PORT, DATA_DIR, DATABASE_URL. Output on stdout: one line `BENCH_SERVERS_READY` once both listen.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type Db, withGenericPlans } from '../src/db/client.ts';
import { createPostgresListener } from '../src/db/listen.ts';
import * as schema from '../src/db/schema/index.ts';

export type BenchCall = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
};
/**
 * A captured statement; `name` when the app runs it as a statement kept per connection (preparedSelect's keepPlan),
 * `plan` when it runs with its generic plan.
 */
type Statement = { sql: string; params: unknown[]; name?: string; plan?: 'generic' };

const config = loadConfig(process.env, { webDistDir: null });
const realPort = Number(process.env.REAL_PORT);
if (!realPort) throw new Error('REAL_PORT is missing');

let log: Statement[] = [];
/**
 * Set only inside the captured call (app.inject): the app's background jobs (deadlines, invoices of a closed month)
 * run on the same database handle at the same time, and their statements are not the call's.
 */
const inCall = new AsyncLocalStorage<true>();
const capturing = () => inCall.getStore() === true;
const logger = { logQuery: (sql: string, params: unknown[]) => capturing() && log.push({ sql, params }) };

let run: (sql: string, params: unknown[], name?: string, plan?: 'generic') => Promise<unknown[]>;
let database: Database;
if (config.databaseUrl) {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, options: '-c jit=off' });
  database = {
    db: drizzlePg(pool, { schema, logger }) as unknown as Db,
    kind: 'postgres',
    withStartupLock: (work) => work(),
    arrays: async (text, params, name, plan) => {
      if (capturing()) log.push({ sql: text, params, ...(name ? { name } : {}), ...(plan ? { plan } : {}) });
      if (name && plan === 'generic')
        return withGenericPlans(pool, (client) =>
          client.query<unknown[]>({ text, values: params, rowMode: 'array', name }),
        );
      return (await pool.query<unknown[]>({ text, values: params, rowMode: 'array', ...(name ? { name } : {}) })).rows;
    },
    listen: createPostgresListener(config.databaseUrl).listen,
    close: () => pool.end(),
  };
  run = async (sql, params, name, plan) =>
    name && plan === 'generic'
      ? withGenericPlans(pool, (client) => client.query({ text: sql, values: params, name }))
      : (await pool.query({ text: sql, values: params, ...(name ? { name } : {}) })).rows;
} else {
  const client = new PGlite(path.join(config.dataDir, 'pgdata'), { extensions: { pg_trgm } });
  await client.waitReady;
  database = {
    db: drizzlePglite(client, { schema, logger }) as unknown as Db,
    kind: 'pglite',
    withStartupLock: (work) => work(),
    arrays: async (text, params) => {
      if (capturing()) log.push({ sql: text, params });
      return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
  run = async (sql, params) => (await client.query(sql, params)).rows;
}

// The real app, serving from the start (the bench logs in through it and then sends the calls to capture).
const { app } = await buildApp({ config, database });
await app.listen({ port: realPort, host: '127.0.0.1' });

const captured: Record<string, Statement[]> = {};
/** Each call once through the real app, recording the statements it runs. */
async function capture(calls: BenchCall[]) {
  for (const call of calls) {
    log = [];
    // Awaited inside the context: inject's answer starts the request only when awaited.
    const res = await inCall.run(
      true,
      async () =>
        await app.inject({
          method: call.method,
          url: call.url,
          headers: call.headers,
          ...(call.body === undefined ? {} : { payload: call.body as Record<string, unknown> }),
        }),
    );
    if (log.length === 0) console.warn(`${call.name}: no statement captured (its same-SQL route runs nothing)`);
    if (res.statusCode !== 200) throw new Error(`${call.name}: the real app answered ${res.statusCode}: ${res.body}`);
    captured[call.name] = log;
  }
  return captured;
}

// Serve: the constant, and each call's statements run one after the other, the rows sent as JSON.
const bare = Fastify({ logger: false });
bare.get('/const', async () => ({ ok: true }));
bare.post<{ Body: BenchCall[] }>('/capture', async (req) => capture(req.body));
// A committed write that changes no row the app shows: the shared data's version goes up (as every write's does,
// migrations 0007 and 0033), so whatever the app remembers per data version is read afresh (a cold call).
// The workshop `?tenant=` names (default: the shared data) is written to: figures remembered per workshop
// (docs/decisions/0077) are read afresh for that workshop.
bare.post<{ Querystring: { tenant?: string } }>('/write', async (req) => ({
  rows: (
    await run('select am_bump_versions(array[$1]::uuid[])', [
      req.query.tenant ?? '00000000-0000-0000-0000-000000000000',
    ])
  ).length,
}));
// What the bench polls between calls: answers once the database has worked off its queue.
bare.get('/api/health', async () => ({ rows: (await run('select 1 as one', [])).length }));
bare.get<{ Params: { name: string } }>('/same-sql/:name', async (req, reply) => {
  const statements = captured[req.params.name];
  if (!statements) return reply.code(404).send({ error: 'unknown call' });
  const results: unknown[][] = [];
  for (const s of statements) results.push(await run(s.sql, s.params, s.name, s.plan));
  return results;
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    Promise.all([bare.close(), app.close()])
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
await bare.listen({ port: config.port, host: '127.0.0.1' });
console.log('BENCH_SERVERS_READY');
