/**
 * `GET statements?lines=none` adds the totals up in the database (statement-totals.ts): the same figures, to the
 * cent, as the lines of `GET statements`, for a workshop with a KOR line (0 % tax), delivery costs, a return
 * received of an earlier month's sale, a sale and its return in one month, and a closed month whose invoice froze
 * the fees before the rates changed; for the workshop admin and for the super admin (every workshop, and one).
 * The totals are remembered per workshop and data version (docs/decisions/0070, 0077): after a write to any table
 * they read (a refund, a frozen invoice line) the next answer has it, and a write in one workshop changes only that
 * workshop's totals in the super admin's answer.
 */
import type { IssueInvoicesResult, MonthStatements } from '@ateliermarkt/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLines, invoices, paymentRefunds, reservationProducts, reservations } from '../../db/schema/index.ts';
import { LOGINS, WORKSHOP_A, WORKSHOP_B } from '../../security/security-fixtures.ts';
import { withPlatformLegal } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';

let t: TestApp;
let superToken: string;
let adminA: string;
let workshopA: string;
let order = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: new Date('2034-02-20T12:00:00Z') });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor(LOGINS.adminA.user, WORKSHOP_A);
  workshopA = await t.tenantId(WORKSHOP_A);
  await withPlatformLegal(t);
});
afterAll(async () => {
  await t?.close();
});

type Line = { priceCents: number; quantity?: number; taxPercent: number; feePercent?: number };
async function reservation(
  p: { status: number; paidAt: string; returnReceivedAt?: string; deliveryPriceCents?: number; workshop?: string },
  lines: Line[],
) {
  order += 1;
  const workshop = p.workshop ?? WORKSHOP_A;
  const [r] = await t.ctx.db
    .insert(reservations)
    .values({
      tenantId: await t.tenantId(workshop),
      orderNumber: `TOT-${order}`,
      status: p.status,
      deliveryMethodId: 3,
      deliveryQuantity: 1,
      deliveryPriceCents: p.deliveryPriceCents ?? 0,
      name: 'Klant',
      street: 'Straat',
      streetNumber: '1',
      zipCode: '1234 AB',
      city: 'Utrecht',
      email: 'klant@example.nl',
      paidAt: new Date(p.paidAt),
      returnReceivedAt: p.returnReceivedAt ? new Date(p.returnReceivedAt) : null,
    })
    .returning({ id: reservations.id });
  if (!r) throw new Error('no reservation');
  for (const l of lines) {
    const product = await makeProduct(t, workshop, { priceCents: l.priceCents });
    await t.ctx.db.insert(reservationProducts).values({
      reservationId: r.id,
      productId: product.id,
      priceCents: l.priceCents,
      quantity: l.quantity ?? 1,
      taxPercent: l.taxPercent,
      feePercent: l.feePercent ?? 12.5,
      feeVatPercent: 21,
    });
  }
  return r.id;
}

async function both(month: string, token: string, workshopId?: string) {
  const query = `/api/statements?month=${month}${workshopId ? `&tenantId=${workshopId}` : ''}`;
  const full = await t.call<MonthStatements>('GET', query, { token });
  const totals = await t.call<MonthStatements>('GET', `${query}&lines=none`, { token });
  expect(full.status).toBe(200);
  expect(totals.status).toBe(200);
  return { full: full.body, totals: totals.body };
}
const withoutLines = (m: MonthStatements) => ({ ...m, statements: m.statements.map((s) => ({ ...s, lines: [] })) });

describe('statement totals from the database', () => {
  it('equal the sums of the lines: KOR, delivery, returns, and a closed month with frozen fees', async () => {
    // January: a sale returned in February. February: a KOR line (0 % tax) with delivery, odd amounts, a sale
    // returned in the same month, and a sale of a line with no fee.
    const jan = await reservation(
      { status: 7, paidAt: '2034-01-10T10:00:00Z', returnReceivedAt: '2034-02-02T10:00:00Z' },
      [{ priceCents: 3_333, taxPercent: 21 }],
    );
    const feb = [
      await reservation({ status: 4, paidAt: '2034-02-03T10:00:00Z', deliveryPriceCents: 695 }, [
        { priceCents: 4_501, taxPercent: 0, quantity: 3 },
        { priceCents: 1_999, taxPercent: 9 },
      ]),
      await reservation({ status: 7, paidAt: '2034-02-05T10:00:00Z', returnReceivedAt: '2034-02-12T10:00:00Z' }, [
        { priceCents: 12_345, taxPercent: 21, feePercent: 17.25 },
      ]),
      await reservation({ status: 3, paidAt: '2034-02-07T10:00:00Z' }, [
        { priceCents: 101, taxPercent: 21, feePercent: 0 },
      ]),
    ];
    for (const month of ['2034-01', '2034-02']) {
      const mine = await both(month, adminA);
      expect(mine.totals).toEqual(withoutLines(mine.full));
      expect(mine.full.statements[0]?.lines.length).toBeGreaterThan(0);
    }
    const lines = (await both('2034-02', adminA)).full.statements[0]?.lines ?? [];
    expect(new Set(lines.map((l) => l.kind))).toEqual(new Set(['sale', 'return']));
    expect(lines.some((l) => l.taxPercent === 0 && l.grossCents > 0)).toBe(true);

    // Close February (its invoice and credit note freeze the fees), then change the rates: the statement keeps the
    // frozen fees, and the database's totals do too.
    const open = (await both('2034-02', adminA)).full;
    t.clock.set(new Date('2034-03-02T08:00:00Z'));
    const issued = await t.call<IssueInvoicesResult>('POST', '/api/invoices?month=2034-02', { token: superToken });
    expect(issued.status).toBe(200);
    await t.ctx.db
      .update(reservationProducts)
      .set({ feePercent: 30, feeVatPercent: 9 })
      .where(inArray(reservationProducts.reservationId, [jan, ...feb]));
    const closed = await both('2034-02', adminA);
    expect(closed.totals).toEqual(withoutLines(closed.full));
    // February's own sales and their return kept their fees; the line without a fee and the return of January's
    // sale (January was never invoiced) are on no invoice, so they follow the new rates.
    const notFrozen = [jan, feb[2]];
    const feeLines = (m: MonthStatements) =>
      m.statements[0]?.lines.filter((l) => !notFrozen.includes(l.reservationId)) ?? [];
    expect(feeLines(closed.full)).toEqual(feeLines(open));
    expect(closed.full.statements[0]?.totals).not.toEqual(open.statements[0]?.totals);

    // The super admin: every workshop of the month, and this one.
    for (const month of ['2034-01', '2034-02']) {
      const all = await both(month, superToken);
      expect(all.totals).toEqual(withoutLines(all.full));
      const one = await both(month, superToken, workshopA);
      expect(one.totals).toEqual(withoutLines(one.full));
    }
  });

  it('are never older than the last committed write: a refund and a frozen invoice line change them at once', async () => {
    const before = await both('2034-02', superToken);
    expect(before.totals).toEqual(withoutLines(before.full));
    // Asked again without a write in between: the same (remembered) totals.
    expect((await both('2034-02', superToken)).totals).toEqual(before.totals);

    // A refund by the super admin in February, written directly: only its own table changes.
    const refunded = await reservation({ status: 3, paidAt: '2034-01-20T10:00:00Z' }, [
      { priceCents: 2_500, taxPercent: 21 },
    ]);
    const afterSale = await both('2034-02', superToken);
    await t.ctx.db.insert(paymentRefunds).values({
      reservationId: refunded,
      tenantId: workshopA,
      amountCents: 2_500,
      reason: 'Test',
      source: 'backoffice',
      createdAt: new Date('2034-02-25T10:00:00Z'),
    });
    const afterRefund = await both('2034-02', superToken);
    expect(afterRefund.totals).toEqual(withoutLines(afterRefund.full));
    expect(afterRefund.totals.totals).not.toEqual(afterSale.totals.totals);

    // A frozen fee of February's invoice, changed directly: the closed month's fee follows it.
    const [line] = await t.ctx.db
      .select({ id: invoiceLines.id, netCents: invoiceLines.netCents })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(eq(invoices.month, '2034-02'))
      .limit(1);
    if (!line) throw new Error('February has no invoice line');
    await t.ctx.db
      .update(invoiceLines)
      .set({ netCents: line.netCents + 7 })
      .where(eq(invoiceLines.id, line.id));
    const afterInvoice = await both('2034-02', adminA);
    expect(afterInvoice.totals).toEqual(withoutLines(afterInvoice.full));
    const superAfter = await both('2034-02', superToken);
    expect(superAfter.totals.totals.feeCents).toBe(afterRefund.totals.totals.feeCents + 7);
  });

  it("after a write in one workshop, the super admin's totals have it and keep every other workshop's", async () => {
    const workshopB = await t.tenantId(WORKSHOP_B);
    const month = '2034-04';
    t.clock.set(new Date('2034-04-20T12:00:00Z'));
    const totalsOf = (m: MonthStatements, id: string) => m.statements.find((st) => st.tenantId === id)?.totals;
    await reservation({ status: 4, paidAt: '2034-04-03T10:00:00Z', workshop: WORKSHOP_B }, [
      { priceCents: 7_777, taxPercent: 21 },
    ]);
    const first = await both(month, superToken);
    expect(first.totals).toEqual(withoutLines(first.full));
    const bBefore = totalsOf(first.totals, workshopB);
    expect(bBefore?.grossCents).toBe(7_777);

    // A sale in A: A appears, B's totals stay.
    await reservation({ status: 4, paidAt: '2034-04-05T10:00:00Z', deliveryPriceCents: 495 }, [
      { priceCents: 1_234, taxPercent: 9 },
    ]);
    const afterA = await both(month, superToken);
    expect(afterA.totals).toEqual(withoutLines(afterA.full));
    expect(totalsOf(afterA.totals, workshopA)?.grossCents).toBe(1_234 + 495);
    expect(totalsOf(afterA.totals, workshopB)).toEqual(bBefore);

    // A workshop admin's call in between shares the memory; then a second sale in B.
    const mine = await both(month, adminA);
    expect(mine.totals).toEqual(withoutLines(mine.full));
    await reservation({ status: 3, paidAt: '2034-04-09T10:00:00Z', workshop: WORKSHOP_B }, [
      { priceCents: 3_001, taxPercent: 0 },
    ]);
    const afterB = await both(month, superToken);
    expect(afterB.totals).toEqual(withoutLines(afterB.full));
    expect(totalsOf(afterB.totals, workshopB)?.grossCents).toBe(7_777 + 3_001);
    expect(totalsOf(afterB.totals, workshopA)).toEqual(totalsOf(afterA.totals, workshopA));
  });
});
