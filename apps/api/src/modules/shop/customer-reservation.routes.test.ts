import { type CustomerReservation, type ErrorEnvelope, SHOP_MESSAGES } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservations } from '../../db/schema/index.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, type TestApp } from '../../test/test-app.ts';
import { lastWithdrawalDay, withdrawalOf } from '../reservations/customer/customer-reservation.service.ts';
import { makeProduct, order } from '../reservations/reservation-fixtures.ts';

/** The customer's own link, its read, its page and the withdrawal. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://beheer.example.nl' });
  admin = (await demoTokens(t)).admin;
});
afterAll(async () => {
  await t?.close();
});

type View = CustomerReservation & ErrorEnvelope;
const act = (id: string, action: string, body?: unknown) =>
  t.call<ErrorEnvelope>('POST', `/api/reservations/${id}/${action}`, { token: admin, ...(body ? { body } : {}) });
const read = (token: string) => t.call<View>('GET', `/api/shop/reservations/${token}`);
const withdrawApi = (token: string, body: unknown = {}) =>
  t.call<View>('POST', `/api/shop/reservations/${token}/withdraw`, { body });

async function placed(options: { quantity?: number; madeToMeasure?: boolean; method?: number } = {}) {
  const p = await makeProduct(t, DEMO_WORKSHOP, { unique: false, quantity: options.quantity ?? 5 });
  if (options.madeToMeasure) await t.ctx.db.update(products).set({ madeToMeasure: true }).where(eq(products.id, p.id));
  const res = await order(t, [p.id], options.method ?? 3);
  expect(res.status).toBe(201);
  const body = res.body as { id: string; orderNumber: string; customerUrl: string };
  const token = body.customerUrl.split('/').at(-1) ?? '';
  return { ...body, token, productId: p.id };
}

async function pay(id: string, liveToken?: string) {
  // The demo provider's page pays; here the signed webhook does, as a provider would. Once a link was replaced, only
  // a notification naming the live link pays.
  const { paymentWebhook } = await import('../reservations/payments/payment-webhook.service.ts');
  if (liveToken !== undefined) return paymentWebhook(t.ctx, id, 'paid', liveToken);
  await t.ctx.db.update(reservations).set({ paymentTokenHash: null }).where(eq(reservations.id, id));
  await paymentWebhook(t.ctx, id, 'paid');
}

describe("the customer's own link", () => {
  it('is PUBLIC_URL/reservering/{token}, reads the reservation in Dutch, and only the hash is stored', async () => {
    const r = await placed();
    expect(r.customerUrl).toMatch(/^https:\/\/beheer\.example\.nl\/reservering\/[A-Za-z0-9_-]{43}$/);
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(JSON.stringify(row)).not.toContain(r.token);
    const res = await read(r.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderNumber: r.orderNumber,
      status: { code: 0, name: 'Nieuw' },
      delivery: { name: 'Pakket', willShip: true },
      mayPay: false,
      mayWithdraw: true,
      withdrawal: 'cancel',
      trackAndTrace: null,
    });
    expect(res.body.lines).toHaveLength(1);
    expect(res.body.totals.total).toBeGreaterThan(0);
  });

  it('answers 404 for any other token, and the same for a malformed one', async () => {
    const r = await placed();
    const other = `${r.token.slice(0, -1)}${r.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [other, 'abc', 'x'.repeat(43)]) {
      const res = await read(token);
      expect(res.status, token).toBe(404);
    }
  });

  it('is in every mail to the customer', async () => {
    const r = await placed();
    await act(r.id, 'confirm');
    const mails = (await t.mails()).filter((m) => m.to === 'anna@example.nl' && m.text.includes(r.orderNumber));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails)
      expect(mail.text).toContain(`Je reservering bekijken, betalen of herroepen:\n${r.customerUrl}`);
    expect((await read(r.token)).body).toMatchObject({ status: { code: 2 }, mayPay: true });
  });

  it('is a Dutch page at /reservering/{token}', async () => {
    const r = await placed();
    const page = await t.call<string>('GET', `/reservering/${r.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain(`Reservering ${r.orderNumber}`);
    expect(page.body).toContain('Herroeping bevestigen');
    const wrong = await t.call<string>('GET', '/reservering/niet-goed');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toContain('Link ongeldig');
  });
});

describe("the customer page's pay button", () => {
  const payButton = (token: string) =>
    fetch(`${t.baseUrl}/reservering/${token}/betalen`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });

  it('shows only when payment is due, and leads to the live payment link as the payment mail does', async () => {
    const r = await placed();
    expect((await t.call<string>('GET', `/reservering/${r.token}`)).body).not.toContain('>Betalen</button>');
    const early = await payButton(r.token);
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(SHOP_MESSAGES.nothingToPay);

    expect((await act(r.id, 'confirm')).status).toBe(204);
    const page = await t.call<string>('GET', `/reservering/${r.token}`);
    expect(page.body).toContain(`<form method="post" action="/reservering/${r.token}/betalen">`);
    expect(page.body).toContain('>Betalen</button>');
    const mailed = (await t.mails()).find((m) => m.text.includes(r.orderNumber) && m.text.includes('/betalen/'));
    const mailLink = mailed?.text.match(/https:\/\/beheer\.example\.nl\/betalen\/\S+/)?.[0];
    expect(mailLink).toBeDefined();

    const res = await payButton(r.token);
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    // The same kind of link as the mail's (paymentLink): PUBLIC_URL/betalen/{token}, a payable one.
    expect(location).toMatch(/^https:\/\/beheer\.example\.nl\/betalen\/[A-Za-z0-9_-]+$/);
    expect(location).not.toBe(mailLink);
    const payPage = await t.call<string>('GET', new URL(location).pathname);
    expect(payPage.status).toBe(200);
    expect(payPage.body).toContain(r.orderNumber);
    // The mail's link now says a newer one replaced it (only the hash of the live token is kept).
    const old = await t.call<string>('GET', new URL(mailLink ?? '').pathname);
    expect(old.body).not.toContain('type="submit"');

    await pay(r.id, location.split('/').at(-1));
    expect((await t.call<string>('GET', `/reservering/${r.token}`)).body).not.toContain('>Betalen</button>');
    expect((await payButton(r.token)).status).toBe(409);
    expect((await payButton('x'.repeat(43))).status).toBe(404);
  });
});

describe('withdrawal (herroeping)', () => {
  it('cancels before shipping: a paid one is marked for refund, its stock back, both sides mailed', async () => {
    const r = await placed({ quantity: 3 });
    expect((await act(r.id, 'confirm')).status).toBe(204);
    await pay(r.id);
    const [before] = await t.ctx.db.select().from(products).where(eq(products.id, r.productId));
    const res = await withdrawApi(r.token, { reason: 'Toch niet nodig' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: { code: 1, name: 'Herroepen' },
      refund: 'pending',
      mayWithdraw: false,
    });
    const [after] = await t.ctx.db.select().from(products).where(eq(products.id, r.productId));
    expect(after?.quantity).toBe((before?.quantity ?? 0) + 1);
    const mails = await t.mails();
    const confirmation = mails.find((m) => m.subject === `Bevestiging van je herroeping (${r.orderNumber})`);
    expect(confirmation?.text).toContain('Hierbij herroep ik de overeenkomst');
    expect(confirmation?.text).toContain('Reden (niet verplicht): Toch niet nodig');
    expect(mails.some((m) => m.subject === `Reservering ${r.orderNumber} is herroepen`)).toBe(true);
    const again = await withdrawApi(r.token);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(SHOP_MESSAGES.withdrawNotAllowed);
  });

  it('announces a return within 14 days after shipping; receiving it refunds', async () => {
    const r = await placed();
    await act(r.id, 'confirm');
    await pay(r.id);
    expect((await act(r.id, 'shipped')).status).toBe(204);
    const view = (await read(r.token)).body;
    expect(view).toMatchObject({ withdrawal: 'return', mayWithdraw: true });
    const res = await withdrawApi(r.token);
    expect(res.body).toMatchObject({ status: { code: 6, name: 'Retour onderweg' }, refund: null });
    expect((await t.mails()).some((m) => m.subject === `Reservering ${r.orderNumber} is herroepen`)).toBe(true);
    expect((await act(r.id, 'returned')).status).toBe(204);
    expect((await read(r.token)).body).toMatchObject({ status: { code: 7 }, refund: 'pending' });
  });

  it('refuses after 14 Dutch calendar days, and for a product made to measure', async () => {
    const late = await placed();
    await act(late.id, 'confirm');
    await pay(late.id);
    await act(late.id, 'shipped');
    await t.ctx.db
      .update(reservations)
      .set({ completedAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(reservations.id, late.id));
    const refused = await withdrawApi(late.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^De herroepingstermijn van 14 dagen is voorbij/);

    const made = await placed({ madeToMeasure: true });
    const view = (await read(made.token)).body;
    expect(view).toMatchObject({ mayWithdraw: false, withdrawRefusal: SHOP_MESSAGES.withdrawMadeToMeasure });
    expect((await withdrawApi(made.token)).status).toBe(409);
  });

  it('counts Dutch calendar days: shipped late in the evening counts as that day in Amsterdam', () => {
    // 23:30 UTC on 31 March 2026 is 1 April in Amsterdam (summer time): the last day is 15 April.
    const shipped = new Date('2026-03-31T23:30:00Z');
    expect(lastWithdrawalDay(shipped)).toBe('2026-04-15');
    const facts = { status: 4 as const, completedAt: shipped, madeToMeasure: false, withdrawnAt: null };
    expect(withdrawalOf(facts, new Date('2026-04-15T21:59:00Z')).kind).toBe('return');
    expect(withdrawalOf(facts, new Date('2026-04-15T22:00:00Z')).kind).toBeNull();
  });

  it('withdraws from the page with a plain form post', async () => {
    const r = await placed();
    const res = await t.call<string>('POST', `/reservering/${r.token}`, {
      raw: 'reason=Verkeerde+kleur',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('Je herroeping is ontvangen.');
    expect(res.body).toContain('Herroepen');
    const second = await t.call<string>('POST', `/reservering/${r.token}`, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toContain('Herroepen niet gelukt');
  });

  it("shows in the back-office's 'Herroepen' tab and 'Herroepingen' card while there is something to do", async () => {
    const r = await placed();
    await act(r.id, 'confirm');
    await pay(r.id);
    await withdrawApi(r.token);
    const tab = await t.call<{ items: { id: string; statusName: string }[] }>(
      'GET',
      '/api/reservations/all?status=withdrawn&skipCount=0&maxResultCount=100',
      { token: admin },
    );
    expect(tab.body.items.map((i) => i.id)).toContain(r.id);
    const counts = await t.call<{ counts: { withdrawn: number } }>('GET', '/api/reservations/counts', { token: admin });
    expect(counts.body.counts.withdrawn).toBe(tab.body.items.length);
    const card = await t.call<{ items: { id: string }[] }>(
      'GET',
      '/api/reservations/all?todo=withdrawals&skipCount=0&maxResultCount=100',
      { token: admin },
    );
    expect(card.body.items.map((i) => i.id)).toContain(r.id);
    const dashboard = await t.call<{ todo: { withdrawals: number } }>('GET', '/api/dashboard', { token: admin });
    expect(dashboard.body.todo.withdrawals).toBeGreaterThanOrEqual(1);
    // Another workshop sees none of it.
    const other = (await demoTokens(t)).otherAdmin;
    const theirs = await t.call<{ items: { id: string }[] }>(
      'GET',
      '/api/reservations/all?status=withdrawn&skipCount=0&maxResultCount=100',
      { token: other },
    );
    expect(theirs.body.items.map((i) => i.id)).not.toContain(r.id);
  });
});
