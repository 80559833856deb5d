import type { IssueInvoicesResult, MonthStatements } from '@ateliermarkt/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservationProducts, reservations } from '../../db/schema/index.ts';
import { LOGINS, WORKSHOP_A } from '../../security/security-fixtures.ts';
import { withPlatformLegal } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';
import { resetSettings, writeSettings } from '../settings/index.ts';

/**
 * Closed months (decision 0056): once a month's invoices are issued, its statement shows the fees the
 * invoices froze; renaming a product or changing the rates afterwards changes nothing in it, while an open month
 * still follows the reservations.
 */
let t: TestApp;
let superToken: string;
let adminA: string;
let workshopA: string;
let order = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: new Date('2033-02-20T12:00:00Z') });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor(LOGINS.adminA.user, WORKSHOP_A);
  workshopA = await t.tenantId(WORKSHOP_A);
  await withPlatformLegal(t);
});
afterAll(async () => {
  await t?.close();
});

async function paid(paidAt: string, priceCents: number, name: string) {
  const product = await makeProduct(t, WORKSHOP_A, { priceCents });
  await t.ctx.db.update(products).set({ name }).where(eq(products.id, product.id));
  order += 1;
  const [r] = await t.ctx.db
    .insert(reservations)
    .values({
      tenantId: workshopA,
      orderNumber: `CLOSED-${order}`,
      status: 3,
      deliveryMethodId: 3,
      deliveryQuantity: 1,
      deliveryPriceCents: 0,
      name: 'Klant',
      street: 'Straat',
      streetNumber: '1',
      zipCode: '1234 AB',
      city: 'Utrecht',
      email: 'klant@example.nl',
      paidAt: new Date(paidAt),
    })
    .returning({ id: reservations.id });
  if (!r) throw new Error('no reservation');
  await t.ctx.db.insert(reservationProducts).values({
    reservationId: r.id,
    productId: product.id,
    priceCents,
    quantity: 1,
    taxPercent: 21,
    feePercent: 25,
    feeVatPercent: 21,
  });
  return { reservationId: r.id, productId: product.id };
}

const statement = async (month: string) => {
  const res = await t.call<MonthStatements>('GET', `/api/statements?month=${month}`, { token: adminA });
  expect(res.status).toBe(200);
  return res.body;
};

describe('the statement of a closed month', () => {
  it('keeps the fee, its BTW and the words the invoice froze when products and rates change later', async () => {
    const feb = [
      await paid('2033-02-03T10:00:00Z', 4500, 'Vaas Blauw'),
      await paid('2033-02-07T10:00:00Z', 1999, 'Mok'),
    ];
    const mar = await paid('2033-03-03T10:00:00Z', 2500, 'Schaal');
    t.clock.set(new Date('2033-03-02T08:00:00Z'));
    const before = await statement('2033-02');
    const issued = await t.call<IssueInvoicesResult>('POST', '/api/invoices?month=2033-02', { token: superToken });
    expect(issued.status).toBe(200);
    expect(issued.body.issued).toHaveLength(1);
    // At issue the frozen lines are the computed ones.
    expect(await statement('2033-02')).toEqual(before);
    const beforeMarch = await statement('2033-03');

    const ids = [...feb, mar];
    await t.ctx.db
      .update(products)
      .set({ name: 'Hernoemd' })
      .where(
        inArray(
          products.id,
          ids.map((i) => i.productId),
        ),
      );
    await t.ctx.db
      .update(reservationProducts)
      .set({ feePercent: 10, feeVatPercent: 9 })
      .where(
        inArray(
          reservationProducts.reservationId,
          ids.map((i) => i.reservationId),
        ),
      );
    await t.ctx.db.transaction((tx) => writeSettings(tx, { feeVatPercent: 9 }, null));
    try {
      const after = await statement('2033-02');
      expect(after).toEqual(before);
      expect(after.statements[0]?.lines.map((l) => l.description)).toEqual(['Vaas Blauw', 'Mok']);
      // The open month follows the reservations.
      const march = await statement('2033-03');
      expect(march).not.toEqual(beforeMarch);
      expect(march.statements[0]?.lines[0]).toMatchObject({
        description: 'Hernoemd',
        feePercent: 10,
        feeVatPercent: 9,
      });
    } finally {
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['feeVatPercent']));
    }
  });
});
