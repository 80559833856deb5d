import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../test/test-app.ts';
import { seedDemoData } from './demo-data.ts';
import { ensureReferenceData } from './reference-data.ts';

const quiet = { info: () => {} } as unknown as FastifyBaseLogger;
type Rows = { rows: Record<string, unknown>[] };

let database: Database;
let drop = async () => {};
beforeAll(async () => {
  // Migrated, nothing in it yet: the run's snapshot before the seed (test-app.ts).
  ({ database, drop } = await freshDatabase(false));
  await ensureReferenceData(database.db);
});
afterAll(async () => {
  await database?.close();
  await drop();
});

async function count(table: string): Promise<number> {
  const r = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as Rows;
  return Number(r.rows[0]?.n);
}

describe('seeding the demo marketplace', () => {
  it('is all or nothing: a first start interrupted while seeding leaves nothing, and the next start seeds it whole', async () => {
    // The interruption: the last step (reservations) fails, as a full disk or a kill would stop it.
    await database.db.execute(
      sql.raw(`create function am_test_interrupt() returns trigger language plpgsql as $$
        begin raise exception 'seeding interrupted'; end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger am_test_interrupt before insert on reservations
        for each statement execute function am_test_interrupt()`),
    );
    await expect(seedDemoData(database.db, quiet)).rejects.toThrow();
    expect(await count('tenants')).toBe(0);
    expect(await count('products')).toBe(0);
    expect(await count('images')).toBe(0);

    await database.db.execute(sql.raw('drop trigger am_test_interrupt on reservations'));
    expect(await seedDemoData(database.db, quiet)).toBe(true);
    expect(await count('tenants')).toBe(3);
    expect(await count('products')).toBeGreaterThan(40);
    expect(await count('reservations')).toBeGreaterThan(5);
    // A later start adds nothing.
    expect(await seedDemoData(database.db, quiet)).toBe(false);
  }, 120_000);
});
