import { type ErrorEnvelope, MESSAGES, SHOP_MESSAGES, STATUS } from '@ateliermarkt/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservationProducts, reservations } from '../../../db/schema/index.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, type TestApp } from '../../../test/test-app.ts';
import { paymentWebhook } from '../payments/payment-webhook.service.ts';
import { customer, makeProduct } from '../reservation-fixtures.ts';

/** Stock that cannot be oversold (runs on PGlite and, with DATABASE_URL, PostgreSQL). */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await demoTokens(t)).admin;
});
afterAll(async () => {
  await t?.close();
});

const orderOf = (productId: string, quantity: number) =>
  t.call<{ id: string } & ErrorEnvelope>('POST', '/api/shop/reservations', {
    body: { ...customer, deliveryMethodId: 3, products: [{ productId, quantity }] },
  });
const act = (id: string, action: string) =>
  t.call<ErrorEnvelope>('POST', `/api/reservations/${id}/${action}`, { token: admin });
const available = async (id: string) =>
  (await t.call<{ available: number }>('GET', `/api/shop/products/${id}`)).body.available;

describe('stock products', () => {
  it('count what approved reservations hold: the shop refuses with the product named, approval too', async () => {
    const p = await makeProduct(t, DEMO_WORKSHOP, { unique: false, quantity: 2 });
    expect(await available(p.id)).toBe(2);
    const a = (await orderOf(p.id, 2)).body.id;
    const b = (await orderOf(p.id, 1)).body.id;
    // New reservations hold nothing: both were taken.
    expect(await available(p.id)).toBe(2);
    expect((await act(a, 'confirm')).status).toBe(204);
    expect(await available(p.id)).toBe(0);
    const refused = await orderOf(p.id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('OutOfStock');
    expect(refused.body.error.message).toBe(SHOP_MESSAGES.outOfStock(p.name, 0));
    const approval = await act(b, 'confirm');
    expect(approval.status).toBe(409);
    expect(approval.body.error.message).toBe(SHOP_MESSAGES.approveOutOfStock(p.name, 0));
    // Rejecting the approved one frees its stock.
    expect((await act(a, 'reject')).status).toBe(204);
    expect(await available(p.id)).toBe(2);
    expect((await act(b, 'confirm')).status).toBe(204);
    expect(await available(p.id)).toBe(1);
    const tooMany = await orderOf(p.id, 2);
    expect(tooMany.body.error.message).toBe(SHOP_MESSAGES.outOfStock(p.name, 1));
  });

  it('lets exactly one of concurrent approvals of the last piece win', async () => {
    const p = await makeProduct(t, DEMO_WORKSHOP, { unique: false, quantity: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await orderOf(p.id, 1)).body.id);
    const answers = await Promise.all(ids.map((id) => act(id, 'confirm')));
    expect(answers.filter((a) => a.status === 204)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const approved = await t.ctx.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(inArray(reservations.id, ids));
    expect(approved.length).toBe(5);
    expect(await available(p.id)).toBe(0);
  });
});

type Op =
  | { kind: 'order'; quantity: number }
  | { kind: 'confirm' | 'reject' | 'pay' | 'ship' | 'return' | 'receive'; pick: number };

describe('the property: sold never exceeds the stock', () => {
  it('holds for random interleavings of orders, approvals, rejections, payments and returns', async () => {
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('order' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constantFrom('confirm' as const, 'reject' as const, 'pay' as const, 'ship' as const),
        pick: fc.nat({ max: 9 }),
      }),
      fc.record({ kind: fc.constantFrom('return' as const, 'receive' as const), pick: fc.nat({ max: 9 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(op, { minLength: 4, maxLength: 14 }),
        async (stock, ops) => {
          const p = await makeProduct(t, DEMO_WORKSHOP, { unique: false, quantity: stock });
          const ids: string[] = [];
          for (const o of ops) {
            if (o.kind === 'order') {
              const res = await orderOf(p.id, o.quantity);
              if (res.status === 201) ids.push(res.body.id);
              else if (res.status === 400) {
                // Paid down to nothing, the product is sold (isSold): the shop no longer offers it.
                expect(res.body.error.message).toBe(MESSAGES.productUnavailable);
                const [row] = await t.ctx.db.select().from(products).where(eq(products.id, p.id));
                expect(row?.isSold).toBe(true);
              } else expect(res.status).toBe(409);
              continue;
            }
            const id = ids[o.pick % Math.max(ids.length, 1)];
            if (!id) continue;
            if (o.kind === 'pay') {
              await paymentWebhook(t.ctx, id, 'paid').catch(() => undefined);
            } else if (o.kind === 'return') {
              await t.call('POST', `/api/shop/reservations/${id}/return`);
            } else {
              const segment = { confirm: 'confirm', reject: 'reject', ship: 'shipped', receive: 'returned' }[o.kind];
              expect([204, 409]).toContain((await act(id, segment)).status);
            }
          }
          const lines = await t.ctx.db
            .select({ status: reservations.status, quantity: reservationProducts.quantity })
            .from(reservationProducts)
            .innerJoin(reservations, eq(reservations.id, reservationProducts.reservationId))
            .where(eq(reservationProducts.productId, p.id));
          const sum = (statuses: number[]) =>
            lines.filter((l) => statuses.includes(l.status)).reduce((n, l) => n + l.quantity, 0);
          const sold = sum([STATUS.paid, STATUS.shipped, STATUS.pickedUp, STATUS.returning]);
          const held = sum([STATUS.awaitingPayment]);
          expect(sold).toBeLessThanOrEqual(stock);
          expect(sold + held).toBeLessThanOrEqual(stock);
          const [row] = await t.ctx.db.select().from(products).where(eq(products.id, p.id));
          expect(row?.quantity).toBe(stock - sold);
        },
      ),
      { numRuns: 12 },
    );
  });
});
