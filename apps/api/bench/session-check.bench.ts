/**
 * What the per-request session check (docs/decisions/0018) costs on `GET /api/identity/my-profile`, the smallest
 * authenticated read: the real app on an in-memory PGlite with the demo data (or on DATABASE_URL), one workshop admin's
 * token, autocannon at 10 connections, alternating three ways of checking, each run several times:
 * no check (the token alone, as before), the check with this instance's short cache (what ships), and a database read
 * on every request (no cache); then the session read against the profile's own read, without HTTP. A script, not a
 * test: it prints req/s and p97.5 per way, and ms per read.
 *
 *   node --import tsx apps/api/bench/session-check.bench.ts [--seconds=3] [--rounds=3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createSessionGate, SESSION_CACHE_MS } from '../src/modules/auth/sessions.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = arg('seconds', 3);
const rounds = arg('rounds', 3);

const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-session-bench-'));
const databaseUrl = process.env.DATABASE_URL ?? null;
const database = await openDatabase({ databaseUrl, pgliteDir: null });
const config = loadConfig(
  { DATA_DIR: dataDir, DEMO_DATA: '1', RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'silent' },
  { webDistDir: null, databaseUrl },
);
const { app, ctx } = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const base = `http://127.0.0.1:${address.port}`;

const workshops = (await (await fetch(`${base}/api/workspaces/available`)).json()) as { id: string; name: string }[];
const workshop = workshops.find((t) => t.name === 'De Draaischijf')?.id ?? '';
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', [WORKSHOP_HEADER]: workshop },
  body: JSON.stringify({ userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: DEMO_PASSWORD }),
});
const token = ((await login.json()) as { auth_token: string }).auth_token;

const shipped = ctx.sessions.isCurrent;
const uncached = createSessionGate(database, { cacheMs: 0 }).isCurrent;
const ways = {
  'no check (token only)': async () => true,
  [`check, ${SESSION_CACHE_MS} ms cache (shipped)`]: shipped,
  'check, read every request': uncached,
};

async function load(): Promise<{ rps: number; p95: number; non2xx: number }> {
  const result = await autocannon({
    url: `${base}/api/identity/my-profile`,
    connections: 10,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return { rps: result.requests.average, p95: result.latency.p97_5, non2xx: result.non2xx };
}

const results: Record<string, { rps: number[]; p95: number[]; non2xx: number }> = {};
await load(); // warm-up
for (let round = 0; round < rounds; round++) {
  for (const [name, isCurrent] of Object.entries(ways)) {
    ctx.sessions.isCurrent = isCurrent;
    const r = await load();
    const entry = results[name] ?? { rps: [], p95: [], non2xx: 0 };
    entry.rps.push(r.rps);
    entry.p95.push(r.p95);
    entry.non2xx += r.non2xx;
    results[name] = entry;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const baseline = median(results['no check (token only)']?.rps ?? []);
console.log(
  `GET /api/identity/my-profile, ${database.kind}, 10 connections, ${rounds} × ${seconds} s per way (median):`,
);
for (const [name, r] of Object.entries(results)) {
  const rps = median(r.rps);
  console.log(
    `  ${name.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s  p97.5 ${median(r.p95).toFixed(1).padStart(5)} ms  ` +
      `${((rps / baseline) * 100).toFixed(0)} %${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ''}`,
  );
}
// The same without HTTP: the profile's own read against the session read, alternating in batches, so a machine
// whose load changes (two shared cores here) affects both alike. Per call, median over the batches.
const { findActorRow } = await import('../src/modules/auth/index.ts');
const actor = await ctx.signer.verify(token);
const batches = { 'profile read (findActorRow)': [] as number[], 'session read (uncached check)': [] as number[] };
for (let b = 0; b < 40; b++) {
  for (const name of Object.keys(batches) as (keyof typeof batches)[]) {
    const start = performance.now();
    for (let i = 0; i < 50; i++) {
      if (name === 'profile read (findActorRow)')
        await findActorRow(database, { userId: actor.userId, tenantId: actor.tenantId });
      else await uncached(actor);
    }
    batches[name].push((performance.now() - start) / 50);
  }
}
console.log('one read, sequential, 40 batches of 50 (median ms per call):');
for (const [name, xs] of Object.entries(batches)) console.log(`  ${name.padEnd(34)} ${median(xs).toFixed(3)} ms`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
