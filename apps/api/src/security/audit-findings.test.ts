import { type ErrorEnvelope, MESSAGES, type TenantUser } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Issue 25.6: the audit's smaller findings, each failing before its fix. */
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
    const users = (await t.call<{ items: TenantUser[] }>('GET', '/api/identity/users', { token: admin })).body.items;
    const user = users.find((u) => u.email === 'medewerker@dedraaischijf.nl') as TenantUser;
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
