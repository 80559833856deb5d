import { MESSAGES, type Profile } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SUPER = 'admin@ateliermarkt.nl';
const WORKSHOP = 'De Draaischijf';
const W_ADMIN = 'beheer@dedraaischijf.nl';
const W_USER = 'medewerker@dedraaischijf.nl';

describe('log-in', () => {
  it.each([
    [SUPER, null, 'superAdmin', null],
    [W_ADMIN, WORKSHOP, 'workshopAdmin', WORKSHOP],
    [W_USER, WORKSHOP, 'user', WORKSHOP],
  ] as const)('%s logs in and gets a profile', async (user, workshop, kind, workshopName) => {
    const res = await t.login(user, workshop);
    expect(res.status).toBe(200);
    expect(res.body.auth_type).toBe('Bearer');
    expect(res.body.expires_in).toBe(15 * 60);
    expect(res.body.refresh_token).toMatch(/^[\w-]{40,}$/);
    const profile = await t.call<Profile>('GET', '/api/identity/my-profile', { token: res.body.auth_token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(user);
    expect(profile.body.tenant?.name ?? null).toBe(workshopName);
    expect(profile.body.isSuperAdmin).toBe(kind === 'superAdmin');
    expect(profile.body.roles[0]).toBe(kind === 'user' ? 'user' : 'admin');
    expect(JSON.stringify(profile.body)).not.toMatch(/password|hash/i);
  });

  it('accepts the user name case-insensitively', async () => {
    expect((await t.login(W_ADMIN.toUpperCase(), WORKSHOP)).status).toBe(200);
  });

  it('a wrong password and an unknown user answer the same', async () => {
    const wrong = await t.login(W_USER, WORKSHOP, 'Verkeerd123!');
    const unknown = await t.login('niemand@example.nl', WORKSHOP, 'Verkeerd123!');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.description).toBe('InvalidUserNameOrPassword');
      expect(res.body.error.message).toBe(MESSAGES.loginInvalid);
    }
    expect(unknown.body).toEqual(wrong.body);
  });

  it('a workshop user cannot log in without its tenant, nor in another tenant', async () => {
    expect((await t.login(W_ADMIN, null)).status).toBe(400);
    expect((await t.login(W_ADMIN, 'Glasatelier Helder')).status).toBe(400);
    const bogus = await t.call('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: W_ADMIN, password: DEMO_PASSWORD },
      headers: { __tenant: 'geen-uuid' },
    });
    expect(bogus.status).toBe(400);
  });

  it('a successful log-in resets the failure count', async () => {
    const user = 'medewerker@wolwerk.nl';
    const workshop = 'Wolwerk Textielstudio';
    for (let i = 0; i < 4; i++) await t.login(user, workshop, 'Fout!1234');
    expect((await t.login(user, workshop)).status).toBe(200);
    for (let i = 0; i < 4; i++) await t.login(user, workshop, 'Fout!1234');
    expect((await t.login(user, workshop)).status).toBe(200);
  });
});

// Rotation, reuse detection, expiry, log-out and tampered access tokens: src/security/sessions.test.ts.
describe('refresh tokens', () => {
  it('two refreshes with the same token at once: exactly one wins', async () => {
    const tokens = (await t.login(W_USER, WORKSHOP)).body;
    const results = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', '/api/auth/refresh', { body: { refreshToken: tokens.refresh_token } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });
});

describe('access tokens', () => {
  it('roles are for admins only', async () => {
    const user = await t.call('GET', '/api/identity/roles/all', { token: await t.tokenFor(W_USER, WORKSHOP) });
    expect(user.status).toBe(403);
    const admin = await t.call<{ items: { name: string }[]; totalCount: number }>('GET', '/api/identity/roles/all', {
      token: await t.tokenFor(W_ADMIN, WORKSHOP),
    });
    expect(admin.status).toBe(200);
    expect(admin.body.items.map((r) => r.name)).toEqual(['admin', 'user']);
    expect(admin.body.totalCount).toBe(2);
  });
});

describe('log-out', () => {
  const profile = (token: string) => t.call('GET', '/api/identity/my-profile', { token });

  it('ends the access token of the session too, and only that session', async () => {
    const out = (await t.login(W_USER, WORKSHOP)).body;
    const other = (await t.login(W_USER, WORKSHOP)).body;
    const res = await t.call('POST', '/api/auth/logout', {
      token: out.auth_token,
      body: { refreshToken: out.refresh_token },
    });
    expect(res.status).toBe(204);
    expect((await profile(out.auth_token)).status).toBe(401);
    expect((await profile(other.auth_token)).status).toBe(200);
  });

  it('with only the access token (no refresh token in the body) ends that session', async () => {
    const out = (await t.login(W_ADMIN, WORKSHOP)).body;
    expect((await t.call('POST', '/api/auth/logout', { token: out.auth_token, body: {} })).status).toBe(204);
    expect((await profile(out.auth_token)).status).toBe(401);
    const res = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: out.refresh_token } });
    expect(res.status).toBe(401);
  });
});
