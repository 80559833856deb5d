import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { makeProduct, order } from '../modules/reservations/reservation-fixtures.ts';
import { readOutbox } from '../test/outbox.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { queueMail } from './outbox.ts';

/**
 * The mail outbox with two instances of the app on one database (on PostgreSQL with DATABASE_URL: their runners
 * claim on different pooled connections). Each instance writes what it sends to its own DATA_DIR/outbox, so the two
 * folders together show who sent what, and how often.
 */
let t: TestApp;
let second: { app: FastifyInstance; ctx: AppContext; dataDir: string };

beforeAll(async () => {
  t = await createTestApp();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-second-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'silent' },
    { webDistDir: null, databaseUrl: null },
  );
  const built = await buildApp({ config, database: t.ctx.database, logger: false });
  await built.app.ready();
  second = { ...built, dataDir };
});
afterAll(async () => {
  await second?.app.close();
  if (second) rmSync(second.dataDir, { recursive: true, force: true });
  await t?.close();
});

const drainBoth = () => Promise.all([t.ctx.jobs.drain(), second.ctx.jobs.drain()]);
const allMails = () => [...readOutbox(t.dataDir), ...readOutbox(second.dataDir)];

describe('the mail outbox', () => {
  it('sends nothing for a change that is rolled back', async () => {
    const before = allMails().length;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await queueMail(t.ctx.jobs, tx, { to: 'anna@example.nl', subject: 'Nooit verstuurd', text: 'Teruggedraaid' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await drainBoth();
    expect(allMails().slice(before)).toEqual([]);
  });

  it('sends the mail of every committed change exactly once with two instances', async () => {
    const before = allMails().length;
    const products = [];
    for (let i = 0; i < 12; i++) products.push(await makeProduct(t, 'De Draaischijf'));
    // Ordered at once on the first instance while the second keeps claiming: both runners compete for the mails.
    let ordering = true;
    const competing = (async () => {
      while (ordering) {
        await second.ctx.jobs.drain();
        // PGlite answers without leaving the microtask queue: let the requests in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const placed = await Promise.all(products.map((p) => order(t, [p.id])));
    ordering = false;
    await competing;
    expect(placed.map((r) => r.status)).toEqual(products.map(() => 201));
    const orderNumbers = placed.map((r) => r.body.orderNumber);
    await drainBoth();
    const sent = allMails().slice(before);
    // Each order mails the customer and the workshop's admins (docs/decisions/0029): every recipient exactly once.
    const perOrder = sent.filter((m) => m.subject.includes(orderNumbers[0] ?? '')).length;
    expect(perOrder).toBeGreaterThanOrEqual(2);
    for (const orderNumber of orderNumbers) {
      const recipients = sent.filter((m) => m.subject.includes(orderNumber)).map((m) => m.to);
      expect(recipients, orderNumber).toHaveLength(perOrder);
      expect(new Set(recipients).size, orderNumber).toBe(perOrder);
    }
    expect(sent).toHaveLength(orderNumbers.length * perOrder);
    const bySecond = readOutbox(second.dataDir).length;
    console.log(
      `outbox with two instances (${t.ctx.database.kind}): ${sent.length} mails for ${orderNumbers.length} orders, ` +
        `${sent.length - bySecond} sent by the first instance, ${bySecond} by the second`,
    );
  });
});
