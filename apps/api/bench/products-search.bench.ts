/**
 * Benchmark of `POST /api/products/search` (issue 4: p95 under 50 ms with 10,000 products), on the real app over
 * HTTP, on embedded PGlite or on the PostgreSQL server of DATABASE_URL. Run with `npm run bench`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { products, tenants } from '../src/db/schema/index.ts';
import { createTestApp } from '../src/test/test-app.ts';

const PRODUCTS = 10_000;
const REQUESTS = 2_000;
/** One person typing, and ten at once (the load of issue 8's benchmarks). */
const CONCURRENCIES = [1, 10];
const TARGET_P95_MS = 50;

const WORDS = [
  'vaas',
  'schaal',
  'mok',
  'bord',
  'kom',
  'kan',
  'theepot',
  'lamp',
  'kussen',
  'plaid',
  'sjaal',
  'ketting',
  'oorbellen',
  'ring',
  'armband',
  'karaf',
  'glas',
  'kandelaar',
  'doos',
  'mand',
  'spiegel',
  'klok',
  'beeld',
  'poster',
  'prent',
  'tas',
  'portemonnee',
  'riem',
  'muts',
  'deken',
];
const COLOURS = ['blauw', 'groen', 'rood', 'oker', 'zand', 'grijs', 'terracotta', 'zee', 'mos', 'roest'];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const t = await createTestApp();
try {
  const tenantRows = await t.ctx.db.select().from(tenants);
  const started = Date.now();
  for (let offset = 0; offset < PRODUCTS; offset += 1000) {
    await t.ctx.db.insert(products).values(
      Array.from({ length: 1000 }, (_, j) => {
        const i = offset + j;
        const tenant = pick(tenantRows, i);
        return {
          tenantId: tenant.id,
          productNumber: `BENCH-${i}`,
          name: `${pick(WORDS, i * 7)} ${pick(COLOURS, i * 3)} ${i}`,
          priceCents: 1000 + (i % 50_000),
          isPublished: i % 3 !== 0,
        };
      }),
    );
  }
  const count = (await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.isUniqueEdition, true)))
    .length;
  console.log(`seeded ${PRODUCTS} products in ${Date.now() - started} ms (${count} in the table)`);

  const token = await t.tokenFor('admin@ateliermarkt.nl', null);
  const queries = Array.from({ length: REQUESTS }, (_, i) => {
    const word = i % 5 === 0 ? pick(tenantRows, i).name : `${pick(WORDS, i)} ${pick(COLOURS, i * 11)}`;
    return word.slice(0, 3 + (i % Math.max(1, word.length - 2)));
  });
  const search = async (query: string) => {
    const res = await fetch(`${t.baseUrl}/api/products/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    await res.arrayBuffer();
  };
  for (const q of queries.slice(0, 100)) await search(q);

  const out = path.resolve(import.meta.dirname, '../../../bench-results');
  mkdirSync(out, { recursive: true });
  const results = [];
  for (const concurrency of CONCURRENCIES) {
    const latencies: number[] = [];
    let next = 0;
    const wall = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < queries.length) {
          const q = queries[next++] ?? '';
          const t0 = performance.now();
          await search(q);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - wall) / 1000;
    latencies.sort((a, b) => a - b);
    const result = {
      benchmark: 'products-search',
      database: t.ctx.database.kind,
      products: PRODUCTS,
      requests: latencies.length,
      concurrency,
      requestsPerSecond: Math.round(latencies.length / seconds),
      p50: Number(percentile(latencies, 50).toFixed(2)),
      p95: Number(percentile(latencies, 95).toFixed(2)),
      p99: Number(percentile(latencies, 99).toFixed(2)),
      targetP95: TARGET_P95_MS,
      at: new Date().toISOString(),
    };
    results.push(result);
    console.log(
      `products/search on ${result.database}, ${concurrency} connection(s): ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms — target p95 < ${TARGET_P95_MS} ms: ${result.p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`,
    );
  }
  writeFileSync(path.join(out, `products-search-${t.ctx.database.kind}.json`), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await t.close();
}
