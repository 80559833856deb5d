import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ErrorEnvelope, MESSAGES, type Reservation } from '@ateliermarkt/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema/index.ts';
import { reservationApprovedMail } from '../../templates/mail/reservation-approved.ts';
import { customerLinkLine } from '../../templates/mail/withdrawal.ts';
import { createTestApp, demoTokens, type TestApp } from '../../test/test-app.ts';
import { customerUrl } from './customer/customer-link.ts';
import { makeProduct, order, publishWorkshop, sign } from './reservation-fixtures.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let user: string;
let superAdmin: string;

const WORKSHOP = 'De Draaischijf';
const OTHER = 'Glasatelier Helder';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, user, otherAdmin, superAdmin } = await demoTokens(t));
});
afterAll(async () => {
  await t?.close();
});

const get = (id: string, token = admin) =>
  t.call<Reservation & ErrorEnvelope>('GET', `/api/reservations/${id}`, { token });
const act = (id: string, action: string, token = admin) =>
  t.call<ErrorEnvelope>('POST', `/api/reservations/${id}/${action}`, { token });
const productRow = async (id: string) => (await t.ctx.db.select().from(products).where(eq(products.id, id)))[0];

function paymentToken(mailText: string): string {
  const match = /\/betalen\/([\w-]+)/.exec(mailText);
  if (!match?.[1]) throw new Error(`no payment link in ${mailText}`);
  return match[1];
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-'));
  const file = path.join(dir, 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('the shop places a reservation', () => {
  it('creates it with a readable order number, visible to its workshop only', async () => {
    const p = await makeProduct(t, WORKSHOP);
    const res = await order(t, [p.id], 3, { favoriteColor: 'Blauw', personalMessage: 'Voor mijn moeder' });
    expect(res.status).toBe(201);
    expect(res.body.orderNumber).toMatch(/^AM-\d{6,}$/);
    // The customer's mail (the workshop's admins get one too: workshop-notifications.routes.test.ts).
    const mails = (await t.mails()).filter((m) => m.subject.includes(res.body.orderNumber));
    expect(mails.map((m) => m.to)).toContain('anna@example.nl');

    const mine = await get(res.body.id);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      orderNumber: res.body.orderNumber,
      status: { code: 0, name: 'Nieuw' },
      statusName: 'Nieuw',
      zipCode: '1015 KK',
      workspaceName: WORKSHOP,
      favoriteColor: 'Blauw',
      personalMessage: 'Voor mijn moeder',
      deliveryMethod: { id: 3, name: 'Pakket', price: 7.95, quantity: 1 },
      isOpen: true,
      mayReject: true,
      mayEditReservation: true,
      willShip: true,
      showCustomerAddress: false,
    });
    expect(mine.body.creationTime).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} uur$/);
    expect(mine.body.products).toEqual([
      expect.objectContaining({ id: p.id, quantity: 1, price: 45, isAvailable: true, isReserved: false }),
    ]);

    expect((await get(res.body.id, otherAdmin)).status).toBe(404);
    expect((await get(res.body.id, user)).status).toBe(403);
    expect((await t.call('GET', `/api/reservations/${res.body.id}`)).status).toBe(401);
    const all = await t.call<Reservation[]>('GET', '/api/reservations/all', { token: superAdmin });
    expect(all.body.find((r) => r.id === res.body.id)?.workspaceName).toBe(WORKSHOP);
    const others = await t.call<Reservation[]>('GET', '/api/reservations/all', { token: otherAdmin });
    expect(others.body.find((r) => r.id === res.body.id)).toBeUndefined();
  });

  it('refuses what cannot be ordered, in Dutch', async () => {
    const mine = await makeProduct(t, WORKSHOP);
    const theirs = await makeProduct(t, OTHER);
    const draft = await makeProduct(t, WORKSHOP, { published: false });
    const pickupOnly = await makeProduct(t, WORKSHOP, { methods: [1] });
    const cases: [string[], number, Record<string, unknown>, string][] = [
      [[mine.id, theirs.id], 3, {}, MESSAGES.orderOneWorkshop],
      [[draft.id], 3, {}, MESSAGES.productUnavailable],
      [[pickupOnly.id], 3, {}, MESSAGES.deliveryMethodNotOffered],
      [[mine.id], 9, {}, MESSAGES.deliveryMethodInvalid],
      [[mine.id], 3, { zipCode: '12345' }, MESSAGES.zipCodeInvalid],
      [[], 3, {}, MESSAGES.orderNeedsProducts],
    ];
    for (const [ids, method, extra, message] of cases) {
      const res = await order(t, ids, method, extra);
      expect(res.status, message).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
    await publishWorkshop(t, 'Wolwerk Textielstudio', false);
    const hidden = await makeProduct(t, 'Wolwerk Textielstudio');
    expect((await order(t, [hidden.id])).status).toBe(400);
  });
});

describe('the life of a shipped reservation', () => {
  it('goes from new to return received with every side effect', async () => {
    const p = await makeProduct(t, WORKSHOP);
    const { id } = (await order(t, [p.id], 3)).body;
    // The order's own mails go out first: the runner sends the mails due together in no fixed order.
    await t.settled();

    expect((await act(id, 'shipped')).status).toBe(409);
    expect((await act(id, 'confirm')).status).toBe(204);
    expect((await get(id)).body.status).toEqual({ code: 2, name: 'Wachten op betaling' });
    expect((await productRow(p.id))?.isReserved).toBe(true);
    const approval = (await t.mails()).at(-1);
    expect(approval?.subject).toContain('goedgekeurd');
    const token = paymentToken(approval?.text ?? '');
    // The mail delivered is the template's text (templates/mail/), addressed to the customer.
    const approvedMail = reservationApprovedMail((await get(id)).body, `${t.ctx.config.publicUrl}/betalen/${token}`);
    // Under it, as under every mail to the customer, their own link.
    const own = customerLinkLine(customerUrl(t.ctx, id));
    expect({ to: approval?.to, subject: approval?.subject, text: approval?.text.trimEnd() }).toEqual({
      to: 'anna@example.nl',
      ...approvedMail,
      text: `${approvedMail.text}\n\n${own}`,
    });

    const again = await act(id, 'confirm');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MESSAGES.transitionNotAllowed);

    expect((await act(id, 'send-payment-reminder')).status).toBe(204);
    const reminder = (await t.mails()).at(-1);
    expect(reminder?.subject).toContain('Herinnering');
    const newToken = paymentToken(reminder?.text ?? '');
    // The reminder's link replaces the first one, which says so.
    const stale = await fetch(`${t.baseUrl}/betalen/${token}`);
    expect(stale.status).toBe(410);
    expect(await stale.text()).toContain(MESSAGES.paymentLinkReplaced);

    const pageRes = await fetch(`${t.baseUrl}/betalen/${newToken}`);
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain('Betaal €52,95');
    const paid = await fetch(`${t.baseUrl}/betalen/${newToken}`, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Dank je wel!');
    const afterPay = (await get(id)).body;
    expect(afterPay).toMatchObject({ status: { code: 3, name: 'Betaald' }, isPaid: true, showCustomerAddress: true });
    expect(await productRow(p.id)).toMatchObject({ isSold: true, isReserved: false });
    const payAgain = await fetch(`${t.baseUrl}/betalen/${newToken}`, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(payAgain.status).toBe(409);

    const tt = await t.call('PUT', `/api/reservations/${id}/trackandtrace`, {
      token: admin,
      body: { trackAndTrace: '3SABCD1234567' },
    });
    expect(tt.status).toBe(204);
    const label = await fetch(`${t.baseUrl}/api/files/label?reservationId=${id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-disposition')).toContain(`verzendlabel-${afterPay.orderNumber}.pdf`);
    const text = pdfText(Buffer.from(await label.arrayBuffer()));
    expect(text).toContain(afterPay.orderNumber);
    expect(text).toContain('Anna de Klant');
    expect(text).toContain('Oudegracht 112');

    expect((await act(id, 'received')).status).toBe(409);
    expect((await act(id, 'shipped')).status).toBe(204);
    expect((await t.mails()).at(-1)?.text).toContain('3SABCD1234567');
    expect((await get(id)).body).toMatchObject({ status: { code: 4, name: 'Afgerond' }, isOpen: false });

    expect((await t.call('POST', `/api/shop/reservations/${id}/return`)).status).toBe(204);
    expect((await get(id)).body).toMatchObject({ status: { code: 6 }, isReturning: true, isOpen: true });
    expect((await act(id, 'returned')).status).toBe(204);
    expect((await get(id)).body.status).toEqual({ code: 7, name: 'Retour ontvangen' });
    expect((await t.mails()).at(-1)?.subject).toContain('Je retour is ontvangen');
    expect(await productRow(p.id)).toMatchObject({ isSold: false, isReserved: false });
    expect((await act(id, 'returned')).status).toBe(409);

    const trail = await t.ctx.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'reservation'), eq(auditLog.entityId, id)))
      // Without an order PostgreSQL may answer in any order (seen: 'returned' before 'shipped').
      .orderBy(asc(auditLog.at));
    // Each mail about it is in the trail too (reservation-history.routes.test.ts).
    expect(trail.map((a) => a.action).filter((action) => action !== 'mail.queued')).toEqual([
      'reservation.placed',
      'reservation.confirm',
      'reservation.payment-reminder',
      'reservation.paid',
      'reservation.track-and-trace',
      'reservation.shipped',
      'reservation.startReturn',
      'reservation.returned',
    ]);
    expect(trail.find((a) => a.action === 'reservation.confirm')?.data).toMatchObject({ from: 0, to: 2 });
  });

  it('a pick-up is received at the workshop and has a pick-up slip', async () => {
    const p = await makeProduct(t, WORKSHOP, { unique: false, quantity: 3 });
    const { id } = (await order(t, [p.id], 1)).body;
    expect((await get(id)).body).toMatchObject({ willBeFetched: true, willShip: false });
    // The order's own mails go out first: the runner sends the mails due together in no fixed order.
    await t.settled();
    expect((await act(id, 'confirm')).status).toBe(204);
    const token = paymentToken((await t.mails()).at(-1)?.text ?? '');
    await fetch(`${t.baseUrl}/betalen/${token}`, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await get(id)).body).toMatchObject({ willBeFetchedAfterPayment: true, showCustomerAddress: false });
    expect(await productRow(p.id)).toMatchObject({ quantity: 2, isSold: false });
    const slip = await fetch(`${t.baseUrl}/api/files/pickup-slip?reservationId=${id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(slip.status).toBe(200);
    const slipText = pdfText(Buffer.from(await slip.arrayBuffer()));
    expect(slipText).toContain('Ophaalbon');
    expect(slipText).toContain((await get(id)).body.orderNumber);
    expect(slipText).toContain('Oudegracht 112');
    expect(slipText).toContain('3511 AX Utrecht');
    const label = await fetch(`${t.baseUrl}/api/files/label?reservationId=${id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(label.status).toBe(409);
    expect((await act(id, 'shipped')).status).toBe(409);
    expect((await act(id, 'received')).status).toBe(204);
    expect((await get(id)).body.status).toEqual({ code: 5, name: 'Afgerond' });
  });
});

describe('a transition the table refuses', () => {
  it('answers 409 from every status and changes nothing: status, products, mails, audit', async () => {
    const p = await makeProduct(t, WORKSHOP);
    const { id, orderNumber } = (await order(t, [p.id], 3)).body;
    // The payment mail of one reservation: mails are sent by the job runner, not necessarily in the order queued.
    const paymentMailOf = async (number: string) =>
      (await t.mails()).findLast((m) => m.text.includes('/betalen/') && m.text.includes(number))?.text ?? '';
    const reach: string[][] = [[], ['confirm'], ['shipped']];
    const refused: Record<number, string[]> = {
      0: ['shipped', 'received', 'returned', 'send-payment-reminder'],
      2: ['confirm', 'shipped', 'received', 'returned'],
      3: ['confirm', 'reject', 'received', 'returned', 'send-payment-reminder'],
      4: ['confirm', 'reject', 'shipped', 'received', 'returned', 'send-payment-reminder'],
    };
    for (const step of reach) {
      for (const action of step) expect((await act(id, action)).status).toBe(204);
      if (step[0] === 'confirm') {
        await fetch(`${t.baseUrl}/betalen/${paymentToken(await paymentMailOf(orderNumber))}`, {
          method: 'POST',
          body: '',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      }
    }
    // Now at status 4; and a second reservation at 0 and one at 2 for the other rows of the table.
    const atFour = id;
    const zero = (await order(t, [(await makeProduct(t, WORKSHOP)).id])).body.id;
    const two = (await order(t, [(await makeProduct(t, WORKSHOP)).id])).body.id;
    await act(two, 'confirm');
    const ordered = (await order(t, [(await makeProduct(t, WORKSHOP)).id])).body;
    const three = ordered.id;
    await act(three, 'confirm');
    await fetch(`${t.baseUrl}/betalen/${paymentToken(await paymentMailOf(ordered.orderNumber))}`, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const cases: [string, number][] = [
      [zero, 0],
      [two, 2],
      [three, 3],
      [atFour, 4],
    ];
    for (const [rid, status] of cases) {
      const before = (await get(rid)).body;
      const productsBefore = await Promise.all(before.products.map((x) => productRow(x.id)));
      const mailsBefore = (await t.mails()).length;
      const auditBefore = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, rid))).length;
      for (const action of refused[status] ?? []) {
        const res = await act(rid, action);
        expect(res.status, `${action} from ${status}`).toBe(409);
        expect(res.body.error.message).toBe(MESSAGES.transitionNotAllowed);
      }
      expect((await get(rid)).body).toEqual(before);
      expect(await Promise.all(before.products.map((x) => productRow(x.id)))).toEqual(productsBefore);
      expect((await t.mails()).length).toBe(mailsBefore);
      expect((await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, rid))).length).toBe(auditBefore);
    }
  });
});

describe('rejecting and pausing', () => {
  it('pauses a reservation whose unique product waits for payment elsewhere, and frees it on reject', async () => {
    const p = await makeProduct(t, WORKSHOP);
    const first = (await order(t, [p.id])).body.id;
    const second = (await order(t, [p.id])).body.id;
    // The order's own mails go out first: the runner sends the mails due together in no fixed order.
    await t.settled();
    expect((await get(second)).body.statusName).toBe('Nieuw');
    expect((await act(first, 'confirm')).status).toBe(204);
    expect((await get(second)).body).toMatchObject({ statusName: 'Gepauzeerd', isPaused: true });
    await t.settled();
    const refused = await act(second, 'confirm');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MESSAGES.pausedTooltip);
    expect((await act(first, 'reject')).status).toBe(204);
    expect((await productRow(p.id))?.isReserved).toBe(false);
    expect((await get(first)).body).toMatchObject({ status: { code: 1, name: 'Afgewezen' }, isOpen: false });
    expect((await t.mails()).at(-1)?.subject).toContain('afgewezen');
    expect((await get(second)).body).toMatchObject({ statusName: 'Nieuw', isPaused: false });
    expect((await act(second, 'confirm')).status).toBe(204);
  });

  // Parallel approvals (of one reservation, and of two reservations sharing a unique product), 10 rounds each, and
  // a sold product never approved again: src/security/concurrency.test.ts.
});

describe('editing a reservation', () => {
  it('removes a product irreversibly, changes packages and saves track & trace while editable', async () => {
    const p1 = await makeProduct(t, WORKSHOP, { priceCents: 2000 });
    const p2 = await makeProduct(t, WORKSHOP, { priceCents: 3000 });
    const { id } = (await order(t, [p1.id, p2.id])).body;
    const remove = await t.call('PUT', `/api/reservations/${id}/products/${p1.id}/availability`, { token: admin });
    expect(remove.status).toBe(204);
    const r = (await get(id)).body;
    expect(r.products.find((x) => x.id === p1.id)?.isAvailable).toBe(false);

    const packages = await t.call('PUT', `/api/reservations/${id}/packages/5`, { token: admin, body: { quantity: 2 } });
    expect(packages.status).toBe(204);
    expect((await get(id)).body.deliveryMethod).toEqual({ id: 5, name: 'Groot pakket', price: 19.95, quantity: 2 });
    const zero = await t.call<ErrorEnvelope>('PUT', `/api/reservations/${id}/packages/5`, {
      token: admin,
      body: { quantity: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.error.message).toBe(MESSAGES.packageCountInvalid);
    expect(
      (await t.call('PUT', `/api/reservations/${id}/packages/42`, { token: admin, body: { quantity: 1 } })).status,
    ).toBe(404);
    expect(
      (await t.call('PUT', `/api/reservations/${id}/packages/3`, { token: otherAdmin, body: { quantity: 1 } })).status,
    ).toBe(404);

    expect((await act(id, 'reject')).status).toBe(204);
    const late = await t.call<ErrorEnvelope>('PUT', `/api/reservations/${id}/products/${p2.id}/availability`, {
      token: admin,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(MESSAGES.reservationNotEditable);
  });

  it('rejects a reservation awaiting payment once its last product is removed, and tells the customer why', async () => {
    const p1 = await makeProduct(t, WORKSHOP, { priceCents: 2000 });
    const p2 = await makeProduct(t, WORKSHOP, { priceCents: 3000 });
    const { id, orderNumber } = (await order(t, [p1.id, p2.id])).body;
    expect((await act(id, 'confirm')).status).toBe(204);
    await t.settled();
    const approval = (await t.mails()).find(
      (m) => m.subject.startsWith('Je reservering is goedgekeurd') && m.subject.includes(orderNumber),
    );
    const link = approval?.text.match(/https?:\/\/[^\s/]+\/betalen\/[\w-]+/)?.[0];
    if (!link) throw new Error('no payment link in the approval mail');
    const remove = (productId: string) =>
      t.call('PUT', `/api/reservations/${id}/products/${productId}/availability`, { token: admin });

    expect((await remove(p1.id)).status).toBe(204);
    expect((await get(id)).body.status.code).toBe(2);
    expect((await remove(p2.id)).status).toBe(204);

    // Only shipping would be left to pay: not a reservation to keep waiting for payment.
    expect((await get(id)).body).toMatchObject({ status: { code: 1, name: 'Afgewezen' }, isOpen: false });
    expect((await productRow(p2.id))?.isReserved).toBe(false);
    await t.settled();
    const told = (await t.mails()).filter(
      (m) => m.subject.startsWith('Je reservering is afgewezen') && m.subject.includes(orderNumber),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('geen van de producten');
    const page = await fetch(`${t.baseUrl}${new URL(link).pathname}`);
    expect(page.status).toBe(404);
  });

  it('lists open and closed reservations and counts the open ones', async () => {
    const all = (await t.call<Reservation[]>('GET', '/api/reservations/all', { token: admin })).body;
    const open = (await t.call<Reservation[]>('GET', '/api/reservations/all?status=open', { token: admin })).body;
    const closed = (await t.call<Reservation[]>('GET', '/api/reservations/all?status=closed', { token: admin })).body;
    expect(open.length + closed.length).toBe(all.length);
    expect(open.every((r) => r.isOpen)).toBe(true);
    const count = await t.call<{ count: number }>('GET', '/api/reservations/open-count', { token: admin });
    expect(count.body.count).toBe(open.length);
    expect(all.map((r) => r.reservationDate)).toEqual([...all.map((r) => r.reservationDate)].sort().reverse());
  });
});

describe('payment webhook', () => {
  it('refuses a bad signature and changes nothing; a signed one marks paid, once', async () => {
    const p = await makeProduct(t, WORKSHOP);
    const { id } = (await order(t, [p.id])).body;
    await act(id, 'confirm');
    const body = JSON.stringify({ reservationId: id, status: 'paid' });
    const bad = await t.call<ErrorEnvelope>('POST', '/api/payments/webhook', {
      raw: body,
      headers: { 'content-type': 'application/json', 'x-signature': sign('verkeerd', body) },
    });
    expect(bad.status).toBe(401);
    expect((await get(id)).body.status.code).toBe(2);
    const unsigned = await t.call('POST', '/api/payments/webhook', {
      raw: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    const headers = {
      'content-type': 'application/json',
      'x-signature': sign(t.ctx.config.paymentWebhookSecret, body),
    };
    expect((await t.call('POST', '/api/payments/webhook', { raw: body, headers })).status).toBe(204);
    expect((await get(id)).body.status.code).toBe(3);
    expect((await t.call('POST', '/api/payments/webhook', { raw: body, headers })).status).toBe(204);
    expect((await get(id)).body.status.code).toBe(3);
  });
});
