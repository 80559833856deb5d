import { calculateCents, type IssueInvoicesResult } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationProducts, reservations } from '../../db/schema/index.ts';
import { WORKSHOP_A } from '../../security/security-fixtures.ts';
import { withPlatformLegal } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';

/**
 * A sale returned in the month it was paid: the month's invoice bills its fee and a credit note of the
 * same run credits it, so the first run issues everything and a repeat issues nothing.
 */
let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: new Date('2034-05-20T12:00:00Z') });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  await withPlatformLegal(t);
});
afterAll(async () => {
  await t?.close();
});

async function reservation(status: number, paidAt: string, returnedAt: string | null, orderNumber: string) {
  const product = await makeProduct(t, WORKSHOP_A, { priceCents: 4500 });
  const [r] = await t.ctx.db
    .insert(reservations)
    .values({
      tenantId: await t.tenantId(WORKSHOP_A),
      orderNumber,
      status,
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
      returnReceivedAt: returnedAt ? new Date(returnedAt) : null,
    })
    .returning({ id: reservations.id });
  if (!r) throw new Error('no reservation');
  await t.ctx.db.insert(reservationProducts).values({
    reservationId: r.id,
    productId: product.id,
    priceCents: 4500,
    taxPercent: 21,
    feePercent: 25,
    feeVatPercent: 21,
  });
}

describe('a sale returned within its own month', () => {
  it('gets its credit note in the same run as the invoice; a repeat issues nothing', async () => {
    await reservation(3, '2034-05-02T10:00:00Z', null, 'SAME-1');
    await reservation(7, '2034-05-03T10:00:00Z', '2034-05-10T10:00:00Z', 'SAME-2');
    t.clock.set(new Date('2034-06-01T08:00:00Z'));
    const first = await t.call<IssueInvoicesResult>('POST', '/api/invoices?month=2034-05', { token: superToken });
    expect(first.status).toBe(200);
    const fee = calculateCents(4500, 21, 25, 21);
    const [invoice, credit] = first.body.issued;
    expect(first.body.issued.map((i) => i.kind)).toEqual(['invoice', 'creditNote']);
    expect(invoice?.netCents).toBe(2 * fee.feeCents);
    expect(credit).toMatchObject({ correctsNumber: invoice?.number, netCents: -fee.feeCents, month: '2034-05' });
    const again = await t.call<IssueInvoicesResult>('POST', '/api/invoices?month=2034-05', { token: superToken });
    expect(again.body.issued).toEqual([]);
  });
});
