import { type Reservation, STATUS } from '@ateliermarkt/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type LargeResult, largeLogins, seedLarge, tableCounts } from './large.ts';

const SIZES = { workshops: 4, products: 120, reservations: 600, users: 12 };
let t: TestApp;
let before: Record<string, number>;
let result: LargeResult;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  before = await tableCounts(t.ctx.db);
  result = await seedLarge(t.ctx.db, { dataDir: t.dataDir, sizes: SIZES });
});
afterAll(async () => {
  await t?.close();
});

describe('seed:large (tiny sizes)', () => {
  it('adds exactly the asked numbers on top of the demo, and a second run adds nothing', async () => {
    expect(result.created).toBe(true);
    const added = (key: string) => (result.counts[key] ?? 0) - (before[key] ?? 0);
    expect(added('workshops')).toBe(SIZES.workshops);
    expect(added('products')).toBe(SIZES.products);
    expect(added('reservations')).toBe(SIZES.reservations);
    expect(added('users')).toBe(SIZES.users);
    expect(added('auditLog')).toBeGreaterThan(SIZES.reservations);
    const again = await seedLarge(t.ctx.db, { dataDir: t.dataDir, sizes: SIZES });
    expect(again.created).toBe(false);
    expect(again.counts).toEqual(result.counts);
  });

  it('gives every status of the state machine, with the delivery method and dates it implies', async () => {
    const byStatus = await rows<{ status: number; n: number; bad: number }>(sql`
      select status, count(*)::int as n,
        count(*) filter (where
          (status = ${STATUS.shipped} and delivery_method_id not between 2 and 5)
          or (status = ${STATUS.pickedUp} and delivery_method_id <> 1)
          or ((payment_token_hash is not null) <> (status = ${STATUS.awaitingPayment}))
          or ((paid_at is not null) <> (status >= ${STATUS.paid}))
          or ((completed_at is not null) <> (status >= ${STATUS.shipped}))
        )::int as bad
      from reservations r join tenants t on t.id = r.tenant_id
      where t.slug like 'groot-atelier-%' group by status order by status`);
    expect(byStatus.map((r) => r.status)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(byStatus.every((r) => r.bad === 0)).toBe(true);
  });

  it('has the history rows of the transitions that led to each status', async () => {
    const expected: Record<number, number> = { 0: 0, 1: 1, 2: 1, 3: 2, 4: 3, 5: 3, 6: 4, 7: 5 };
    const counts = await rows<{ status: number; history: number }>(sql`
      select r.status, (select count(*)::int from audit_log a
        where a.entity_type = 'reservation' and a.entity_id = r.id::text) as history
      from reservations r join tenants t on t.id = r.tenant_id where t.slug like 'groot-atelier-%'`);
    const wrong = counts.filter((c) => c.history !== expected[c.status]);
    expect(wrong).toEqual([]);
  });

  it('flags products as the reservations imply, and a unique product is held by one reservation at most', async () => {
    const lines = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from reservation_products rp
      join reservations r on r.id = rp.reservation_id join products p on p.id = rp.product_id
      where p.tenant_id <> r.tenant_id or not p.is_published`);
    expect(lines[0]?.bad).toBe(0);
    const doubleHeld = await rows<{ id: string }>(sql`
      select p.id from products p join reservation_products rp on rp.product_id = p.id
      join reservations r on r.id = rp.reservation_id
      where p.is_unique_edition and rp.is_available and r.status between 2 and 6
      group by p.id having count(*) > 1`);
    expect(doubleHeld).toEqual([]);
    const flags = await rows<{ reserved: boolean; sold: boolean; held: number | null; quantity: number }>(sql`
      select p.is_reserved as reserved, p.is_sold as sold, p.quantity,
        (select max(r.status) from reservation_products rp join reservations r on r.id = rp.reservation_id
          where rp.product_id = p.id and rp.is_available and r.status between 2 and 6) as held
      from products p join tenants t on t.id = p.tenant_id
      where t.slug like 'groot-atelier-%' and p.is_unique_edition`);
    expect(flags.some((f) => f.held === STATUS.awaitingPayment)).toBe(true);
    expect(flags.some((f) => f.held !== null && f.held >= STATUS.paid)).toBe(true);
    const wrong = flags.filter(
      (f) =>
        f.reserved !== (f.held === STATUS.awaitingPayment) ||
        f.sold !== (f.held !== null && f.held >= STATUS.paid) ||
        f.quantity !== (f.sold ? 0 : 1),
    );
    expect(wrong).toEqual([]);
  });

  it('stores the photos: every image row has its three variants, and the server serves them', async () => {
    const missing = await rows<{ id: string }>(sql`
      select i.id from images i where (select count(*) from image_variants v where v.image_id = i.id) <> 3`);
    expect(missing).toEqual([]);
    const [withPhoto] = await rows<{ id: string }>(sql`
      select i.id from products p join images i on i.id = p.product_image_id join tenants t on t.id = p.tenant_id
      where t.slug = 'groot-atelier-04' limit 1`);
    const res = await fetch(`${t.baseUrl}/uploads/images/${withPhoto?.id}/medium.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('lets the large workshop admin log in and see the own products and reservations through the API', async () => {
    const logins = await largeLogins(t.ctx.db, 1);
    const admin = logins.find((l) => l.role === 'admin');
    if (!admin) throw new Error('no large admin');
    expect(admin.email).toBe('beheer@groot-atelier-01.nl');
    const token = await t.tokenFor(admin.email, admin.workshop);
    const list = await t.call<{ totalCount: number }>('GET', '/api/products?maxResultCount=999', { token });
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(admin.products);
    const reservations = await t.call<Reservation[]>('GET', '/api/reservations/all', { token });
    expect(reservations.status).toBe(200);
    expect(reservations.body.length).toBeGreaterThan(0);
    expect(new Set(reservations.body.map((r) => r.workspaceName))).toEqual(new Set([admin.workshop]));
    // The demo log-ins still work on top.
    await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  });
});
