import type {
  MonthStatements,
  PayoutRouting,
  Reservation,
  ReservationHistoryEntry,
  ReservationMoney,
  WorkshopMollie,
} from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, providerPayments } from '../../../db/schema/index.ts';
import { type MollieStandin, startMollieStandin } from '../../../test/mollie-standin/mollie-standin.ts';
import { createTestApp, readOutbox, type TestApp } from '../../../test/test-app.ts';
import { makeProduct, order } from '../reservation-fixtures.ts';

/**
 * PAYMENT_PROVIDER=mollie against the stand-in of Mollie's API, through the real @mollie/api-client:
 * approve → Mollie's link in the mail → webhook → paid → shipped → routed → returned → refunded; forged and unknown
 * ids; duplicate and concurrent webhooks; a workshop not connected waits and is routed on connect; Mollie down at
 * approval. Every request the server sends is checked against Mollie's OpenAPI document (no violations allowed).
 */
const WORKSHOP = 'De Draaischijf';
const OTHER_WORKSHOP = 'Glasatelier Helder';
let standin: MollieStandin;
let t: TestApp;
let admin: string;
let superAdmin: string;
let workshopId: string;

beforeAll(async () => {
  standin = await startMollieStandin();
  t = await createTestApp({ ...standin.env, PUBLIC_URL: 'https://ateliermarkt.example' });
  admin = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
  const all = await t.call<{ id: string; name: string }[]>('GET', '/api/workspaces/all', { token: superAdmin });
  const found = all.body.find((w) => w.name === WORKSHOP);
  if (!found) throw new Error(`no workshop ${WORKSHOP}`);
  workshopId = found.id;
});
afterEach(() => {
  expect(standin.violations).toEqual([]);
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const webhook = (id: string) =>
  t.call('POST', '/api/payments/mollie/webhook', {
    raw: new URLSearchParams({ id }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const get = (id: string) => t.call<Reservation>('GET', `/api/reservations/${id}`, { token: admin }).then((r) => r.body);
const money = (id: string) =>
  t.call<ReservationMoney>('GET', `/api/reservations/${id}/payment`, { token: superAdmin }).then((r) => r.body);
const history = (id: string) =>
  t.call<ReservationHistoryEntry[]>('GET', `/api/reservations/${id}/history`, { token: admin }).then((r) => r.body);
const mailsTo = (orderNumber: string) => readOutbox(t.dataDir).filter((m) => m.subject.includes(orderNumber));

/** A new reservation of one product at 45,00 with 'Pakket' (7,95), approved; its Mollie payment made by the job. */
async function approved(priceCents = 4500) {
  const product = await makeProduct(t, WORKSHOP, { priceCents });
  const placed = await order(t, [product.id], 3);
  expect(placed.status).toBe(201);
  const res = await t.call('POST', `/api/reservations/${placed.body.id}/confirm`, { token: admin });
  expect(res.status).toBe(204);
  await t.ctx.jobs.drain();
  const m = await money(placed.body.id);
  return {
    id: placed.body.id,
    orderNumber: placed.body.orderNumber,
    productId: product.id,
    paymentId: m.payment?.providerPaymentId ?? '',
  };
}

async function paid(priceCents = 4500) {
  const r = await approved(priceCents);
  standin.setStatus(r.paymentId, 'paid');
  expect((await webhook(r.paymentId)).status).toBe(200);
  await t.ctx.jobs.drain();
  return r;
}

async function connect(organizationId: string | null) {
  const res = await t.call<WorkshopMollie>('PUT', `/api/workspaces/${workshopId}/mollie`, {
    token: superAdmin,
    body: { organizationId },
  });
  expect(res.status).toBe(200);
  await t.ctx.jobs.drain();
  return res.body;
}

describe('approving with Mollie', () => {
  it('creates the payment at Mollie for what is owed, and mails its checkout link', async () => {
    const r = await approved();
    const payment = standin.payments.get(r.paymentId);
    expect(payment).toMatchObject({
      amount: { currency: 'EUR', value: '52.95' },
      description: expect.stringContaining(r.orderNumber),
      redirectUrl: `https://ateliermarkt.example/betaald?bestelling=${encodeURIComponent(r.orderNumber)}`,
      webhookUrl: 'https://ateliermarkt.example/api/payments/mollie/webhook',
      method: ['ideal', 'creditcard', 'bancontact'],
      metadata: { reservationId: r.id, orderNumber: r.orderNumber },
    });
    const mail = mailsTo(r.orderNumber).find((m) => m.subject.startsWith('Je reservering is goedgekeurd'));
    expect(mail?.text).toContain(`/checkout/${r.paymentId}`);
    expect(mail?.text).not.toContain('/betalen/');
    expect((await get(r.id)).status.code).toBe(2);
  });

  it('answers while Mollie is down; a retried job makes the payment and mails the link when Mollie is back', async () => {
    const product = await makeProduct(t, WORKSHOP);
    const placed = await order(t, [product.id], 3);
    standin.setDown(true);
    const res = await t.call('POST', `/api/reservations/${placed.body.id}/confirm`, { token: admin });
    expect(res.status).toBe(204);
    await t.ctx.jobs.drain();
    expect((await money(placed.body.id)).payment).toMatchObject({ status: 'creating', providerPaymentId: null });
    const [pending] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'payment.create')).orderBy(jobs.createdAt);
    expect(pending).toBeDefined();
    standin.setDown(false);
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'pending'));
    await t.ctx.jobs.drain();
    const after = await money(placed.body.id);
    expect(after.payment).toMatchObject({ status: 'open', providerPaymentId: expect.stringMatching(/^tr_/) });
    expect(mailsTo(placed.body.orderNumber).some((m) => m.text.includes('/checkout/tr_'))).toBe(true);
  });
});

describe('a new quote and the reminder with Mollie', () => {
  it('a recalculated quote cancels the old payment and mails the new link; the reminder sends the live one', async () => {
    const a = await makeProduct(t, WORKSHOP, { priceCents: 2000 });
    const b = await makeProduct(t, WORKSHOP, { priceCents: 3000 });
    const placed = await order(t, [a.id, b.id], 3);
    await t.call('POST', `/api/reservations/${placed.body.id}/confirm`, { token: admin });
    await t.ctx.jobs.drain();
    const first = (await money(placed.body.id)).payment?.providerPaymentId ?? '';
    expect(standin.payments.get(first)?.amount.value).toBe('57.95');
    const removed = await t.call('PUT', `/api/reservations/${placed.body.id}/products/${b.id}/availability`, {
      token: admin,
    });
    expect(removed.status).toBe(204);
    await t.ctx.jobs.drain();
    const second = (await money(placed.body.id)).payment;
    expect(second?.providerPaymentId).not.toBe(first);
    expect(standin.payments.get(second?.providerPaymentId ?? '')?.amount.value).toBe('27.95');
    expect(standin.payments.get(first)?.status).toBe('canceled');
    const quoteMail = mailsTo(placed.body.orderNumber).find((m) => m.subject.startsWith('Je reservering is aangepast'));
    expect(quoteMail?.text).toContain(`/checkout/${second?.providerPaymentId}`);
    // The old payment, paid anyway at Mollie, moves nothing: it is not what is owed.
    standin.setStatus(first, 'paid');
    await webhook(first);
    expect((await get(placed.body.id)).status.code).toBe(2);

    // The reminder: the live link again, while Mollie still takes it.
    const reminded = await t.call('POST', `/api/reservations/${placed.body.id}/send-payment-reminder`, {
      token: admin,
    });
    expect(reminded.status).toBe(204);
    await t.ctx.jobs.drain();
    const reminder = mailsTo(placed.body.orderNumber).filter((m) => m.subject.startsWith('Herinnering'));
    expect(reminder.at(-1)?.text).toContain(`/checkout/${second?.providerPaymentId}`);
    // Expired: the reminder makes a new payment and mails its link.
    standin.setStatus(second?.providerPaymentId ?? '', 'expired');
    await t.call('POST', `/api/reservations/${placed.body.id}/send-payment-reminder`, { token: admin });
    await t.ctx.jobs.drain();
    const third = (await money(placed.body.id)).payment?.providerPaymentId ?? '';
    expect(third).not.toBe(second?.providerPaymentId);
    expect(mailsTo(placed.body.orderNumber).some((m) => m.text.includes(`/checkout/${third}`))).toBe(true);
  });
});

describe("Mollie's webhook", () => {
  it('moves to paid only on what Mollie says, once, with the provider in the history', async () => {
    const r = await approved();
    // Still open at Mollie: the webhook changes nothing.
    expect((await webhook(r.paymentId)).status).toBe(200);
    expect((await get(r.id)).status.code).toBe(2);
    standin.setStatus(r.paymentId, 'paid');
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(r.paymentId)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await t.ctx.jobs.drain();
    expect((await get(r.id)).status.code).toBe(3);
    const paidEntries = (await history(r.id)).filter((e) => e.event === 'paid');
    expect(paidEntries).toHaveLength(1);
    expect(paidEntries[0]).toMatchObject({
      actor: 'betaalprovider',
      description: `Betaling ontvangen: ${r.paymentId}`,
    });
    expect(mailsTo(r.orderNumber).filter((m) => m.subject.startsWith('Je betaling is ontvangen'))).toHaveLength(1);
  });

  it('answers 200 to a forged or unknown id and changes nothing', async () => {
    const r = await approved();
    for (const id of ['tr_forged123', 'nonsense', '']) expect((await webhook(id)).status).toBe(200);
    // Asked of Mollie only for ids of our own payments: a prober learns nothing and makes us call nobody.
    expect(standin.requests.filter((q) => q.path.includes('forged'))).toEqual([]);
    expect((await get(r.id)).status.code).toBe(2);
  });

  it('shows an expired or failed payment and stays awaiting payment', async () => {
    const r = await approved();
    standin.setStatus(r.paymentId, 'expired');
    await webhook(r.paymentId);
    expect((await get(r.id)).status.code).toBe(2);
    expect((await money(r.id)).payment?.status).toBe('expired');
    expect((await history(r.id)).some((e) => e.event === 'paymentExpired' && e.actor === 'betaalprovider')).toBe(true);
  });
});

describe('routing the workshop its share, and refunds', () => {
  it('not connected: shipped waits; connecting routes it once to the organisation; a return refunds and reverses', async () => {
    await connect(null);
    const r = await paid();
    const shipped = await t.call('POST', `/api/reservations/${r.id}/shipped`, { token: admin });
    expect(shipped.status).toBe(204);
    await t.ctx.jobs.drain();
    // 45,00 at 21 % VAT, 25 % fee and 21 % BTW on the fee: net 25,94; 7,95 delivery: net 6,57 (the
    // statement's net).
    expect((await money(r.id)).route).toEqual({ status: 'waiting', amountCents: 2594 + 657, routedAt: null });
    const waiting = await t.call<WorkshopMollie>('GET', `/api/workspaces/${workshopId}/mollie`, { token: admin });
    expect(waiting.body).toMatchObject({ organizationId: null, waitingRoutes: 1, waitingCents: 3251 });

    standin.connect('org_draaischijf', 'completed');
    await connect('org_draaischijf');
    const connected = await t.call<WorkshopMollie>('GET', `/api/workspaces/${workshopId}/mollie`, { token: admin });
    expect(connected.body).toMatchObject({
      organizationId: 'org_draaischijf',
      onboarding: 'completed',
      waitingRoutes: 0,
    });
    expect((await money(r.id)).route).toMatchObject({ status: 'routed', amountCents: 3251 });
    const routes = standin.payments.get(r.paymentId)?.routes ?? [];
    expect(routes).toEqual([
      expect.objectContaining({
        amount: { currency: 'EUR', value: '32.51' },
        destination: { type: 'organization', organizationId: 'org_draaischijf' },
      }),
    ]);
    // Connecting again routes nothing twice.
    await connect('org_draaischijf');
    expect(standin.payments.get(r.paymentId)?.routes).toHaveLength(1);

    const started = await t.call('POST', `/api/shop/reservations/${r.id}/return`);
    expect(started.status).toBe(204);
    const returned = await t.call('POST', `/api/reservations/${r.id}/returned`, { token: admin });
    expect(returned.status).toBe(204);
    await t.ctx.jobs.drain();
    const refunds = standin.payments.get(r.paymentId)?.refunds ?? [];
    expect(refunds.map((x) => x.amount)).toEqual([{ currency: 'EUR', value: '52.95' }]);
    const refundRequest = standin.requests.find((q) => q.method === 'POST' && q.path.endsWith('/refunds'));
    expect(refundRequest?.body).toMatchObject({
      routingReversals: [
        {
          amount: { currency: 'EUR', value: '32.51' },
          source: { type: 'organization', organizationId: 'org_draaischijf' },
        },
      ],
    });
    expect((await money(r.id)).refunds).toEqual([expect.objectContaining({ amountCents: 5295, status: 'refunded' })]);
    expect(mailsTo(r.orderNumber).some((m) => m.subject.startsWith('Je krijgt geld terug'))).toBe(true);
    const events = (await history(r.id)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['routeWaiting', 'routed', 'returned', 'refunded']));
  });

  it('connected: shipping routes at once', async () => {
    standin.connect('org_draaischijf', 'completed');
    await connect('org_draaischijf');
    const r = await paid(10_000);
    await t.call('POST', `/api/reservations/${r.id}/shipped`, { token: admin });
    await t.ctx.jobs.drain();
    expect((await money(r.id)).route?.status).toBe('routed');
  });

  it('the super admin refunds per line with a reason; a failed call is retried and visible', async () => {
    const r = await paid();
    const refused = await t.call('POST', `/api/reservations/${r.id}/refunds`, {
      token: admin,
      body: { reason: 'Beschadigd' },
    });
    expect(refused.status).toBe(403);
    standin.setDown(true);
    const res = await t.call<{ amountCents: number; status: string }>('POST', `/api/reservations/${r.id}/refunds`, {
      token: superAdmin,
      body: { lines: [r.productId], reason: 'Beschadigd aangekomen' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amountCents: 4500, status: 'pending' });
    await t.ctx.jobs.drain();
    const failing = (await money(r.id)).refunds[0];
    expect(failing).toMatchObject({ status: 'pending', lastError: expect.any(String) });
    expect((await history(r.id)).some((e) => e.event === 'refundFailed')).toBe(true);
    standin.setDown(false);
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'pending'));
    await t.ctx.jobs.drain();
    expect((await money(r.id)).refunds[0]).toMatchObject({ status: 'refunded', lastError: null });
    const again = await t.call('POST', `/api/reservations/${r.id}/refunds`, {
      token: superAdmin,
      body: { lines: [r.productId], reason: 'Nog eens' },
    });
    expect(again.status).toBe(409);
  });
});

describe("'Uitbetalen' with Mollie Connect, and who may see what", () => {
  it('reconciles each workshop: routed + waiting + fee + refunded = paid, to the cent', async () => {
    // One more of each kind: paid but not shipped, paid and refunded per line before shipping.
    await paid(3_333);
    const partly = await paid(12_345);
    await t.call('POST', `/api/reservations/${partly.id}/refunds`, {
      token: superAdmin,
      body: { lines: [partly.productId], reason: 'Kapot' },
    });
    await t.ctx.jobs.drain();
    const [row] = await t.ctx.db
      .select({ paidAt: providerPayments.paidAt })
      .from(providerPayments)
      .where(eq(providerPayments.providerPaymentId, partly.paymentId));
    const month = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
    }).format(row?.paidAt ?? undefined);
    const res = await t.call<PayoutRouting>('GET', `/api/payouts/routing?month=${month}`, { token: superAdmin });
    expect(res.status).toBe(200);
    const w = res.body.workshops.find((x) => x.workshopName === WORKSHOP);
    expect(w).toBeDefined();
    if (!w) return;
    expect(w.paidCents).toBeGreaterThan(0);
    expect(w.routedCents).toBeGreaterThan(0);
    expect(w.waitingCents).toBeGreaterThan(0);
    expect(w.refundedCents).toBeGreaterThan(0);
    expect(w.routedCents + w.waitingCents + w.feeCents + w.refundedCents).toBe(w.paidCents);
    expect((await t.call('GET', `/api/payouts/routing?month=${month}`, { token: admin })).status).toBe(403);
    // The statement credits the back-office refund in its month, as the sale was, negated.
    const statement = await t.call<MonthStatements>('GET', `/api/statements?month=${month}`, { token: admin });
    const refundLines = statement.body.statements
      .flatMap((x) => x.lines)
      .filter((l) => l.kind === 'refund' && l.orderNumber === partly.orderNumber);
    expect(refundLines).toEqual([expect.objectContaining({ grossCents: -12_345, description: expect.any(String) })]);
    // The totals the database adds up (lines=none) credit the refund the same, to the cent.
    const totals = await t.call<MonthStatements>('GET', `/api/statements?month=${month}&lines=none`, { token: admin });
    expect(totals.body).toEqual({
      ...statement.body,
      statements: statement.body.statements.map((x) => ({ ...x, lines: [] })),
    });
  });

  it("answers another workshop's reservation 404; only the super admin connects a workshop", async () => {
    const r = await approved();
    const other = await t.tokenFor('beheer@glasatelierhelder.nl', OTHER_WORKSHOP);
    expect((await t.call('GET', `/api/reservations/${r.id}/payment`, { token: other })).status).toBe(404);
    expect((await t.call('GET', `/api/workspaces/${workshopId}/mollie`, { token: other })).status).toBe(404);
    const refused = await t.call('PUT', `/api/workspaces/${workshopId}/mollie`, {
      token: admin,
      body: { organizationId: 'org_eigen' },
    });
    expect(refused.status).toBe(403);
    const invalid = await t.call('PUT', `/api/workspaces/${workshopId}/mollie`, {
      token: superAdmin,
      body: { organizationId: 'niet-mollie' },
    });
    expect(invalid.status).toBe(400);
  });
});
