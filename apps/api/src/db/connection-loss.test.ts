import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, serverProcess } from '../test/server-process.ts';

// The real server on PostgreSQL while the database ends its connections under load (an administrator, a fail-over,
// a restart): it must stay up, answer 503 meanwhile, never 500, and recover by itself. Runs in CI's PostgreSQL pass.
describe.runIf(process.env.DATABASE_URL)('losing the database connections under load (runs with DATABASE_URL)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await serverProcess('connection-loss');
    await server.start();
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('the process survives, answers 503 (never 500) while connections are lost, and recovers', async () => {
    const dbName = new URL(server.env.DATABASE_URL as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const statuses = new Map<number, number>();
    let stop = false;
    // Reads and a transaction-heavy path (log-in writes its failed-attempt counter) at once.
    const worker = async () => {
      while (!stop) {
        for (const [url, init] of [
          ['/api/shop/products?maxResultCount=50', undefined],
          [
            '/api/auth/login',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ userNameOrEmailAddress: 'admin@ateliermarkt.nl', password: 'fout-wachtwoord-1!' }),
            },
          ],
        ] as const) {
          try {
            const res = await fetch(`${server.baseUrl}${url}`, init);
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          } catch {
            statuses.set(-1, (statuses.get(-1) ?? 0) + 1);
          }
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    let terminated = 0;
    try {
      for (let round = 0; round < 10; round++) {
        await new Promise((r) => setTimeout(r, 150));
        const ended = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [dbName],
        );
        terminated += ended.rowCount ?? 0;
      }
    } finally {
      stop = true;
      await Promise.all(workers);
      await admin.end();
    }
    const seen = Object.fromEntries(statuses);
    console.log(`connections ended: ${terminated}; answers by status: ${JSON.stringify(seen)}`);
    expect(terminated).toBeGreaterThan(0);
    expect(server.output()).not.toMatch(/Uncaught|unhandled 'error' event|ERR_UNHANDLED/i);
    // Alive, and every answer was a real one: no 500 and no dropped connection.
    expect(seen[500]).toBeUndefined();
    expect(seen[-1]).toBeUndefined();
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/api/shop/products?maxResultCount=5`)).status, {
        timeout: 10_000,
      })
      .toBe(200);
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
  }, 90_000);
});
