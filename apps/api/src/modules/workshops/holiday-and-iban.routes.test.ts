import {
  dayInAmsterdam,
  type ErrorEnvelope,
  formatDay,
  MESSAGES,
  nextDay,
  type ShopProduct,
  type ShopWorkshop,
  type Workshop,
} from '@ateliermarkt/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reservations, workspaces } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customer, makeProduct } from '../reservations/reservation-fixtures.ts';

/** Holiday mode and the payout account on PUT/GET workspaces and in the shop. */
let t: TestApp;
let superToken: string;
let adminA: string;
let userA: string;
let adminB: string;
let workshopA: Workshop;
let workshopB: Workshop;

beforeAll(async () => {
  // The business clock stands still at the file's start: the test's 'today' and the server's are one day, even when
  // a shifted clock runs past midnight during the file (New Year's Eve at 23:59 in scripts/shifted-clock-tests.sh).
  t = await createTestApp({}, { now: new Date() });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
  userA = await t.tokenFor('medewerker@glasatelierhelder.nl', 'Glasatelier Helder');
  adminB = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  const all = (await t.call<Workshop[]>('GET', '/api/workspaces/all', { token: superToken })).body;
  const named = (name: string) => all.find((w) => w.name === name) as Workshop;
  workshopA = named('Glasatelier Helder');
  workshopB = named('De Draaischijf');
});
afterAll(async () => {
  await t?.close();
});

/** A day relative to today in Amsterdam. */
function day(offset: number): string {
  let d = dayInAmsterdam(t.ctx.now());
  if (offset >= 0) for (let i = 0; i < offset; i++) d = nextDay(d);
  else {
    const back = new Date(`${d}T00:00:00Z`);
    back.setUTCDate(back.getUTCDate() + offset);
    d = back.toISOString().slice(0, 10);
  }
  return d;
}

const get = (token: string, id = workshopA.id) => t.call<Workshop>('GET', `/api/workspaces/${id}`, { token });
/** PUT back what GET returned, with changes: the round-trip rule (docs/decisions/0022). */
async function put(token: string, changes: Record<string, unknown>, id = workshopA.id) {
  const current = (await get(superToken, id)).body;
  const { name: _n, creditorNumber: _c, debtorNumber: _d, ...rest } = current;
  const own = token === superToken ? current : rest;
  return t.call<Workshop & ErrorEnvelope>('PUT', `/api/workspaces/${id}`, {
    token,
    body: { ...own, currentPassword: DEMO_PASSWORD, ...changes },
  });
}
const members = (res: { body: ErrorEnvelope }) =>
  (res.body.error.validationErrors ?? []).map((e) => `${e.members.join(',')}: ${e.message}`);

describe('the payout account (IBAN) on the workshop', () => {
  it('is validated with mod-97 and stored compact in capitals, for the super admin and the own admin', async () => {
    const wrong = await put(adminA, { iban: 'NL91 ABNA 0417 1643 01', ibanHolder: 'Glasatelier Helder' });
    expect(wrong.status).toBe(400);
    expect(members(wrong)).toEqual([`iban: ${MESSAGES.ibanInvalid}`]);
    const noHolder = await put(adminA, { iban: 'NL91ABNA0417164300', ibanHolder: '' });
    expect(members(noHolder)).toEqual([`ibanHolder: ${MESSAGES.ibanHolderRequired}`]);

    const saved = await put(adminA, { iban: 'nl91 abna 0417 1643 00', ibanHolder: '  Glasatelier Helder  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ iban: 'NL91ABNA0417164300', ibanHolder: 'Glasatelier Helder' });
    const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, workshopA.id));
    expect(row).toMatchObject({ iban: 'NL91ABNA0417164300', ibanHolder: 'Glasatelier Helder' });

    const bySuper = await put(superToken, { iban: 'BE68 5390 0754 7034', ibanHolder: 'Helder bv' });
    expect(bySuper.status).toBe(200);
    expect((await get(adminA)).body).toMatchObject({ iban: 'BE68539007547034', ibanHolder: 'Helder bv' });
    expect((await get(superToken)).body.iban).toBe('BE68539007547034');

    // Left out: unchanged (older clients); the holder alone cannot go while the IBAN stays.
    const { iban: _i, ibanHolder: _h, ...withoutAccount } = (await get(superToken)).body;
    expect(
      (await t.call('PUT', `/api/workspaces/${workshopA.id}`, { token: superToken, body: withoutAccount })).status,
    ).toBe(200);
    expect((await get(superToken)).body.iban).toBe('BE68539007547034');
    expect(members(await put(adminA, { iban: undefined, ibanHolder: null }))).toEqual([
      `ibanHolder: ${MESSAGES.ibanHolderRequired}`,
    ]);

    const [audited] = await t.ctx.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workspace.update'), eq(auditLog.entityId, workshopA.id)))
      .orderBy(desc(auditLog.at))
      .limit(2);
    expect(JSON.stringify(audited)).not.toContain('539007547034');

    const cleared = await put(adminA, { iban: '', ibanHolder: null });
    expect(cleared.body).toMatchObject({ iban: null, ibanHolder: null });
  });

  it('is whole for the super admin and the own admin, refused to the plain user, 404 for another tenant', async () => {
    await put(superToken, { iban: 'NL91ABNA0417164300', ibanHolder: 'Glasatelier Helder' });
    expect((await get(superToken)).body.iban).toBe('NL91ABNA0417164300');
    expect((await get(adminA)).body.iban).toBe('NL91ABNA0417164300');
    const byWorkshop = await t.call<Workshop>('GET', `/api/workspaces/find-by-tenant/${workshopA.tenantId}`, {
      token: adminA,
    });
    expect(byWorkshop.body.iban).toBe('NL91ABNA0417164300');
    // The plain user does not read the workshop at all, so never sees the IBAN, whole or masked.
    expect((await get(userA)).status).toBe(403);
    const other = await get(adminB);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('0417164300');
    const change = await put(adminB, { iban: 'BE68539007547034', ibanHolder: 'Iemand anders' });
    expect(change.status).toBe(404);
    expect((await get(superToken)).body.iban).toBe('NL91ABNA0417164300');
    // The shop never shows it.
    const shop = await t.call<ShopWorkshop[]>('GET', '/api/shop/workspaces');
    expect(JSON.stringify(shop.body)).not.toMatch(/0417164300|iban/i);
  });
});

describe('holiday mode', () => {
  it('is set, read back and cleared through the workshop form round trip, with Dutch validation', async () => {
    const reversed = await put(adminA, { holiday: { from: day(5), to: day(3), message: 'Weg' } });
    expect(reversed.status).toBe(400);
    expect(members(reversed)).toEqual([`holiday.to: ${MESSAGES.holidayToBeforeFrom}`]);
    const noMessage = await put(adminA, { holiday: { from: day(1), to: day(3), message: '  ' } });
    expect(members(noMessage)).toEqual([`holiday.message: ${MESSAGES.holidayMessageRequired}`]);
    const noDay = await put(adminA, { holiday: { from: '', to: day(3), message: 'Weg' } });
    expect(members(noDay)).toEqual([`holiday.from: ${MESSAGES.holidayFromRequired}`]);

    const holiday = { from: day(10), to: day(20), message: 'Wij zijn met vakantie, tot snel!' };
    const saved = await put(adminA, { holiday });
    expect(saved.status).toBe(200);
    expect(saved.body.holiday).toEqual(holiday);
    // What GET returns, PUT takes back unchanged.
    const again = await put(adminA, {});
    expect(again.status).toBe(200);
    expect((await get(superToken)).body.holiday).toEqual(holiday);

    const cleared = await put(superToken, { holiday: null });
    expect(cleared.body.holiday).toBeNull();
    const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, workshopA.id));
    expect(row).toMatchObject({ holidayFrom: null, holidayTo: null, holidayMessage: null });
  });

  it('refuses new reservations while it lasts (409 with the message) and announces it in the shop reads', async () => {
    const product = await makeProduct(t, 'Glasatelier Helder');
    const orderIt = () =>
      t.call<ErrorEnvelope & { id: string }>('POST', '/api/shop/reservations', {
        body: { ...customer, deliveryMethodId: 3, products: [{ productId: product.id, quantity: 1 }] },
      });
    const shopReads = async () => ({
      workshop: (await t.call<ShopWorkshop>('GET', `/api/shop/workspaces/${'glasatelier-helder'}`)).body.holiday,
      list: (await t.call<ShopWorkshop[]>('GET', '/api/shop/workspaces')).body.find((w) => w.id === workshopA.id)
        ?.holiday,
      product: (await t.call<ShopProduct>('GET', `/api/shop/products/${product.id}`)).body.workspace.holiday,
      products: (
        await t.call<{ items: ShopProduct[] }>('GET', '/api/shop/products?workspace=glasatelier-helder&pageSize=100')
      ).body.items.find((p) => p.id === product.id)?.workspace.holiday,
      other: (await t.call<ShopWorkshop>('GET', '/api/shop/workspaces/de-draaischijf')).body.holiday,
    });

    // Upcoming: announced, orders still taken.
    const upcoming = { from: day(2), to: day(9), message: 'Vanaf overmorgen zijn we weg.' };
    expect((await put(adminA, { holiday: upcoming })).status).toBe(200);
    expect(await shopReads()).toEqual({
      workshop: upcoming,
      list: upcoming,
      product: upcoming,
      products: upcoming,
      other: null,
    });
    expect((await t.call('GET', '/api/shop/workspaces/glasatelier-helder')).status).toBe(200);

    // Current (today is the last day, both ends included): refused with the workshop's message, nothing written.
    const current = { from: day(-3), to: day(0), message: 'Wij zijn met vakantie. Vanaf morgen weer open!' };
    expect((await put(adminA, { holiday: current })).status).toBe(200);
    expect((await shopReads()).product).toEqual(current);
    const before = await t.ctx.db.$count(reservations, eq(reservations.tenantId, workshopA.tenantId));
    const refused = await orderIt();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'WorkshopOnHoliday',
      message: current.message,
      details: MESSAGES.workshopOnHoliday(formatDay(day(0)), formatDay(day(1))),
      validationErrors: null,
    });
    expect(await t.ctx.db.$count(reservations, eq(reservations.tenantId, workshopA.tenantId))).toBe(before);
    // Another workshop takes orders as usual.
    const other = await makeProduct(t, 'De Draaischijf');
    const fine = await t.call('POST', '/api/shop/reservations', {
      body: { ...customer, deliveryMethodId: 3, products: [{ productId: other.id, quantity: 1 }] },
    });
    expect(fine.status).toBe(201);

    // Over (ended yesterday): neither announced nor refusing.
    expect((await put(adminA, { holiday: { from: day(-5), to: day(-1), message: 'Geweest' } })).status).toBe(200);
    expect((await shopReads()).workshop).toBeNull();
    expect((await shopReads()).product).toBeNull();
    expect((await orderIt()).status).toBe(201);

    // Cleared while current: orders are taken again at once.
    const second = await makeProduct(t, 'Glasatelier Helder');
    expect((await put(adminA, { holiday: current })).status).toBe(200);
    const body = { ...customer, deliveryMethodId: 3, products: [{ productId: second.id, quantity: 1 }] };
    expect((await t.call('POST', '/api/shop/reservations', { body })).status).toBe(409);
    expect((await put(adminA, { holiday: null })).status).toBe(200);
    expect((await t.call('POST', '/api/shop/reservations', { body })).status).toBe(201);
  });

  it('is only set by the super admin and the own admin', async () => {
    const holiday = { from: day(1), to: day(2), message: 'Even weg' };
    expect((await put(adminB, { holiday })).status).toBe(404);
    const asUser = await t.call('PUT', `/api/workspaces/${workshopA.id}`, { token: userA, body: { holiday } });
    expect(asUser.status).toBe(403);
    expect((await get(superToken)).body.holiday).toBeNull();
    expect((await get(superToken, workshopB.id)).body.holiday).toBeNull();
  });
});
