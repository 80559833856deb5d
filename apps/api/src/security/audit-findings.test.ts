import { type ErrorEnvelope, MESSAGES, type Workshop, type WorkshopUser } from '@ateliermarkt/contract';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** The audit's smaller findings, each failing before its fix. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('headers', () => {
  it('sends a Permissions-Policy and a CSP with base-uri none', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
    expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(res.headers.get('content-security-policy')).toContain("base-uri 'none'");
  });
});

describe('a stale user form', () => {
  it('answers 409 even when it also changed the derived full name', async () => {
    const admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    const users = (await t.call<{ items: WorkshopUser[] }>('GET', '/api/identity/users', { token: admin })).body.items;
    const user = users.find((u) => u.email === 'medewerker@dedraaischijf.nl') as WorkshopUser;
    const body = { ...user, roleNames: [user.role], password: '' };
    expect(
      (
        await t.call('PUT', `/api/identity/users/${user.id}`, {
          token: admin,
          body: { ...body, surname: 'Bakker-de Wit' },
        })
      ).status,
    ).toBe(200);
    // The old stamp, and the full name as the old form showed it with a new surname typed.
    const stale = await t.call<ErrorEnvelope>('PUT', `/api/identity/users/${user.id}`, {
      token: admin,
      body: { ...body, surname: 'Anders', fullName: 'Tom Iets' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MESSAGES.userStale);
  });
});

describe('a year the database does not have', () => {
  it('is a Dutch 400 on the reservation list and counts, and in a holiday, not a 500', async () => {
    const admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    for (const url of ['/api/reservations/all?from=0000-01-01', '/api/reservations/counts?to=0000-01-01']) {
      const res = await t.call<ErrorEnvelope>('GET', url, { token: admin });
      expect(res.status, url).toBe(400);
      expect(res.body.error.validationErrors?.[0]?.message).toBe(MESSAGES.dateInvalid);
    }
    const workshop = (
      await t.call<Workshop>('GET', `/api/workspaces/find-by-tenant/${await t.tenantId('De Draaischijf')}`, {
        token: admin,
      })
    ).body;
    const { name: _n, creditorNumber: _c, debtorNumber: _d, ...own } = workshop;
    const holiday = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${workshop.id}`, {
      token: admin,
      body: { ...own, holiday: { from: '0000-01-01', to: '0000-01-02', message: 'Dicht' } },
    });
    expect(holiday.status).toBe(400);
  });
});

describe('a server clock that stepped back', () => {
  it('keeps log-ins working: a rate-limit window written with a clock years ahead starts afresh, not a 500', async () => {
    const login = () => t.login('beheer@dedraaischijf.nl', 'De Draaischijf');
    expect((await login()).status).toBe(200);
    // As a data directory written while the clock ran 30 years ahead leaves it: every window of the log-in route
    // ends far in the future (its time left past 2^31 ms and past int), and full.
    const rows = await t.ctx.db
      .update(rateLimitHits)
      .set({ windowEnd: sql`now() + interval '30 years'`, hits: 100_000 })
      .where(like(rateLimitHits.route, '%/auth/login'))
      .returning({ route: rateLimitHits.route });
    expect(rows.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const res = await login();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const [row] = await t.ctx.db
      .select({ end: rateLimitHits.windowEnd })
      .from(rateLimitHits)
      .where(like(rateLimitHits.route, '%/auth/login'));
    expect((row?.end.getTime() ?? Infinity) - Date.now()).toBeLessThan(2 * 60_000);
  });
});
