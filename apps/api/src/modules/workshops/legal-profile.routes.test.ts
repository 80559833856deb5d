import { type ErrorEnvelope, LEGAL_MESSAGES, type Workshop } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationProducts, reservations, workspaces } from '../../db/schema/index.ts';
import { DEMO_WORKSHOPS } from '../../seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customer, makeProduct } from '../reservations/reservation-fixtures.ts';

/** The workshop's legal profile on PUT/GET workspaces, and the platform's legal settings. */
let t: TestApp;
let superToken: string;
let adminA: string;
let adminB: string;
let workshopA: Workshop;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
  adminB = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  const all = (await t.call<Workshop[]>('GET', '/api/workspaces/all', { token: superToken })).body;
  workshopA = all.find((w) => w.name === 'Glasatelier Helder') as Workshop;
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string, id = workshopA.id) => t.call<Workshop>('GET', `/api/workspaces/${id}`, { token });
/** PUT back what GET returned to this caller, with changes (the round-trip rule (docs/decisions/0022)). */
async function put(token: string, changes: Record<string, unknown>, id = workshopA.id) {
  const current = (await get(token, id)).body;
  return t.call<Workshop & ErrorEnvelope>('PUT', `/api/workspaces/${id}`, { token, body: { ...current, ...changes } });
}
const members = (res: { body: ErrorEnvelope }) =>
  (res.body.error.validationErrors ?? []).map((e) => `${e.members.join(',')}: ${e.message}`).sort();

describe('the legal profile of a workshop', () => {
  it("answers the demo's profile (standard), and round-trips for the super admin and the own admin", async () => {
    const demo = DEMO_WORKSHOPS.find((w) => w.name === 'Glasatelier Helder')?.legal;
    const first = await get(adminA);
    expect(first.body).toMatchObject({
      legalName: demo?.legalName,
      kvkNumber: demo?.kvkNumber,
      kvkBranchNumber: null,
      vatId: demo?.vatId,
      vatRegime: 'standard',
    });
    const saved = await put(adminA, {
      legalName: '  Glasatelier Helder V.O.F.  ',
      kvkNumber: '1234 5678',
      kvkBranchNumber: '000012345678',
      vatId: 'nl 0044.95445.b01',
      vatRegime: 'kor',
    });
    expect(saved.status).toBe(200);
    const expected = {
      legalName: 'Glasatelier Helder V.O.F.',
      kvkNumber: '12345678',
      kvkBranchNumber: '000012345678',
      vatId: 'NL004495445B01',
      vatRegime: 'kor',
    };
    expect(saved.body).toMatchObject(expected);
    expect((await get(superToken)).body).toMatchObject(expected);
    // What GET answered goes back unchanged.
    const again = await put(superToken, {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject(expected);
    // Left out is unchanged; empty removes.
    const { legalName: _l, kvkNumber: _k, kvkBranchNumber: _b, vatId: _v, vatRegime: _r, ...rest } = again.body;
    const leftOut = await t.call<Workshop>('PUT', `/api/workspaces/${workshopA.id}`, { token: adminA, body: rest });
    expect(leftOut.status).toBe(200);
    expect(leftOut.body).toMatchObject(expected);
    const cleared = await put(adminA, { kvkBranchNumber: '', vatId: '', vatRegime: 'standard' });
    expect(cleared.body).toMatchObject({ kvkNumber: '12345678', kvkBranchNumber: null, vatId: null });
  });

  it('accepts other EU BTW-ids by their own rules', async () => {
    for (const vatId of ['DE136695976', 'BE0411905847', 'FR40303265045', 'NL000099998B57']) {
      const res = await put(adminA, { vatId });
      expect(res.status, vatId).toBe(200);
      expect(res.body.vatId).toBe(vatId);
    }
  });

  it('names every wrong value in Dutch and saves nothing of the request', async () => {
    const before = (await get(superToken)).body;
    const res = await put(adminA, {
      legalName: 'x'.repeat(129),
      kvkNumber: '1234567',
      kvkBranchNumber: '12345',
      vatId: 'NL123456789B01',
      vatRegime: 'klein',
      city: 'Ergens Anders',
    });
    expect(res.status).toBe(400);
    expect(members(res)).toEqual(
      [
        `kvkBranchNumber: ${LEGAL_MESSAGES.kvkBranchNumberInvalid}`,
        `kvkNumber: ${LEGAL_MESSAGES.kvkNumberInvalid}`,
        `legalName: ${LEGAL_MESSAGES.legalNameTooLong}`,
        `vatId: ${LEGAL_MESSAGES.vatIdChecksum}`,
        `vatRegime: ${LEGAL_MESSAGES.vatRegimeInvalid}`,
      ].sort(),
    );
    for (const [vatId, message] of [
      ['NL12345678B01', LEGAL_MESSAGES.vatIdInvalid],
      ['NL004495445X01', LEGAL_MESSAGES.vatIdInvalid],
      ['BE0411905848', LEGAL_MESSAGES.vatIdChecksum],
      ['NO123456789MVA', LEGAL_MESSAGES.vatIdCountry],
      ['12345', LEGAL_MESSAGES.vatIdInvalid],
    ] as const) {
      const wrong = await put(adminA, { vatId });
      expect(members(wrong), vatId).toEqual([`vatId: ${message}`]);
    }
    expect((await get(superToken)).body).toEqual(before);
  });

  it("is another workshop's: 404", async () => {
    const { name: _n, creditorNumber: _c, debtorNumber: _d, ...own } = (await get(superToken)).body;
    const res = await t.call('PUT', `/api/workspaces/${workshopA.id}`, {
      token: adminB,
      body: { ...own, kvkNumber: '87654321' },
    });
    expect(res.status).toBe(404);
    expect((await get(superToken)).body.kvkNumber).not.toBe('87654321');
  });
});

describe('the VAT regime enters at ordering', () => {
  it('a KOR workshop’s new reservation lines carry 0 % tax and the fee’s BTW rate of the settings', async () => {
    await put(superToken, { vatRegime: 'kor' });
    const product = await makeProduct(t, 'Glasatelier Helder');
    const placed = await t.call<{ id: string }>('POST', '/api/shop/reservations', {
      body: { ...customer, deliveryMethodId: 3, products: [{ productId: product.id, quantity: 1 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const lines = await t.ctx.db
      .select()
      .from(reservationProducts)
      .innerJoin(reservations, eq(reservations.id, reservationProducts.reservationId))
      .where(eq(reservations.id, placed.body.id));
    expect(lines.map((l) => l.reservation_products)).toEqual([
      expect.objectContaining({ taxPercent: 0, feePercent: 25, feeVatPercent: 21 }),
    ]);
    const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, workshopA.id));
    expect(row?.vatRegime).toBe('kor');
  });
});
