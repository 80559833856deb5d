import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_WORKSHOP, type TestApp } from '../../test/test-app.ts';
import { customer, makeProduct } from '../reservations/reservation-fixtures.ts';

/**
 * A server-side storefront passes each shopper's address in X-Forwarded-For. With the storefront's address
 * in TRUST_PROXY, orders are limited per shopper; a caller not trusted cannot choose the address it is counted by.
 */
const LIMIT = 3;
let trusted: TestApp;
let untrusted: TestApp;
beforeAll(async () => {
  const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT) };
  trusted = await createTestApp({ ...env, TRUST_PROXY: '127.0.0.1' });
  untrusted = await createTestApp(env);
});
afterAll(async () => {
  await trusted?.close();
  await untrusted?.close();
});

async function orders(t: TestApp, shopper: (i: number) => string, count: number) {
  const p = await makeProduct(t, DEMO_WORKSHOP, { unique: false, quantity: 99 });
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await t.call('POST', '/api/shop/reservations', {
      body: { ...customer, deliveryMethodId: 3, products: [{ productId: p.id }] },
      headers: { 'x-forwarded-for': shopper(i) },
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('rate limits per shopper behind a storefront', () => {
  it('limits each shopper behind a trusted storefront on their own', async () => {
    // Two shoppers, turn and turn about: each gets LIMIT orders, then 429, however many the storefront sends.
    const statuses = await orders(trusted, (i) => `198.51.100.${i % 2}`, 2 * LIMIT + 2);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2 * LIMIT);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    // A third shopper through the same storefront is not limited by the other two.
    expect(await orders(trusted, () => '198.51.100.77', 1)).toEqual([201]);
  });

  it('does not let an untrusted caller pick the address it is counted by', async () => {
    const statuses = await orders(untrusted, (i) => `203.0.113.${i}`, LIMIT + 2);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(201));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });
});
