import { createHmac } from 'node:crypto';
import path from 'node:path';
import { STATUS, WORKSHOP_HEADER } from '@ateliermarkt/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { auditLog, products, reservations } from './db/schema/index.ts';
import { DEMO_PASSWORD } from './seed/demo-data.ts';
import { type ServerProcess, serverProcess } from './test/server-process.ts';

/**
 * Durability: the real server process writes acknowledged changes under concurrent load, is killed with
 * SIGKILL in the middle of it and started again on the same DATA_DIR / database. Every change it answered 2xx must
 * be there, and no reservation may be half-transitioned: its status, its audit trail, its payment and completion
 * fields and the flags of its product must agree.
 */

const WEBHOOK_SECRET = 'duurzaamheid-webhook-geheim';
const CHAINS = 16;
const SAVERS = 2;
const SAVED_PRODUCTS = 4;

type Answer = { status: number; body: unknown };
async function call(
  method: string,
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const raw = options.body === undefined ? undefined : JSON.stringify(options.body);
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(raw === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function must<T>(answer: Promise<Answer>, status = 200): Promise<T> {
  const a = await answer;
  if (a.status !== status) throw new Error(`expected ${status}, got ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

async function logIn(): Promise<string> {
  const workshops = await must<{ id: string; name: string }[]>(call('GET', '/api/workspaces/available'));
  const workshop = workshops.find((t) => t.name === 'De Draaischijf');
  const res = await must<{ auth_token: string }>(
    call('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: DEMO_PASSWORD },
      headers: { [WORKSHOP_HEADER]: workshop?.id ?? '' },
    }),
  );
  return res.auth_token;
}

const productBody = (name: string, categoryId: string, price: number) => ({
  name,
  description: 'Voor de duurzaamheidsproef.',
  extraInformation: '',
  material: 'Klei',
  isUniqueEdition: true,
  categories: [{ id: categoryId }],
  customCategories: [],
  price,
  weight: 500,
  length: 10,
  width: 10,
  height: 10,
  deliveryMethods: [{ id: 1 }, { id: 3 }],
  images: [],
  authorName: null,
  authorDescription: null,
  authorImage: null,
});

/** One step of a chain: the call, and the status it leads to. */
type Step = { name: string; to: number; run: (id: string) => Promise<Answer> };

let server: ServerProcess;
beforeAll(async () => {
  server = await serverProcess('durability', {
    RATE_LIMIT_PER_MINUTE: '100000',
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
}, 60_000);

afterAll(async () => {
  await server?.dispose();
});

describe('durability under kill -9', () => {
  it('keeps every acknowledged transition and product save, and no reservation half-transitioned', async () => {
    await server.start();
    let token = await logIn();
    const [category] = await must<{ id: string }[]>(call('GET', '/api/categories/all', { token }));
    const categoryId = category?.id ?? '';

    // Set-up (not under load): one published unique product per reservation, and the products the savers edit.
    const chainProducts: string[] = [];
    const reservationIds: string[] = [];
    for (let i = 0; i < CHAINS; i++) {
      const p = await must<{ id: string }>(
        call('POST', '/api/products', { token, body: productBody(`Proefvaas ${i}`, categoryId, 20) }),
      );
      await must(
        call('POST', `/api/products/${p.id}/publish-status`, { token, body: { id: p.id, isPublished: true } }),
        204,
      );
      chainProducts.push(p.id);
      const placed = await must<{ id: string }>(
        call('POST', '/api/shop/reservations', {
          body: {
            name: `Klant ${i}`,
            street: 'Dorpsstraat',
            streetNumber: '1',
            zipCode: '1234 AB',
            city: 'Utrecht',
            email: `klant-${i}@example.nl`,
            deliveryMethodId: 3,
            products: [{ productId: p.id, quantity: 1 }],
          },
        }),
        201,
      );
      reservationIds.push(placed.id);
    }
    const savedProducts: string[] = [];
    for (let i = 0; i < SAVED_PRODUCTS; i++) {
      const p = await must<{ id: string }>(
        call('POST', '/api/products', { token, body: productBody(`Opslagproef ${i} #0`, categoryId, 10) }),
      );
      savedProducts.push(p.id);
    }

    const admin = (segment: string) => (id: string) => call('POST', `/api/reservations/${id}/${segment}`, { token });
    const webhookPaid = (id: string) => {
      const raw = JSON.stringify({ reservationId: id, status: 'paid' });
      const signature = createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
      return fetch(`${server.baseUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body: raw,
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    };
    const shipping: Step[] = [
      { name: 'confirm', to: STATUS.awaitingPayment, run: admin('confirm') },
      { name: 'paid', to: STATUS.paid, run: webhookPaid },
      { name: 'shipped', to: STATUS.shipped, run: admin('shipped') },
      { name: 'startReturn', to: STATUS.returning, run: (id) => call('POST', `/api/shop/reservations/${id}/return`) },
      { name: 'returned', to: STATUS.returnReceived, run: admin('returned') },
    ];
    const rejected: Step[] = [
      { name: 'confirm', to: STATUS.awaitingPayment, run: admin('confirm') },
      { name: 'reject', to: STATUS.rejected, run: admin('reject') },
    ];
    const chainOf = (i: number) => (i % 4 === 3 ? rejected : shipping);

    // What the server acknowledged, and what was in flight when it died.
    const acked = new Map<string, number>(reservationIds.map((id) => [id, STATUS.new]));
    const inflight = new Map<string, number>();
    const savedAcked = new Map<string, number>(savedProducts.map((id) => [id, 0]));
    const savedInflight = new Map<string, number>();
    let acknowledged = 0;
    let failedWhileUp = 0;
    let dead = false;
    const unexpected: string[] = [];

    async function runChain(i: number) {
      const id = reservationIds[i] ?? '';
      for (const step of chainOf(i)) {
        if (dead) return;
        inflight.set(id, step.to);
        let answer: Answer;
        try {
          answer = await step.run(id);
        } catch {
          return; // the connection died with the server: not acknowledged
        }
        if (answer.status >= 200 && answer.status < 300) {
          acked.set(id, step.to);
          inflight.delete(id);
          acknowledged++;
        } else {
          if (!dead) {
            unexpected.push(`${step.name} ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
            failedWhileUp++;
          }
          return;
        }
      }
    }
    async function runSaver(w: number) {
      const mine = savedProducts.filter((_, i) => i % SAVERS === w);
      for (let n = 1; !dead; n++) {
        for (const [k, id] of mine.entries()) {
          if (dead) return;
          savedInflight.set(id, n);
          try {
            const a = await call('PUT', `/api/products/${id}`, {
              token,
              body: productBody(`Opslagproef ${w}-${k} #${n}`, categoryId, 10 + n / 100),
            });
            if (a.status === 200) {
              savedAcked.set(id, n);
              savedInflight.delete(id);
              acknowledged++;
            } else if (!dead) unexpected.push(`save ${id}: ${a.status}`);
          } catch {
            return;
          }
        }
      }
    }

    // The load: four chain workers and the savers at once; SIGKILL once about half the transitions are answered.
    const totalSteps = reservationIds.reduce((sum, _, i) => sum + chainOf(i).length, 0);
    const workers = [0, 1, 2, 3].map(async (w) => {
      for (let i = w; i < CHAINS; i += 4) await runChain(i);
    });
    const savers = Array.from({ length: SAVERS }, (_, w) => runSaver(w));
    const killer = (async () => {
      const deadline = Date.now() + 20_000;
      while ([...acked.entries()].reduce((n, [id, s]) => n + stepsTo(id, s), 0) < totalSteps / 2) {
        if (Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      dead = true;
      await server.kill9();
    })();
    function stepsTo(id: string, status: number) {
      const chain = chainOf(reservationIds.indexOf(id));
      return chain.findIndex((s) => s.to === status) + 1;
    }
    await killer;
    await Promise.all([...workers, ...savers]);
    expect(unexpected).toEqual([]);
    const inflightAtKill = inflight.size + savedInflight.size;

    // Back up on the same data: every acknowledged change is there.
    await server.start();
    token = await logIn();
    const lost: string[] = [];
    for (const id of reservationIds) {
      const r = await must<{ status: { code: number } }>(call('GET', `/api/reservations/${id}`, { token }));
      const ok = [acked.get(id), inflight.get(id)];
      if (!ok.includes(r.status.code)) lost.push(`reservation ${id}: ${r.status.code}, acknowledged ${acked.get(id)}`);
    }
    for (const id of savedProducts) {
      const p = await must<{ name: string; price: number }>(call('GET', `/api/products/${id}`, { token }));
      const n = Number(/#(\d+)$/.exec(p.name)?.[1]);
      const ok = [savedAcked.get(id), savedInflight.get(id)];
      if (!ok.includes(n)) lost.push(`product ${id}: save #${n}, acknowledged #${savedAcked.get(id)}`);
      // The name and the price were one save: both from the same request.
      expect(p.price).toBeCloseTo(10 + n / 100, 2);
    }
    await server.kill9();

    // Straight from the database: status, audit trail, payment/completion fields and product flags agree.
    const database = await openDatabase({
      databaseUrl: server.env.DATABASE_URL || null,
      pgliteDir: server.env.DATABASE_URL ? null : path.join(server.dataDir, 'pgdata'),
    });
    const halfDone: string[] = [];
    try {
      const rows = await database.db.select().from(reservations).where(inArray(reservations.id, reservationIds));
      const trail = await database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityType, 'reservation'),
            inArray(auditLog.entityId, reservationIds),
            like(auditLog.action, 'reservation.%'),
          ),
        );
      const flags = await database.db
        .select({ id: products.id, isReserved: products.isReserved, isSold: products.isSold })
        .from(products)
        .where(inArray(products.id, chainProducts));
      expect(rows).toHaveLength(CHAINS);
      for (const r of rows) {
        const i = reservationIds.indexOf(r.id);
        const chain = chainOf(i);
        const expectedTrail = chain.slice(0, chain.findIndex((s) => s.to === r.status) + 1).map((s) => s.name);
        const actualTrail = trail
          .filter((a) => a.entityId === r.id && a.action !== 'reservation.placed')
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((a) => a.action.replace('reservation.', ''));
        const product = flags.find((f) => f.id === chainProducts[i]);
        const s = r.status;
        const wanted = {
          trail: expectedTrail,
          paymentToken: s === STATUS.awaitingPayment,
          paid: [STATUS.paid, STATUS.shipped, STATUS.returning, STATUS.returnReceived].includes(s as 3),
          completed: [STATUS.shipped, STATUS.returning, STATUS.returnReceived].includes(s as 4),
          isReserved: s === STATUS.awaitingPayment,
          isSold: [STATUS.paid, STATUS.shipped, STATUS.returning].includes(s as 3),
        };
        const actual = {
          trail: actualTrail,
          paymentToken: r.paymentTokenHash !== null,
          paid: r.paidAt !== null,
          completed: r.completedAt !== null,
          isReserved: product?.isReserved,
          isSold: product?.isSold,
        };
        if (JSON.stringify(actual) !== JSON.stringify(wanted))
          halfDone.push(`${r.id} (status ${s}): ${JSON.stringify(actual)} ≠ ${JSON.stringify(wanted)}`);
      }
    } finally {
      await database.close();
    }

    const byStatus = [...acked.values()].reduce<Record<number, number>>((m, s) => {
      m[s] = (m[s] ?? 0) + 1;
      return m;
    }, {});
    console.log(
      `durability (${server.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): writes acknowledged ${acknowledged} ` +
        `(transitions and product saves), in flight at SIGKILL ${inflightAtKill}, lost ${lost.length}; ` +
        `reservations half-transitioned ${halfDone.length} of ${CHAINS}; acknowledged statuses ${JSON.stringify(byStatus)}`,
    );
    expect(failedWhileUp).toBe(0);
    expect(acknowledged).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(halfDone).toEqual([]);
  }, 180_000);
});
