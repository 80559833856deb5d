/**
 * API benchmark: `npm run bench [-- --db=pglite|postgres] [-- --quick]`.
 *
 * On the large marketplace (`npm run seed:large`; the PGlite data directory is kept in bench-results/data-large, so
 * a re-run does not seed again), it starts baseline-server.ts: one process with the real app (buildApp, as
 * server.ts) and the bare routes on the same database: a constant route (the machine's ceiling) and, per read call,
 * a bare route running the same SQL through the same driver (the database's floor). Load comes from autocannon in
 * this process, 10 connections per call. Each read call is measured against its same-SQL route in alternating short
 * rounds (real, bare, real, bare, …), so a change of the machine's load (it is shared) hits both alike. For each call
 * it prints req/s, p50/p95/p99 latency, the server's peak RSS during the call and the ratio to its same-SQL
 * baseline, checks the throughput and latency targets, and writes bench-results/<timestamp>.json and
 * bench-results/latest.json.
 *
 * --db=postgres uses DATABASE_URL, or starts a throw-away server with scripts/with-postgres.sh (then it seeds each
 * run: the server is gone afterwards). The transition call rejects reservations, so it uses up the data a little;
 * delete bench-results/data-large to start afresh. `--only=TEXT` measures only the calls whose name contains TEXT
 * (e.g. `--only=products?maxResultCount`), with their ETag call, and skips the log-in, the transition and the import.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchCall } from './baseline-server.ts';
import { freePort } from './free-port.ts';

/** The reservations overview's request: open reservations, newest first, 25 per page. */
const SCREEN_PAGE = 'status=open&skipCount=0&maxResultCount=25&sorting=reservationDate%20desc';
const PRODUCT_SEARCH_PAGE = 'skipCount=0&maxResultCount=25&search=vaas&availability=available&sorting=price%20desc';
/** The same page among every status, as a search asks it. */
const SEARCH_PAGE = 'status=all&skipCount=0&maxResultCount=25&sorting=reservationDate%20desc';
const root = path.resolve(import.meta.dirname, '../../..');
const outDir = path.join(root, 'bench-results');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const dbArg = args.find((a) => a.startsWith('--db='))?.slice(5) ?? 'pglite';
if (dbArg !== 'pglite' && dbArg !== 'postgres') throw new Error(`--db=${dbArg}: use pglite or postgres`);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const unknown = args.filter((a) => a !== '--quick' && !a.startsWith('--db=') && !a.startsWith('--only='));
if (unknown.length) throw new Error(`unknown options: ${unknown.join(' ')}`);

if (dbArg === 'postgres' && !process.env.DATABASE_URL) {
  // A throw-away PostgreSQL server for this run (PG_PORT picks its port).
  const res = spawnSync(
    path.join(root, 'scripts/with-postgres.sh'),
    [process.execPath, '--import', 'tsx', import.meta.filename, ...args],
    { stdio: 'inherit', cwd: root },
  );
  process.exit(res.status ?? 1);
}

const CONNECTIONS = 10;
const DURATION = quick ? 3 : 10;
/** Rounds per read call: real and same-SQL alternate, each DURATION / ROUNDS seconds per round. */
const ROUNDS = quick ? 2 : 4;
/** Reservations rejected per run (the data is used up a little each time). */
const TRANSITIONS = quick ? 40 : 150;
const PASSWORD = 'Atelier2026!';
const BIG_ADMIN = 'beheer@groot-atelier-01.nl';
const SUPER_ADMIN = 'admin@ateliermarkt.nl';
const dataDir = path.join(outDir, dbArg === 'pglite' ? 'data-large' : 'data-large-postgres');
const databaseUrl = dbArg === 'postgres' ? (process.env.DATABASE_URL ?? null) : null;

/** The targets at the large size: each read within these of its same-SQL baseline. */
const TARGETS = {
  readShareOfBaseline: 0.6,
  productsP95: dbArg === 'postgres' ? 100 : 250,
  otherP95: dbArg === 'postgres' ? 50 : null,
  /** The dashboard at p95 ≤ 150 ms on PostgreSQL. */
  dashboardP95: dbArg === 'postgres' ? 150 : null,
};

const NO_DEADLINES = {
  RESERVATION_REMIND_AFTER: '100000d',
  RESERVATION_EXPIRE_AFTER: '100000d',
  PAYMENT_REMIND_AFTER: '100000d',
  PAYMENT_EXPIRE_AFTER: '100000d',
};

function childEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: '1',
    // The log-in call is measured, not limited.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The seeded reservations stay as seeded: no deadline rejects or reminds them during a run.
    ...NO_DEADLINES,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** Starts a node child and waits until `ready` says so (a line on stdout, or an HTTP check). */
async function start(script: string, env: NodeJS.ProcessEnv, ready: (line: string) => boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env,
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (d) => {
      buffer += d;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (ready(line)) resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} stopped (${code}): ${stderr.slice(-2000)}`)));
  });
  return { child, lines };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

type Measured = {
  name: string;
  requests: number;
  errors: number;
  statusCodes: Record<string, number>;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  peakRssMb: number;
};

type LoadOptions = {
  name: string;
  url: string;
  pid: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A different path per request (the transition). */
  paths?: string[];
  expect?: number;
};

/** One call under load: autocannon at 10 connections; latencies from every response, RSS sampled every 50 ms. */
async function load(o: LoadOptions): Promise<Measured> {
  const first = await loadOnce(o, null, DURATION);
  // A call slower than the duration allows gets too few answers: measure a fixed number of requests instead.
  return summarize(o, [
    first.requests >= 2 * CONNECTIONS || o.paths ? first : await loadOnce(o, 2 * CONNECTIONS, DURATION),
  ]);
}

/**
 * A read call and its same-SQL route in alternating rounds: real, bare, real, bare, … each DURATION /
 * ROUNDS seconds (or, for a slow call, at least CONNECTIONS requests); the rounds of each side are summed.
 */
async function alternate(real: LoadOptions, bare: LoadOptions): Promise<[Measured, Measured]> {
  const seconds = Math.max(1, Math.round(DURATION / ROUNDS));
  const reals: Round[] = [];
  const bares: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [o, rounds] of [
      [real, reals],
      [bare, bares],
    ] as const) {
      const once = await loadOnce(o, null, seconds);
      rounds.push(once.requests >= CONNECTIONS ? once : await loadOnce(o, CONNECTIONS, seconds));
    }
  }
  return [summarize(real, reals), summarize(bare, bares)];
}

type Round = {
  latencies: number[];
  requests: number;
  errors: number;
  statusCodes: Record<string, number>;
  seconds: number;
  peakKb: number;
};

function summarize(o: LoadOptions, rounds: Round[]): Measured {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const codes: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statusCodes)) codes[code] = (codes[code] ?? 0) + n;
  const seconds = rounds.reduce((t, r) => t + r.seconds, 0);
  const errors = rounds.reduce((t, r) => t + r.errors, 0);
  return {
    name: o.name,
    requests: latencies.length,
    errors: latencies.length === 0 ? Math.max(1, errors) : errors,
    statusCodes: codes,
    reqPerSec: round(latencies.length / (seconds || DURATION)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    peakRssMb: Math.round(Math.max(...rounds.map((r) => r.peakKb)) / 1024),
  };
}

async function loadOnce(o: LoadOptions, amount: number | null, duration: number): Promise<Round> {
  const latencies: number[] = [];
  let peak = rssKb(o.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(o.pid));
  }, 50);
  let next = 0;
  const paths = o.paths;
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: o.url,
        connections: CONNECTIONS,
        duration,
        // Slow lists are measured, not cut off.
        timeout: 120,
        ...(paths ? { amount: paths.length } : amount ? { amount } : {}),
        method: o.method ?? 'GET',
        headers: { ...(o.body ? { 'content-type': 'application/json' } : {}), ...o.headers },
        body: o.body,
        ...(paths
          ? {
              requests: [
                {
                  setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length] }),
                },
              ],
            }
          : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(o.pid));
  const expected = String(o.expect ?? 200);
  const codes: Record<string, number> = {};
  for (const [code, n] of Object.entries(result.statusCodeStats ?? {})) codes[code] = (n as { count: number }).count;
  const good = codes[expected] ?? 0;
  await drain(o.url);
  return {
    latencies,
    requests: latencies.length,
    errors: Math.max(result.errors + result.timeouts, latencies.length - good),
    statusCodes: codes,
    seconds: result.duration || duration,
    peakKb: peak,
  };
}
/** Waits until the server has worked off what the last call left queued (a quick answer from /api/health). */
async function drain(url: string) {
  const health = `${new URL(url).origin}/api/health`;
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    const t0 = performance.now();
    const ok = await fetch(health).then(
      (r) => r.arrayBuffer().then(() => true),
      () => false,
    );
    if (ok && performance.now() - t0 < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const round = (n: number) => Math.round(n * 100) / 100;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

// 1. The large data (seed:large is idempotent: it says so and adds nothing when the data is there). One run at a
// time: two servers on one PGlite directory would damage it.
mkdirSync(dataDir, { recursive: true });
const lock = path.join(dataDir, '.bench.lock');
try {
  writeFileSync(lock, String(process.pid), { flag: 'wx' });
} catch {
  throw new Error(`another benchmark runs on ${dataDir} (pid ${readFileSync(lock, 'utf8')}); if not, delete ${lock}`);
}
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(lock, { force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
console.log(
  `Benchmark on ${dbArg}${quick ? ' (quick)' : ''}, ${CONNECTIONS} connections, ${DURATION} s per call in ${ROUNDS} alternating rounds; machine load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
{
  const seeded = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/large.ts'], {
    cwd: root,
    env: childEnv(3000),
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`seed:large failed: ${res.stderr}`);
  const counts = /Aantallen: .*/.exec(res.stdout)?.[0] ?? '';
  console.log(`seed:large ${((Date.now() - seeded) / 1000).toFixed(1)} s. ${counts}`);
}

// 2. The real app and the bare routes, in one process on the same database (baseline-server.ts).
const port = await freePort();
const basePort = await freePort();
const base = `http://127.0.0.1:${port}`;
const bareBase = `http://127.0.0.1:${basePort}`;
const server = await start(
  'apps/api/bench/baseline-server.ts',
  { ...childEnv(basePort), REAL_PORT: String(port) },
  (line) => line === 'BENCH_SERVERS_READY',
);
const pid = server.child.pid ?? 0;
const results: Record<string, Measured> = {};
const baselines: Record<string, Measured> = {};
let calls: BenchCall[] = [];
let captured: Record<string, { sql: string; params: unknown[] }[]> = {};
/** The bench server's write (POST): one committed write in the large workshop. */
let writeUrl = '';
/** Per cold call: the writes committed while it was measured. */
const writesDuring: Record<string, number> = {};
try {
  const workshops = await json<{ id: string; name: string }[]>(await fetch(`${base}/api/workspaces/available`));
  const big = workshops.find((w) => w.name.endsWith(' 01'));
  if (!big) throw new Error('the large data has no groot-atelier-01: run npm run seed:large');
  const loginBody = JSON.stringify({ userNameOrEmailAddress: BIG_ADMIN, password: PASSWORD });
  const login = async (workshop: string | null, body: string) =>
    (
      await json<{ auth_token: string }>(
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(workshop ? { __tenant: workshop } : {}) },
          body,
        }),
      )
    ).auth_token;
  const adminToken = await login(big.id, loginBody);
  const superToken = await login(null, JSON.stringify({ userNameOrEmailAddress: SUPER_ADMIN, password: PASSWORD }));
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const asSuper = { authorization: `Bearer ${superToken}` };
  // One product and one reservation of the large workshop, for the single reads.
  const [oneProduct, oneReservation] = await Promise.all(
    ['products', 'reservations/all'].map(async (list) => {
      const first = await json<{ items: { id: string }[] }>(
        await fetch(`${base}/api/${list}?skipCount=0&maxResultCount=1`, { headers: asAdmin }),
      );
      const id = first.items[0]?.id;
      if (!id) throw new Error(`${list}: the large workshop has none`);
      return id;
    }),
  );

  calls = [
    { name: 'identity/my-profile', method: 'GET', url: '/api/identity/my-profile', headers: asAdmin },
    { name: 'products?maxResultCount=999', method: 'GET', url: '/api/products?maxResultCount=999', headers: asAdmin },
    // What the product overview asks: one page, searched on name and code, filtered, sorted.
    { name: 'products page (search)', method: 'GET', url: `/api/products?${PRODUCT_SEARCH_PAGE}`, headers: asAdmin },
    {
      name: 'products page (super admin)',
      method: 'GET',
      url: `/api/products?${PRODUCT_SEARCH_PAGE}`,
      headers: asSuper,
    },
    {
      name: 'products/search',
      method: 'POST',
      url: '/api/products/search',
      headers: { ...asSuper, 'content-type': 'application/json' },
      body: { query: 'vaas blauw' },
    },
    {
      name: 'reservations/all (workshop admin)',
      method: 'GET',
      url: '/api/reservations/all?status=open',
      headers: asAdmin,
    },
    {
      name: 'reservations/all (super admin)',
      method: 'GET',
      url: '/api/reservations/all?status=open',
      headers: asSuper,
    },
    // What the reservations screen asks (docs/decisions/0010): one sorted page of open reservations.
    {
      name: 'reservations/all page (workshop admin)',
      method: 'GET',
      url: `/api/reservations/all?${SCREEN_PAGE}`,
      headers: asAdmin,
    },
    {
      name: 'reservations/all page (super admin)',
      method: 'GET',
      url: `/api/reservations/all?${SCREEN_PAGE}`,
      headers: asSuper,
    },
    // The screen's search (customer names and e-mails, product names) among every status, a sort by
    // amount, and the tab counts asked with each search.
    {
      name: 'reservations/all search (workshop admin)',
      method: 'GET',
      url: `/api/reservations/all?${SEARCH_PAGE}&search=mulder`,
      headers: asAdmin,
    },
    {
      name: 'reservations/all search product (super admin)',
      method: 'GET',
      url: `/api/reservations/all?${SEARCH_PAGE}&search=karaf`,
      headers: asSuper,
    },
    {
      name: 'reservations/all by amount (workshop admin)',
      method: 'GET',
      url: '/api/reservations/all?status=all&skipCount=0&maxResultCount=25&sorting=amount%20desc',
      headers: asAdmin,
    },
    {
      name: 'reservations/all by amount (super admin)',
      method: 'GET',
      url: '/api/reservations/all?status=all&skipCount=0&maxResultCount=25&sorting=amount%20desc',
      headers: asSuper,
    },
    {
      name: 'reservations/counts search (workshop admin)',
      method: 'GET',
      url: '/api/reservations/counts?search=mulder',
      headers: asAdmin,
    },
    { name: 'reservations/counts (super admin)', method: 'GET', url: '/api/reservations/counts', headers: asSuper },
    { name: 'shop/products', method: 'GET', url: '/api/shop/products?page=1&pageSize=24' },
    // The homes' dashboard and the single reads behind the detail and edit screens.
    { name: 'dashboard (workshop admin)', method: 'GET', url: '/api/dashboard', headers: asAdmin },
    { name: 'dashboard (super admin)', method: 'GET', url: '/api/dashboard', headers: asSuper },
    { name: 'products/{id}', method: 'GET', url: `/api/products/${oneProduct}`, headers: asAdmin },
    { name: 'reservations/{id}', method: 'GET', url: `/api/reservations/${oneReservation}`, headers: asAdmin },
  ];
  calls = calls.filter((call) => !only || call.name.includes(only));
  const page = await json<{ items: unknown[] }>(
    await fetch(`${base}/api/products?maxResultCount=999`, { headers: asAdmin }),
  );
  console.log(`products?maxResultCount=999 as ${BIG_ADMIN} returns ${page.items.length} rows`);

  // The captured calls are cold: a write in the large workshop first, so nothing remembered per data version (the
  // dashboard's month totals and 'Te doen' of that workshop) is left out of the SQL the same-SQL routes replay.
  writeUrl = `${bareBase}/write?tenant=${big.id}`;
  await json(await fetch(writeUrl, { method: 'POST' }));
  captured = await json<typeof captured>(
    await fetch(`${bareBase}/capture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls),
    }),
  );

  console.log(
    '\nReal app and its same-SQL bare route (bare Fastify, same driver, no auth/validation/ORM), alternating:',
  );
  baselines.constant = await load({ name: 'constant', url: `${bareBase}/const`, pid });
  report(baselines.constant);
  if (!only) {
    results['auth/login'] = await load({
      name: 'auth/login',
      url: `${base}/api/auth/login`,
      pid,
      method: 'POST',
      headers: { __tenant: big.id },
      body: loginBody,
    });
    report(results['auth/login']);
  }
  for (const call of calls) {
    const [measured, same] = await alternate(
      {
        name: call.name,
        url: `${base}${call.url}`,
        pid,
        method: call.method,
        headers: call.headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      },
      { name: `same SQL: ${call.name}`, url: `${bareBase}/same-sql/${encodeURIComponent(call.name)}`, pid },
    );
    results[call.name] = measured;
    baselines[call.name] = same;
    report(measured);
    report(same);
    // The dashboard remembers its month totals and 'Te doen' per workshop and data version (docs/decisions/0070,
    // 0077): the rounds above are warm (no write during them). Cold: the same load while writes commit back to back
    // in the large workshop (the workshop admin's; for the super admin one workshop of the marketplace), so the
    // calls read that workshop afresh.
    if (call.name.startsWith('dashboard')) {
      const name = `${call.name} (cold)`;
      const [cold, writes] = await withWrites(() =>
        load({
          name,
          url: `${base}${call.url}`,
          pid,
          method: call.method,
          headers: call.headers,
        }),
      );
      results[name] = cold;
      writesDuring[name] = writes;
      report(cold);
      console.log(`  ${''.padEnd(44)} ${writes} writes committed during it`);
    }
  }
  // The conditional GET: the same list asked again with its ETag.
  for (const call of calls.filter((c) => c.url.includes('products?') || c.url.includes('reservations/all'))) {
    const first = await fetch(`${base}${call.url}`, { headers: call.headers });
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    if (!etag) throw new Error(`${call.name}: no ETag`);
    const name = `${call.name} (304)`;
    results[name] = await load({
      name,
      url: `${base}${call.url}`,
      pid,
      headers: { ...call.headers, 'if-none-match': etag },
      expect: 304,
    });
    report(results[name]);
  }
  // A transition: rejecting new and awaiting-payment reservations, one per request, at most TRANSITIONS per run, in
  // the second largest workshop (so the lists measured above keep their shape from run to run).
  if (!only) await transitions();
  async function transitions() {
    const second = workshops.find((w) => w.name.endsWith(' 02'));
    if (!second) throw new Error('the large data has no groot-atelier-02');
    const secondAdmin = {
      authorization: `Bearer ${await login(second.id, JSON.stringify({ userNameOrEmailAddress: 'beheer@groot-atelier-02.nl', password: PASSWORD }))}`,
    };
    const list = await json<{ id: string; status: { code: number } }[]>(
      await fetch(`${base}/api/reservations/all?status=open`, { headers: secondAdmin }),
    );
    const rejectable = list
      .filter((r) => r.status.code === 0 || r.status.code === 2)
      .map((r) => r.id)
      .slice(0, TRANSITIONS);
    if (rejectable.length < 20) console.log(`only ${rejectable.length} reservations left to reject: delete ${dataDir}`);
    else {
      results['reservations/:id/reject'] = await load({
        name: 'reservations/:id/reject',
        url: `${base}/api/reservations`,
        pid,
        method: 'POST',
        headers: secondAdmin,
        paths: rejectable.map((id) => `/api/reservations/${id}/reject`),
        expect: 204,
      });
      report(results['reservations/:id/reject']);
    }
  }
} finally {
  await stop(server.child);
}

/** Runs `work` while writes commit one after the other; answers its result and how many writes committed. */
async function withWrites<T>(work: () => Promise<T>): Promise<[T, number]> {
  let writes = 0;
  let running = true;
  const writer = (async () => {
    while (running) {
      await json(await fetch(writeUrl, { method: 'POST' }));
      writes += 1;
    }
  })();
  try {
    const result = await work();
    return [result, writes];
  } finally {
    running = false;
    await writer;
  }
}

function report(m: Measured) {
  const errors = m.errors ? `  (${m.errors} unexpected answers: ${JSON.stringify(m.statusCodes)})` : '';
  console.log(
    `  ${m.name.padEnd(44)} ${String(m.reqPerSec).padStart(7)} req/s  p50 ${m.p50} ms  p95 ${m.p95} ms  p99 ${m.p99} ms  peak RSS ${m.peakRssMb} MB${errors}`,
  );
}

// 3. PostgreSQL only: the dashboard's statements with the server's JIT on and off (the pool sets it off),
// each three times, the median of their summed time.
const jitFigures: Record<string, { jitOnMs: number; jitOffMs: number }> = {};
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    console.log('\nThe dashboard statements with PostgreSQL JIT on and off (median of 3, all statements of the call):');
    for (const name of Object.keys(captured).filter((n) => n.startsWith('dashboard'))) {
      const timed = async (jit: 'on' | 'off') => {
        await client.query(`set jit = ${jit}`);
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          for (const statement of captured[name] ?? []) await client.query(statement.sql, statement.params);
          runs.push(performance.now() - t0);
        }
        return round(runs.sort((a, b) => a - b)[1] ?? Number.NaN);
      };
      jitFigures[name] = { jitOnMs: await timed('on'), jitOffMs: await timed('off') };
      console.log(
        `  ${name.padEnd(44)} jit on ${jitFigures[name].jitOnMs} ms, jit off ${jitFigures[name].jitOffMs} ms`,
      );
    }
  } finally {
    await client.end();
  }
}

// 4. The table, the targets, the files.
/**
 * The original unpaged call returns every open reservation (11,000 for the super admin at the large size): the bare
 * SQL alone takes longer than 50 ms, so its p95 is measured, not held to the latency target. The reservations screen
 * asks one page at a time (docs/decisions/0010): the `page` calls carry that target. The ratio target holds for both.
 */
const UNPAGED = new Set(['reservations/all (workshop admin)', 'reservations/all (super admin)']);
/** Why a target cannot hold on this machine, printed next to it when it is missed. */
const BY_DESIGN: Record<string, string> = {
  'auth/login':
    'argon2id with OWASP parameters (19 MiB, 2 passes) costs tens of ms of CPU per log-in by design; 10 at once on 2 cores queue',
};
const constant = baselines.constant as Measured;
type Row = Measured & {
  sameSqlReqPerSec: number | null;
  ratioToSameSql: number | null;
  ratioToConstant: number;
  statements: number | null;
  targets: { name: string; met: boolean }[];
};
const table: Row[] = Object.values(results).map((m) => {
  const same = baselines[m.name];
  const ratio = same ? round(m.reqPerSec / same.reqPerSec) : null;
  const targets: { name: string; met: boolean }[] = [];
  const isRead = Boolean(same) && m.name !== 'shop/products';
  if (isRead && ratio !== null)
    targets.push({ name: `>= ${TARGETS.readShareOfBaseline * 100} % of same-SQL req/s`, met: ratio >= 0.6 });
  if (m.name === 'products?maxResultCount=999')
    targets.push({ name: `p95 < ${TARGETS.productsP95} ms`, met: m.p95 < TARGETS.productsP95 });
  else if (m.name.startsWith('dashboard')) {
    if (TARGETS.dashboardP95 !== null)
      targets.push({ name: `p95 <= ${TARGETS.dashboardP95} ms`, met: m.p95 <= TARGETS.dashboardP95 });
  } else if (TARGETS.otherP95 !== null && !UNPAGED.has(m.name))
    targets.push({ name: `p95 < ${TARGETS.otherP95} ms`, met: m.p95 < TARGETS.otherP95 });
  if (m.name.endsWith('(304)')) targets.push({ name: 'answers 304', met: m.errors === 0 && m.requests > 0 });
  if (m.errors) targets.push({ name: 'no unexpected answers', met: false });
  return {
    ...m,
    sameSqlReqPerSec: same?.reqPerSec ?? null,
    ratioToSameSql: ratio,
    ratioToConstant: round(m.reqPerSec / constant.reqPerSec),
    statements: captured[m.name]?.length ?? null,
    targets,
  };
});

console.log(
  `\n${'call'.padEnd(44)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'RSS MB'.padStart(7)} ${'same-SQL'.padStart(9)} ${'ratio'.padStart(6)} ${'vs const'.padStart(8)}  targets`,
);
for (const r of table) {
  console.log(
    `${r.name.padEnd(44)} ${String(r.reqPerSec).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.peakRssMb).padStart(7)} ${String(r.sameSqlReqPerSec ?? '–').padStart(9)} ${(r.ratioToSameSql === null ? '–' : r.ratioToSameSql.toFixed(2)).padStart(6)} ${r.ratioToConstant.toFixed(3).padStart(8)}  ${r.targets.map((t) => `${t.met ? 'OK' : 'MISSED'} ${t.name}`).join('; ') || '–'}`,
  );
}
console.log(
  `\nceiling (constant route): ${constant.reqPerSec} req/s, p95 ${constant.p95} ms. Ratio = our req/s ÷ the same SQL's req/s through a bare route (1.00 = no overhead).`,
);
const missed = table.flatMap((r) => r.targets.filter((t) => !t.met).map((t) => `${r.name}: ${t.name}`));
console.log(missed.length ? `Targets missed:\n  ${missed.join('\n  ')}` : 'All targets met.');
for (const [name, why] of Object.entries(BY_DESIGN))
  if (missed.some((line) => line.startsWith(`${name}:`))) console.log(`  ${name}: ${why}`);
if (UNPAGED.size) console.log(`Latency measured, not targeted: ${[...UNPAGED].join(', ')} (the screen asks pages).`);

const at = new Date().toISOString();
const output = {
  benchmark: 'api',
  at,
  database: dbArg,
  quick,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  targets: TARGETS,
  calls: table,
  baselines,
  sql: captured,
  jit: jitFigures,
  writesDuringColdCalls: writesDuring,
  machineLoad: loadavg(),
};
mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `${at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten: ${path.relative(root, file)} and bench-results/latest.json`);

// The spreadsheet import on its own fresh server: 2,000 rows with 500 photos (fewer with --quick); not with --only.
const importRun = only
  ? undefined
  : spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'import.bench.ts'),
        ...(quick ? ['--rows=200', '--photos=50'] : []),
      ],
      { stdio: 'inherit', cwd: root },
    );
if (importRun && importRun.status !== 0) process.exitCode = 1;
