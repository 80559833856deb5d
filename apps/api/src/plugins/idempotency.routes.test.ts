import {
  API_BASE,
  type Category,
  type Endpoint,
  ERROR_CODES,
  type ErrorEnvelope,
  endpoints,
  IDEMPOTENT_REPLAYED_HEADER,
  type Product,
} from '@ateliermarkt/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pages, products, shopIdempotencyKeys, subcategories, tenants, users, workspaces } from '../db/schema/index.ts';
import { auditOrigin } from '../lib/audit.ts';
import { sha256 } from '../lib/crypto.ts';
import { forgetOldKeys } from '../lib/idempotency.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, type TestApp } from '../test/test-app.ts';

/** The back-office's creates are safe to retry with an Idempotency-Key (and old keys are removed). */
let t: TestApp;
let admin: string;
let user: string;
let superAdmin: string;
let wonen: Category;
const START = new Date('2026-11-02T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp({}, { now: START });
  ({ admin, user, superAdmin } = await demoTokens(t));
  const cats = await t.call<Category[]>('GET', '/api/categories/all', { token: admin });
  wonen = cats.body.find((c) => c.title === 'Wonen') as Category;
});
afterAll(async () => {
  await t?.close();
});

const product = (name: string) => ({
  name,
  description: '',
  extraInformation: '',
  material: null,
  categories: [{ id: wonen.id }],
  price: 25,
  weight: null,
  deliveryMethods: [{ id: 1 }],
  images: [],
  authorName: null,
  authorDescription: null,
  authorImage: null,
});
const create = (token: string, key: string | null, body: unknown) =>
  t.call<Product & ErrorEnvelope>('POST', '/api/products', {
    token,
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });
const named = async (prefix: string) =>
  (
    await t.ctx.db
      .select()
      .from(products)
      .where(like(products.name, `${prefix}%`))
  ).length;

describe('Idempotency-Key on the back-office creates', () => {
  it('makes one record of the same create sent twice with one key, the second answered as the first', async () => {
    const key = crypto.randomUUID();
    const first = await create(admin, key, product('Herhaal vaas'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await create(admin, key, product('Herhaal vaas'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await named('Herhaal vaas')).toBe(1);
    // Ten at once with one key: one record, the others the first answer or 409 (still running).
    const burstKey = crypto.randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => create(admin, burstKey, product('Tegelijk vaas'))),
    );
    expect(
      burst.every((r) => r.status === 200 || r.status === 409),
      JSON.stringify(burst.map((r) => r.status)),
    ).toBe(true);
    expect(new Set(burst.filter((r) => r.status === 200).map((r) => r.body.id)).size).toBe(1);
    expect(await named('Tegelijk vaas')).toBe(1);
    // Without a key each create is its own.
    await create(admin, null, product('Zonder sleutel'));
    await create(admin, null, product('Zonder sleutel'));
    expect(await named('Zonder sleutel')).toBe(2);
  });

  it('refuses the same key with another body (422), and keeps keys per user', async () => {
    const key = crypto.randomUUID();
    expect((await create(admin, key, product('Eerste kom'))).status).toBe(200);
    const other = await create(admin, key, product('Andere kom'));
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe(ERROR_CODES.idempotencyKeyReused);
    expect(await named('Andere kom')).toBe(0);
    // A colleague with the same key makes its own product: a key never reads another user's answer.
    const colleague = await create(user, key, product('Eerste kom'));
    expect(colleague.status).toBe(200);
    expect(colleague.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await named('Eerste kom')).toBe(2);
  });

  it('answers 409 while the first request with the key still runs, and frees the key of a refused create', async () => {
    const [me] = await t.ctx.db
      .select({ id: users.id, tenantId: users.tenantId })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(users.email, 'beheer@dedraaischijf.nl'), eq(tenants.name, DEMO_WORKSHOP)));
    const key = crypto.randomUUID();
    await t.ctx.db.insert(shopIdempotencyKeys).values({
      keyHash: sha256(`user:${me?.tenantId}:${me?.id}:createProduct\n${key}`),
      requestHash: 'running',
      createdAt: START,
    });
    const busy = await create(admin, key, product('Bezig vaas'));
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe(ERROR_CODES.idempotencyKeyInProgress);
    expect(await named('Bezig vaas')).toBe(0);

    const refusedKey = crypto.randomUUID();
    expect((await create(admin, refusedKey, { ...product('Fout'), price: 1 })).status).toBe(400);
    expect((await create(admin, refusedKey, product('Verbeterd bord'))).status).toBe(200);
    expect(await named('Verbeterd bord')).toBe(1);
  });

  it('covers the other creates too: a user made twice with one key is one user', async () => {
    const key = crypto.randomUUID();
    const body = {
      userName: 'herhaal',
      name: 'Herhaal',
      surname: 'Test',
      email: 'herhaal@dedraaischijf.nl',
      phoneNumber: '06 12345678',
      roleNames: ['user'],
      password: 'Klei2026!draai',
    };
    const headers = { 'idempotency-key': key };
    const first = await t.call<{ id: string }>('POST', '/api/identity/users', { token: admin, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await t.call<{ id: string }>('POST', '/api/identity/users', { token: admin, body, headers });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'herhaal@dedraaischijf.nl'))).toHaveLength(1);
  });
});

/**
 * The fault: a create that committed but whose answer never reached the client (the connection to the
 * database dropped after COMMIT, the process died before replying). Its key's answer must have committed with it, so
 * the retry gets the record that was made, and a create that rolled back leaves nothing a retry could replay.
 */
describe('a create whose answer was lost', () => {
  /** The user agent of the one request a fault is meant for (jobs and other requests run untouched). */
  const FAULTED = 'fault-injection';
  type Fault = 'after-commit' | 'before-commit';
  const lostConnection = () => new Error('Connection terminated unexpectedly');
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The first transaction of the request sent with the FAULTED user agent fails as a dropped connection would. */
  function injectFault(fault: Fault) {
    const db = t.ctx.db;
    const original = db.transaction.bind(db);
    let fired = false;
    vi.spyOn(db, 'transaction').mockImplementation(async (work, config) => {
      if (fired || auditOrigin.getStore()?.userAgent !== FAULTED) return original(work, config);
      fired = true;
      if (fault === 'before-commit')
        return original(async (tx) => {
          await work(tx);
          throw lostConnection();
        }, config);
      await original(work, config);
      throw lostConnection();
    });
    return () => fired;
  }

  /** Each create marked `idempotent` in the endpoint table: how to make one, and the ids of what it made. */
  type Case = { token: () => string; request: (name: string) => Promise<{ path: string; body?: unknown }> };
  type Rows = (name: string) => Promise<string[]>;
  const productNamed: Rows = async (name) =>
    (await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.name, name))).map((r) => r.id);
  const cases: Record<string, Case & { rows: Rows }> = {
    createProduct: {
      token: () => admin,
      request: async (name) => ({ path: '/products', body: product(name) }),
      rows: productNamed,
    },
    duplicateProduct: {
      token: () => admin,
      request: async (name) => {
        const original = await create(admin, null, product(name.replace(/ \(kopie\)$/, '')));
        return { path: `/products/${original.body.id}/duplicate` };
      },
      rows: productNamed,
    },
    createUser: {
      token: () => admin,
      request: async (name) => ({
        path: '/identity/users',
        body: {
          userName: name,
          name: 'Fout',
          surname: 'Test',
          email: `${name}@dedraaischijf.nl`,
          phoneNumber: '06 12345678',
          roleNames: ['user'],
          password: 'Klei2026!draai',
        },
      }),
      rows: async (name) =>
        (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.userName, name))).map((r) => r.id),
    },
    createWorkspace: {
      token: () => superAdmin,
      request: async (name) => ({ path: '/workspaces', body: { name, adminEmailAddress: `${name}@example.nl` } }),
      rows: async (name) =>
        (await t.ctx.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, name))).map(
          (r) => r.id,
        ),
    },
    createSubcategory: {
      token: () => superAdmin,
      request: async (title) => ({ path: '/subcategories', body: { title, order: 1, body: '<p>Tekst</p>' } }),
      rows: async (title) =>
        (await t.ctx.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.title, title))).map(
          (r) => r.id,
        ),
    },
    createPage: {
      token: () => superAdmin,
      request: async (title) => ({
        path: '/pages',
        body: { title, body: '<p>Tekst</p>', position: 99, isFooterPage: false },
      }),
      rows: async (title) =>
        (await t.ctx.db.select({ id: pages.id }).from(pages).where(eq(pages.title, title))).map((r) => r.id),
    },
  };
  const idempotent = (Object.values(endpoints) as Endpoint[]).filter((e) => e.idempotent);

  it('has a case for every create the endpoint table marks idempotent', () => {
    expect(idempotent.map((e) => e.operationId).sort()).toEqual(Object.keys(cases).sort());
  });

  type Prepared = { path: string; body?: unknown };
  const send = (entry: Endpoint, c: Case, key: string, request: Prepared, userAgent?: string) =>
    t.call<{ id: string } & ErrorEnvelope>(entry.method, `${API_BASE}${request.path}`, {
      token: c.token(),
      ...(request.body === undefined ? {} : { body: request.body }),
      headers: { 'idempotency-key': key, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    });
  const caseOf = (entry: Endpoint, stage: string) => {
    const c = cases[entry.operationId];
    if (!c) throw new Error(`no case for ${entry.operationId}`);
    const base = `fout-${stage}-${entry.operationId.toLowerCase()}`;
    // A copy is named after its original.
    return { c, name: entry.operationId === 'duplicateProduct' ? `${base} (kopie)` : base };
  };

  for (const entry of idempotent) {
    it(`${entry.operationId}: committed but answered 503, a retry after the pending minute answers what was made`, async () => {
      const { c, name } = caseOf(entry, 'na-commit');
      const request = await c.request(name);
      const key = crypto.randomUUID();
      const fired = injectFault('after-commit');
      const lost = await send(entry, c, key, request, FAULTED);
      expect(fired()).toBe(true);
      expect(lost.status, JSON.stringify(lost.body)).toBe(503);
      const made = await c.rows(name);
      expect(made).toHaveLength(1);
      t.clock.advance(61_000);
      const retry = await send(entry, c, key, request);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
      expect(retry.body.id).toBe(made[0]);
      expect(await c.rows(name)).toEqual(made);
    });

    it(`${entry.operationId}: rolled back and answered 503, the retry makes it once`, async () => {
      const { c, name } = caseOf(entry, 'voor-commit');
      const request = await c.request(name);
      const key = crypto.randomUUID();
      const fired = injectFault('before-commit');
      const lost = await send(entry, c, key, request, FAULTED);
      expect(fired()).toBe(true);
      expect(lost.status, JSON.stringify(lost.body)).toBe(503);
      expect(await c.rows(name)).toHaveLength(0);
      t.clock.advance(61_000);
      const retry = await send(entry, c, key, request);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
      expect(await c.rows(name)).toEqual([retry.body.id]);
    });
  }
});

describe('the clean-up of old keys', () => {
  it('removes keys older than 24 hours by the app clock, and keeps younger ones', async () => {
    const oldKey = crypto.randomUUID();
    expect((await create(admin, oldKey, product('Oud bord'))).status).toBe(200);
    t.clock.advance(20 * 60 * 60 * 1000);
    const youngKey = crypto.randomUUID();
    expect((await create(admin, youngKey, product('Jong bord'))).status).toBe(200);
    const before = (await t.ctx.db.select().from(shopIdempotencyKeys)).length;
    t.clock.advance(5 * 60 * 60 * 1000);
    // 25 hours after the first, 5 after the second.
    const removed = await forgetOldKeys(t.ctx);
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.select().from(shopIdempotencyKeys);
    expect(left.length).toBe(before - removed);
    // The young key still answers its first answer; the old one is forgotten: a new create.
    const young = await create(admin, youngKey, product('Jong bord'));
    expect(young.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    const old = await create(admin, oldKey, product('Oud bord'));
    expect(old.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await named('Oud bord')).toBe(2);
  });
});
