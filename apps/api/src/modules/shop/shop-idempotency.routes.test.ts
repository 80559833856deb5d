import { type ErrorEnvelope, SHOP_MESSAGES } from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, shopIdempotencyKeys } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, DEMO_WORKSHOP, type TestApp } from '../../test/test-app.ts';
import { customer, makeProduct } from '../reservations/reservation-fixtures.ts';

/** Idempotency-Key on POST shop/reservations (runs on PGlite and, with DATABASE_URL, PostgreSQL). */
let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await makeProduct(t, DEMO_WORKSHOP, { unique: false, quantity: 50 })).id;
});
afterAll(async () => {
  await t?.close();
});

type Placed = { id: string; orderNumber: string; customerUrl: string } & ErrorEnvelope;
const body = (email: string, quantity = 1) => ({
  ...customer,
  email,
  deliveryMethodId: 3,
  products: [{ productId, quantity }],
});
const place = (key: string | null, payload: unknown) =>
  t.call<Placed>('POST', '/api/shop/reservations', {
    body: payload,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
const countFor = async (email: string) =>
  (await t.ctx.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.email, email))).length;

describe('Idempotency-Key on shop orders', () => {
  it('answers the first result again for the same key and body, and orders once', async () => {
    const first = await place('bestelling-1', body('een@example.nl'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await place('bestelling-1', body('een@example.nl'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countFor('een@example.nl')).toBe(1);
  });

  it('refuses the same key with another body (422) and orders nothing for it', async () => {
    await place('bestelling-2', body('twee@example.nl'));
    const other = await place('bestelling-2', body('twee@example.nl', 2));
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IdempotencyKeyReused');
    expect(other.body.error.message).toBe(SHOP_MESSAGES.idempotencyKeyReused);
    expect(await countFor('twee@example.nl')).toBe(1);
  });

  it('answers 409 while the first request with the key still runs', async () => {
    await t.ctx.db
      .insert(shopIdempotencyKeys)
      .values({ keyHash: sha256('bezig'), requestHash: sha256(JSON.stringify({})) });
    const res = await place('bezig', body('drie@example.nl'));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(SHOP_MESSAGES.idempotencyKeyInProgress);
    expect(await countFor('drie@example.nl')).toBe(0);
  });

  it('orders again after 24 hours, and takes over a claim its process left behind', async () => {
    await place('oud', body('vier@example.nl'));
    await t.ctx.db
      .update(shopIdempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(shopIdempotencyKeys.keyHash, sha256('oud')));
    expect((await place('oud', body('vier@example.nl'))).headers.get('idempotent-replayed')).toBeNull();
    expect(await countFor('vier@example.nl')).toBe(2);

    await t.ctx.db.insert(shopIdempotencyKeys).values({
      keyHash: sha256('verlaten'),
      requestHash: 'x',
      createdAt: sql`now() - interval '2 minutes'`,
    });
    expect((await place('verlaten', body('vijf@example.nl'))).status).toBe(201);
    expect(await countFor('vijf@example.nl')).toBe(1);
  });

  it('frees the key of a refused order, so the corrected order can use it', async () => {
    const refused = await place('fout', { ...body('zes@example.nl'), zipCode: '12345' });
    expect(refused.status).toBe(400);
    const bad = await place('fout', body('zes@example.nl', 999));
    expect(bad.status).toBe(400);
    expect((await place('fout', body('zes@example.nl'))).status).toBe(201);
  });

  it('refuses a key that is empty or too long', async () => {
    for (const key of ['x'.repeat(256), 'met spatie']) {
      const res = await place(key, body('zeven@example.nl'));
      expect(res.status, key.slice(0, 10)).toBe(400);
    }
    expect(await countFor('zeven@example.nl')).toBe(0);
  });

  it('makes one reservation of ten identical requests sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place('tien-tegelijk', body('acht@example.nl'))),
    );
    expect(await countFor('acht@example.nl')).toBe(1);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    // Once the first is done, a repeat gets its answer.
    const later = await place('tien-tegelijk', body('acht@example.nl'));
    expect(later.status).toBe(201);
    expect(later.body.id).toBe(created[0]?.body.id);
  });

  it('still orders without a key, each time', async () => {
    expect((await place(null, body('negen@example.nl'))).status).toBe(201);
    expect((await place(null, body('negen@example.nl'))).status).toBe(201);
    expect(await countFor('negen@example.nl')).toBe(2);
  });
});
