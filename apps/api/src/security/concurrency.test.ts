/**
 * Security suite, concurrency: parallel conflicting requests leave exactly one winner and a consistent
 * database. Each race runs ROUNDS times and prints rounds and winners. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL, where the requests really overlap.
 */
import {
  type Category,
  ERROR_CODES,
  type ErrorEnvelope,
  type Image,
  MESSAGES,
  type Product,
  type ProductInput,
  type Reservation,
  type WorkshopUser,
} from '@ateliermarkt/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productImages, products, reservationProducts, reservations } from '../db/schema/index.ts';
import { makeProduct, order, sign } from '../modules/reservations/reservation-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const ROUNDS = 10;
const WORKSHOP = 'De Draaischijf';

let t: TestApp;
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

const act = (id: string, action: string, token = admin) =>
  t.call<ErrorEnvelope>('POST', `/api/reservations/${id}/${action}`, { token });
const statusOf = async (id: string) =>
  (await t.call<Reservation>('GET', `/api/reservations/${id}`, { token: admin })).body.status.code;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function pay(id: string) {
  const body = JSON.stringify({ reservationId: id, status: 'paid' });
  const headers = { 'content-type': 'application/json', 'x-signature': sign(t.ctx.config.paymentWebhookSecret, body) };
  return t.call('POST', '/api/payments/webhook', { raw: body, headers });
}

describe('two approvals of the same reservation at once', () => {
  it(`exactly one wins, ${ROUNDS} rounds: one status change, one audit entry, one payment mail`, async () => {
    let winners = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const p = await makeProduct(t, WORKSHOP);
      const placed = await order(t, [p.id]);
      expect(placed.status).toBe(201);
      const { id, orderNumber } = placed.body;
      const mailsBefore = (await t.mails()).length;
      const results = await Promise.all([act(id, 'confirm'), act(id, 'confirm', superAdmin)]);
      expect(sorted(results.map((r) => r.status))).toEqual([204, 409]);
      const loser = results.find((r) => r.status === 409);
      expect(loser?.body.error.code).toBe(ERROR_CODES.conflict);
      expect(loser?.body.error.message).toBe(MESSAGES.transitionNotAllowed);
      winners += results.filter((r) => r.status === 204).length;

      expect(await statusOf(id)).toBe(2);
      const approvals = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'reservation.confirm')));
      expect(approvals).toHaveLength(1);
      const paymentMails = (await t.mails()).slice(mailsBefore);
      expect(paymentMails.filter((m) => m.subject.includes(orderNumber))).toHaveLength(1);
      const [row] = await t.ctx.db.select().from(products).where(eq(products.id, p.id));
      expect(row?.isReserved).toBe(true);
    }
    expect(winners).toBe(ROUNDS);
    console.log(`approvals: ${ROUNDS} rounds of 2 parallel approvals, ${winners} winners (1 per round)`);
  });
});

describe('two edits of one user with the same concurrency stamp', () => {
  it(`exactly one is saved, ${ROUNDS} rounds; the loser gets 409 and changes nothing`, async () => {
    const list = await t.call<{ items: WorkshopUser[] }>('GET', '/api/identity/users', { token: admin });
    const target = list.body.items.find((u) => u.email === 'medewerker@dedraaischijf.nl');
    if (!target) throw new Error('no plain user');
    let winners = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const current = await t.call<WorkshopUser>('GET', `/api/identity/users/${target.id}`, { token: admin });
      const edit = (name: string) =>
        t.call<WorkshopUser & ErrorEnvelope>('PUT', `/api/identity/users/${target.id}`, {
          token: admin,
          body: {
            name,
            surname: current.body.surname,
            email: current.body.email,
            phoneNumber: current.body.phoneNumber,
            roleNames: ['user'],
            password: null,
            concurrencyStamp: current.body.concurrencyStamp,
          },
        });
      const results = await Promise.all([edit(`Links${round}`), edit(`Rechts${round}`)]);
      expect(sorted(results.map((r) => r.status))).toEqual([200, 409]);
      const won = results.find((r) => r.status === 200);
      const lost = results.find((r) => r.status === 409);
      expect(lost?.body.error.message).toBe(MESSAGES.userStale);
      const after = await t.call<WorkshopUser>('GET', `/api/identity/users/${target.id}`, { token: admin });
      expect(after.body.name).toBe(won?.body.name);
      expect(after.body.concurrencyStamp).toBe(won?.body.concurrencyStamp);
      expect(after.body.concurrencyStamp).not.toBe(current.body.concurrencyStamp);
      winners += 1;
    }
    console.log(`user edits: ${ROUNDS} rounds of 2 parallel edits with one stamp, ${winners} winners (1 per round)`);
  });
});

describe('two edits of one product at once', () => {
  it(`leave the product wholly one version or the other, ${ROUNDS} rounds (products carry no concurrency stamp)`, async () => {
    const cats = await t.call<Category[]>('GET', '/api/categories/all', { token: admin });
    const main = (title: string) => cats.body.find((c) => c.title === title)?.id ?? '';
    async function photo(): Promise<string> {
      const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#a63' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('formFile', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
      const res = await fetch(`${t.baseUrl}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      return ((await res.json()) as Image).id;
    }
    const base = (): ProductInput => ({
      name: 'Vaas',
      description: 'Gedraaid.',
      extraInformation: '',
      material: 'Glas',
      isUniqueEdition: true,
      categories: [{ id: main('Wonen') }],
      customCategories: [],
      price: 10,
      weight: 100,
      length: 1,
      width: 1,
      height: 1,
      deliveryMethods: [{ id: 1 }],
      images: [],
      authorName: 'A',
      authorDescription: '',
      authorImage: null,
    });
    const created = await t.call<Product>('POST', '/api/products', { token: admin, body: base() });
    expect(created.status).toBe(200);
    const id = created.body.id;
    const tally = { A: 0, B: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const versions = {
        A: {
          ...base(),
          name: `Versie A${round}`,
          categories: [{ id: main('Wonen') }],
          customCategories: [{ title: `Serie ${round}` }, { title: `Alleen A ${round}` }],
          deliveryMethods: [{ id: 1 }, { id: 3 }],
          images: [{ id: await photo() }],
        },
        B: {
          ...base(),
          name: `Versie B${round}`,
          categories: [{ id: main('Kunst') }],
          customCategories: [{ title: `Serie ${round}` }],
          deliveryMethods: [{ id: 4 }],
          images: [{ id: await photo() }, { id: await photo() }],
        },
      };
      const results = await Promise.all(
        (['A', 'B'] as const).map((v) =>
          t.call<Product>('PUT', `/api/products/${id}`, { token: admin, body: versions[v] }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const after = (await t.call<Product>('GET', `/api/products/${id}`, { token: admin })).body;
      const winner = after.name.startsWith('Versie A') ? 'A' : 'B';
      const v = versions[winner];
      expect(after.name).toBe(v.name);
      expect(after.deliveryMethods.map((m) => m.id).sort()).toEqual(v.deliveryMethods.map((m) => m.id).sort());
      expect(after.images.map((i) => i.id)).toEqual(v.images.map((i) => i.id));
      const titles = [...after.categories, ...(after.customCategories ?? [])].map((c) => c.title).sort();
      const expectedTitles = [winner === 'A' ? 'Wonen' : 'Kunst', ...v.customCategories.map((c) => c.title)].sort();
      expect(titles).toEqual(expectedTitles);
      const [links] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(productImages)
        .where(eq(productImages.productId, id));
      expect(links?.n).toBe(v.images.length);
      tally[winner] += 1;
    }
    console.log(
      `product edits: ${ROUNDS} rounds of 2 parallel edits, every round one whole version (A ${tally.A}×, B ${tally.B}×), never a mix`,
    );
  });
});

describe('the last unique product ordered twice at once', () => {
  it(`is approved for one order only and sold once, ${ROUNDS} rounds`, async () => {
    let winners = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const p = await makeProduct(t, WORKSHOP, { unique: true });
      // Both orders are accepted (an order is a request, paused) and get distinct numbers.
      const placed = await Promise.all([order(t, [p.id]), order(t, [p.id])]);
      expect(placed.map((r) => r.status)).toEqual([201, 201]);
      expect(new Set(placed.map((r) => r.body.orderNumber)).size).toBe(2);
      const [a, b] = placed.map((r) => r.body.id) as [string, string];

      // Both approved at once: one waits for payment, the other is paused.
      const approvals = await Promise.all([act(a, 'confirm'), act(b, 'confirm')]);
      expect(sorted(approvals.map((r) => r.status))).toEqual([204, 409]);
      const winner = approvals[0]?.status === 204 ? a : b;
      const loser = winner === a ? b : a;
      expect(approvals.find((r) => r.status === 409)?.body.error.message).toBe(MESSAGES.pausedTooltip);
      winners += 1;

      // The winner pays; the product is sold, and the other order can never be approved for it any more.
      expect((await pay(winner)).status).toBe(204);
      expect(await statusOf(winner)).toBe(3);
      const late = await act(loser, 'confirm');
      expect(late.status).toBe(409);
      expect(late.body.error.message).toBe(MESSAGES.productUnavailable);
      expect(await statusOf(loser)).toBe(0);

      const [row] = await t.ctx.db.select().from(products).where(eq(products.id, p.id));
      expect(row).toMatchObject({ isSold: true, isReserved: false, quantity: 0 });
      const holders = await t.ctx.db
        .select({ id: reservations.id })
        .from(reservations)
        .innerJoin(reservationProducts, eq(reservationProducts.reservationId, reservations.id))
        .where(and(eq(reservationProducts.productId, p.id), inArray(reservations.status, [2, 3, 4, 5, 6, 7])));
      expect(holders).toEqual([{ id: winner }]);
    }
    console.log(
      `last unique product: ${ROUNDS} rounds of 2 parallel orders + 2 parallel approvals, ${winners} winners, sold once each`,
    );
  });
});
