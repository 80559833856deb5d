import { type ErrorEnvelope, formatEuro, MESSAGES, type Reservation, reservationTotals } from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservationProducts } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeProduct, order, sign } from '../reservation-fixtures.ts';
import { loadQuote } from './reservation-quote.ts';

/**
 * A quote that follows the edit: removing a product or changing the delivery of a reservation awaiting
 * payment sends the customer one mail with the old and the new quote and a new payment link; the old link says it was
 * replaced and pays nothing; emptying the reservation rejects it in the same transaction as the removal.
 */
let t: TestApp;
let admin: string;
const WORKSHOP = 'De Draaischijf';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
});
afterAll(async () => {
  await t?.close();
});

const get = async (id: string) => (await t.call<Reservation>('GET', `/api/reservations/${id}`, { token: admin })).body;
const remove = (id: string, productId: string) =>
  t.call<ErrorEnvelope>('PUT', `/api/reservations/${id}/products/${productId}/availability`, { token: admin });
const packages = (id: string, methodId: number, quantity: number) =>
  t.call<ErrorEnvelope>('PUT', `/api/reservations/${id}/packages/${methodId}`, { token: admin, body: { quantity } });
const page = (token: string) => fetch(`${t.baseUrl}/betalen/${token}`);
const pay = (token: string) => fetch(`${t.baseUrl}/betalen/${token}`, { method: 'POST', headers: form, body: '' });
const tokenIn = (text: string) => /\/betalen\/([\w-]+)/.exec(text)?.[1] ?? '';
/** The customer's mails about one order, in the order they were written. */
const mailsOf = async (orderNumber: string, subject: string) =>
  (await t.mails()).filter((m) => m.subject === `${subject} (${orderNumber})`);

/** An approved reservation of new products at these prices, and the token of its approval mail. */
async function awaitingPayment(pricesCents: number[], methodId = 3) {
  const made = [];
  for (const priceCents of pricesCents) made.push(await makeProduct(t, WORKSHOP, { priceCents }));
  const { id, orderNumber } = (
    await order(
      t,
      made.map((p) => p.id),
      methodId,
    )
  ).body;
  expect((await t.call('POST', `/api/reservations/${id}/confirm`, { token: admin })).status).toBe(204);
  const [approval] = await mailsOf(orderNumber, 'Je reservering is goedgekeurd');
  return { id, orderNumber, products: made, token: tokenIn(approval?.text ?? '') };
}

describe('an edit of a reservation awaiting payment', () => {
  it('mails the customer once per edit with the old and new lines and totals and a new link; only the newest link pays', async () => {
    const {
      id,
      orderNumber,
      products: [p1, p2],
      token: first,
    } = await awaitingPayment([2000, 3000]);
    if (!p1 || !p2) throw new Error('no products');

    expect((await remove(id, p1.id)).status).toBe(204);
    const afterRemoval = await mailsOf(orderNumber, 'Je reservering is aangepast');
    expect(afterRemoval).toHaveLength(1);
    const removalMail = afterRemoval[0]?.text ?? '';
    expect(afterRemoval[0]?.to).toBe('anna@example.nl');
    expect(removalMail).toContain('Het totaalbedrag is nu €37,95 (was €57,95).');
    expect(removalMail).toContain(
      `Eerst:\n- 1 x ${p1.name} à €20,00 = €20,00\n- 1 x ${p2.name} à €30,00 = €30,00\n- 1 x Pakket à €7,95 = €7,95\nTotaal: €57,95\n\n` +
        `Nu:\n- 1 x ${p2.name} à €30,00 = €30,00\n- 1 x Pakket à €7,95 = €7,95\nTotaal: €37,95\n\nBetaal het nieuwe bedrag via deze link:`,
    );
    const second = tokenIn(removalMail);
    expect(second).toMatch(/^[\w-]{40,}$/);
    expect(second).not.toBe(first);

    // The old link says it was replaced, without the new one, and pays nothing.
    const old = await page(first);
    expect(old.status).toBe(410);
    const oldHtml = await old.text();
    expect(oldHtml).toContain(MESSAGES.paymentLinkReplaced);
    expect(oldHtml).toContain(orderNumber);
    expect(oldHtml).not.toContain(second);
    const oldPay = await pay(first);
    expect(oldPay.status).toBe(409);
    expect(await oldPay.text()).toContain(MESSAGES.paymentLinkReplaced);
    expect((await get(id)).status.code).toBe(2);

    // Another edit, another mail and link; the one before is replaced in turn.
    expect((await packages(id, 5, 2)).status).toBe(204);
    const afterPackages = await mailsOf(orderNumber, 'Je reservering is aangepast');
    expect(afterPackages).toHaveLength(2);
    const packagesMail = afterPackages[1]?.text ?? '';
    expect(packagesMail).toContain('Het totaalbedrag is nu €69,90 (was €37,95).');
    expect(packagesMail).toContain(
      `Nu:\n- 1 x ${p2.name} à €30,00 = €30,00\n- 2 x Groot pakket à €19,95 = €39,90\nTotaal: €69,90`,
    );
    const third = tokenIn(packagesMail);
    expect((await page(second)).status).toBe(410);

    // Saving the same delivery again changes nothing the customer pays: no mail, the link stays.
    expect((await packages(id, 5, 2)).status).toBe(204);
    expect(await mailsOf(orderNumber, 'Je reservering is aangepast')).toHaveLength(2);

    // The newest link shows and pays the new amount.
    const current = await page(third);
    expect(current.status).toBe(200);
    expect(await current.text()).toContain('Betaal €69,90');
    const paid = await pay(third);
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Dank je wel!');
    expect((await get(id)).status.code).toBe(3);
    // Paid: an old link is no longer 'replaced' (there is nothing left to pay), just invalid.
    expect((await page(first)).status).toBe(404);
  });

  it('a provider reporting a payment through a replaced link is refused; through the newest link it pays', async () => {
    const {
      id,
      products: [p1],
      token: first,
    } = await awaitingPayment([2500, 1500]);
    if (!p1) throw new Error('no product');
    expect((await remove(id, p1.id)).status).toBe(204);
    const webhook = (paymentToken: string) => {
      const body = JSON.stringify({ reservationId: id, status: 'paid', paymentToken });
      return t.call<ErrorEnvelope>('POST', '/api/payments/webhook', {
        raw: body,
        headers: { 'content-type': 'application/json', 'x-signature': sign(t.ctx.config.paymentWebhookSecret, body) },
      });
    };
    const replaced = await webhook(first);
    expect(replaced.status).toBe(409);
    expect(replaced.body.error.message).toBe(MESSAGES.paymentLinkReplaced);
    const unknown = await webhook('Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg');
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.message).toBe(MESSAGES.paymentInvalid);
    expect((await get(id)).status.code).toBe(2);

    const latest = (await t.mails()).findLast((m) => m.subject.startsWith('Je reservering is aangepast'));
    expect((await webhook(tokenIn(latest?.text ?? ''))).status).toBe(204);
    expect((await get(id)).status.code).toBe(3);
  });
});

describe('a signed webhook without a payment token', () => {
  it('pays nothing once the payment link was replaced: only the newest link can say what was paid', async () => {
    const {
      id,
      products: [p1],
    } = await awaitingPayment([2500, 1500]);
    if (!p1) throw new Error('no product');
    expect((await remove(id, p1.id)).status).toBe(204);
    const webhook = (fields: Record<string, string>) => {
      const body = JSON.stringify({ reservationId: id, status: 'paid', ...fields });
      return t.call<ErrorEnvelope>('POST', '/api/payments/webhook', {
        raw: body,
        headers: { 'content-type': 'application/json', 'x-signature': sign(t.ctx.config.paymentWebhookSecret, body) },
      });
    };
    const tokenless = await webhook({});
    expect(tokenless.status).toBe(409);
    expect(tokenless.body.error.message).toBe(MESSAGES.paymentLinkReplaced);
    expect((await get(id)).status.code).toBe(2);

    const latest = (await t.mails()).findLast((m) => m.subject.startsWith('Je reservering is aangepast'));
    expect((await webhook({ paymentToken: tokenIn(latest?.text ?? '') })).status).toBe(204);
    expect((await get(id)).status.code).toBe(3);
  });
});

describe('an edit racing a payment through the link it replaces', () => {
  it('never both: either the old amount is paid and the edit refused, or the edit wins and the old link pays nothing', async () => {
    for (let round = 0; round < 6; round++) {
      const {
        id,
        products: [p1],
        token,
      } = await awaitingPayment([2000, 3000]);
      if (!p1) throw new Error('no product');
      const [edited, paid] = await Promise.all([remove(id, p1.id), pay(token)]);
      const r = await get(id);
      if (paid.status === 200) {
        // Paid first: what was paid is the quote the link was sent for, and the edit came too late.
        expect(edited.status).toBe(409);
        expect(r.status.code).toBe(3);
        expect(r.products.every((x) => x.isAvailable)).toBe(true);
      } else {
        expect(edited.status).toBe(204);
        expect(paid.status).toBe(409);
        expect(await paid.text()).toContain(MESSAGES.paymentLinkReplaced);
        expect(r.status.code).toBe(2);
      }
    }
  });
});

describe('removing the last product of a reservation awaiting payment', () => {
  it('rejects it in the same request with one mail saying why, and every link stops working', async () => {
    const {
      id,
      orderNumber,
      products: [p1, p2],
      token: first,
    } = await awaitingPayment([2000, 3000]);
    if (!p1 || !p2) throw new Error('no products');
    expect((await remove(id, p1.id)).status).toBe(204);
    const second = tokenIn((await mailsOf(orderNumber, 'Je reservering is aangepast'))[0]?.text ?? '');
    expect((await remove(id, p2.id)).status).toBe(204);

    expect(await get(id)).toMatchObject({ status: { code: 1, name: 'Afgewezen' }, isOpen: false });
    const [product] = await t.ctx.db.select().from(products).where(eq(products.id, p2.id));
    expect(product?.isReserved).toBe(false);
    // One mail for this edit: the rejection, not a new quote of shipping alone.
    expect(await mailsOf(orderNumber, 'Je reservering is aangepast')).toHaveLength(1);
    const rejected = await mailsOf(orderNumber, 'Je reservering is afgewezen');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.text).toContain('geen van de producten');
    for (const token of [first, second]) {
      expect((await page(token)).status).toBe(404);
      expect((await pay(token)).status).toBe(409);
    }
  });

  it('is one transaction: when the rejection fails, the removal is rolled back too', async () => {
    const {
      id,
      orderNumber,
      products: [p],
    } = await awaitingPayment([4000]);
    if (!p) throw new Error('no product');
    // The rejection's own write fails (as a lost connection or a full disk would) after the removal was written.
    await t.ctx.db.execute(sql`create function fail_reject() returns trigger language plpgsql as $$
      begin
        if new.action = 'reservation.reject' then raise exception 'rejection fails'; end if;
        return new;
      end $$`);
    await t.ctx.db.execute(
      sql`create trigger fail_reject before insert on audit_log for each row execute function fail_reject()`,
    );
    try {
      expect((await remove(id, p.id)).status).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger fail_reject on audit_log`);
      await t.ctx.db.execute(sql`drop function fail_reject()`);
    }
    // Nothing of the edit happened: never awaiting payment with no product in it.
    const r = await get(id);
    expect(r.status.code).toBe(2);
    expect(r.products.map((x) => x.isAvailable)).toEqual([true]);
    const [product] = await t.ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(product?.isReserved).toBe(true);
    await t.settled();
    expect(await mailsOf(orderNumber, 'Je reservering is afgewezen')).toHaveLength(0);

    // Once the rejection can be written, the same removal rejects, all at once.
    expect((await remove(id, p.id)).status).toBe(204);
    expect((await get(id)).status.code).toBe(1);
    expect(await mailsOf(orderNumber, 'Je reservering is afgewezen')).toHaveLength(1);
  });
});

describe('the quote after any edits, property-tested', () => {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('remove' as const), line: fc.nat({ max: 2 }) }),
    fc.record({
      kind: fc.constant('packages' as const),
      methodId: fc.integer({ min: 1, max: 5 }),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
  );
  const rate = fc.integer({ min: 0, max: 3000 }).map((n) => n / 100);

  it('the total is the available lines plus delivery; each line is net + fee + VAT to the cent; the page asks it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.tuple(rate, rate), { minLength: 3, maxLength: 3 }),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        async (prices, rates, edits) => {
          const { id, orderNumber, products: made, token } = await awaitingPayment(prices);
          // Each line keeps its own rates, whatever today's settings are.
          for (const [i, p] of made.entries()) {
            const [taxPercent = 21, feePercent = 25] = rates[i] ?? [];
            await t.ctx.db
              .update(reservationProducts)
              .set({ taxPercent, feePercent })
              .where(and(eq(reservationProducts.reservationId, id), eq(reservationProducts.productId, p.id)));
          }
          let link = token;
          for (const e of edits) {
            const before = await loadQuote(t.ctx.db, id);
            const mailsBefore = (await mailsOf(orderNumber, 'Je reservering is aangepast')).length;
            const res =
              e.kind === 'remove'
                ? await remove(id, made[e.line]?.id ?? '')
                : await packages(id, e.methodId, e.quantity);
            expect(res.status).toBe(204);
            const r = await get(id);
            const quote = await loadQuote(t.ctx.db, id);
            if (r.status.code === 1) {
              expect(quote.lines).toEqual([]);
              return;
            }
            // The quote the server mails and the total the API, the overview and the page show: one number.
            const available = r.products.filter((p) => p.isAvailable);
            expect(quote.lines.map((l) => l.productId)).toEqual(available.map((p) => p.id));
            const sum =
              available.reduce((s, p) => s + Math.round(p.price * 100) * p.quantity, 0) +
              Math.round(r.deliveryMethod.price * 100) * r.deliveryMethod.quantity;
            expect(quote.totalCents).toBe(sum);
            expect(Math.round(reservationTotals(r).total * 100)).toBe(sum);
            for (const line of quote.lines) {
              expect(line.netCents + line.feeCents + line.taxCents).toBe(line.grossCents);
              expect(line.grossCents).toBe(line.priceCents * line.quantity);
            }
            const mails = await mailsOf(orderNumber, 'Je reservering is aangepast');
            // What the customer pays for changed: a line, the delivery (method, price, packages) or the total.
            const asked = (q: typeof quote) =>
              JSON.stringify([q.lines.map((l) => l.productId), q.delivery, q.totalCents]);
            const changed = asked(before) !== asked(quote);
            if (changed) {
              expect(mails).toHaveLength(mailsBefore + 1);
              expect(mails.at(-1)?.text).toContain(`Totaal: ${formatEuro(sum / 100)}\n\nBetaal`);
              link = tokenIn(mails.at(-1)?.text ?? '');
            }
            const shown = await page(link);
            expect(shown.status).toBe(200);
            expect(await shown.text()).toContain(`Betaal ${formatEuro(sum / 100)}`);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
