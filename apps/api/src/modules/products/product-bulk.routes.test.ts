import { BULK_MAX_IDS, type ErrorEnvelope, MESSAGES, type ProductBulkResponse } from '@ateliermarkt/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema/index.ts';
import { expectOk, mainCategory, productBody, reservationIn, unique } from '../../security/security-fixtures.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, OTHER_DEMO_WORKSHOP, type TestApp } from '../../test/test-app.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';

let t: TestApp;
let admin: string;
let user: string;
let otherAdmin: string;
let superAdmin: string;

const DRAAI = DEMO_WORKSHOP;
const GLAS = OTHER_DEMO_WORKSHOP;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, user, otherAdmin, superAdmin } = await demoTokens(t));
});
afterAll(async () => {
  await t?.close();
});

const bulk = (token: string, body: unknown) =>
  t.call<ProductBulkResponse & ErrorEnvelope>('POST', '/api/products/bulk', { token, body });
const rows = (ids: string[]) => t.ctx.db.select().from(products).where(inArray(products.id, ids));
const published = async (ids: string[]) =>
  Object.fromEntries((await rows(ids)).map((p) => [p.id, p.isPublished])) as Record<string, boolean>;

describe('POST /api/products/bulk', () => {
  it('publishes and unpublishes the own workshop’s products; another workshop’s id fails as not found, untouched', async () => {
    const a = await makeProduct(t, DRAAI, { published: false });
    const b = await makeProduct(t, DRAAI, { published: false });
    const theirs = await makeProduct(t, GLAS, { published: false });
    const missing = '00000000-0000-4000-8000-000000000000';

    const res = await bulk(admin, { action: 'publish', ids: [a.id, theirs.id, b.id, missing] });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toEqual([a.id, b.id]);
    expect(res.body.failed).toEqual([
      { id: theirs.id, message: MESSAGES.notFound },
      { id: missing, message: MESSAGES.notFound },
    ]);
    expect(await published([a.id, b.id, theirs.id])).toEqual({ [a.id]: true, [b.id]: true, [theirs.id]: false });
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'product.publish'));
    expect(audits.map((r) => r.entityId)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(audits.map((r) => r.entityId)).not.toContain(theirs.id);

    const off = await bulk(admin, { action: 'unpublish', ids: [a.id, b.id] });
    expect(off.body).toEqual({ succeeded: [a.id, b.id], failed: [] });
    expect(await published([a.id, b.id])).toEqual({ [a.id]: false, [b.id]: false });
  });

  it('deletes what may go and names why the rest may not: in a reservation, another workshop’s', async () => {
    const free = await makeProduct(t, DRAAI);
    const reserved = await reservationIn(t, admin, 'awaitingPayment');
    const theirs = await makeProduct(t, GLAS);

    const res = await bulk(admin, { action: 'delete', ids: [free.id, reserved.productId, theirs.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      succeeded: [free.id],
      failed: [
        { id: reserved.productId, message: MESSAGES.productInReservation },
        { id: theirs.id, message: MESSAGES.notFound },
      ],
    });
    expect((await rows([free.id, reserved.productId, theirs.id])).map((p) => p.id).sort()).toEqual(
      [reserved.productId, theirs.id].sort(),
    );
  });

  it('lets a plain user delete only their own products, and not publish at all (as one by one)', async () => {
    const category = await mainCategory(t, user);
    const own = expectOk(
      await t.call<{ id: string }>('POST', '/api/products', {
        token: user,
        body: productBody(category.id, unique('Eigen vaas ')),
      }),
      'own product',
    ).body.id;
    const colleagues = await makeProduct(t, DRAAI, { published: false });

    const publish = await bulk(user, { action: 'publish', ids: [colleagues.id] });
    expect(publish.status).toBe(403);
    expect(publish.body.error.message).toBe(MESSAGES.forbidden);
    expect((await bulk(user, { action: 'unpublish', ids: [own] })).status).toBe(403);
    expect(await published([colleagues.id])).toEqual({ [colleagues.id]: false });

    const res = await bulk(user, { action: 'delete', ids: [own, colleagues.id] });
    expect(res.body).toEqual({ succeeded: [own], failed: [{ id: colleagues.id, message: MESSAGES.forbidden }] });
    expect((await rows([own, colleagues.id])).map((p) => p.id)).toEqual([colleagues.id]);
  });

  it('is not the super admin’s, nor anyone’s without a token', async () => {
    const p = await makeProduct(t, DRAAI);
    expect((await bulk(superAdmin, { action: 'delete', ids: [p.id] })).status).toBe(403);
    const anon = await t.call('POST', '/api/products/bulk', { body: { action: 'delete', ids: [p.id] } });
    expect(anon.status).toBe(401);
    expect(await rows([p.id])).toHaveLength(1);
  });

  it('another workshop’s admin touches nothing of ours', async () => {
    const p = await makeProduct(t, DRAAI, { published: true });
    const res = await bulk(otherAdmin, { action: 'unpublish', ids: [p.id] });
    expect(res.body).toEqual({ succeeded: [], failed: [{ id: p.id, message: MESSAGES.notFound }] });
    expect((await bulk(otherAdmin, { action: 'delete', ids: [p.id] })).body.succeeded).toEqual([]);
    expect(await published([p.id])).toEqual({ [p.id]: true });
  });

  it('refuses an unknown action, no ids, too many ids and a malformed id, before doing anything', async () => {
    const p = await makeProduct(t, DRAAI, { published: false });
    const unknown = await bulk(admin, { action: 'archive', ids: [p.id] });
    expect(unknown.status).toBe(400);
    const none = await bulk(admin, { action: 'publish', ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.validationErrors?.[0]?.message).toBe(MESSAGES.bulkNoneChosen);
    const many = Array.from({ length: BULK_MAX_IDS + 1 }, () => p.id);
    const tooMany = await bulk(admin, { action: 'publish', ids: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.validationErrors?.[0]?.message).toBe(MESSAGES.bulkTooMany(BULK_MAX_IDS));
    expect((await bulk(admin, { action: 'publish', ids: [p.id, 'nope'] })).status).toBe(400);
    expect(await published([p.id])).toEqual({ [p.id]: false });
  });

  it('reports a repeated id once', async () => {
    const p = await makeProduct(t, DRAAI, { published: false });
    expect((await bulk(admin, { action: 'publish', ids: [p.id, p.id] })).body).toEqual({
      succeeded: [p.id],
      failed: [],
    });
  });
});
