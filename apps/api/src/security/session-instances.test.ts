/**
 * Sessions follow the user's current state on every instance: two app
 * instances on one database (PGlite in this process, or the PostgreSQL of DATABASE_URL); each change is made through
 * instance A, and instance B refuses the old token. A token B has never seen is refused on its first request; a token
 * B checked just before the change is refused once B's short session cache has run out (docs/decisions/0017).
 */
import type { TokenResponse, WorkshopUser } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../modules/auth/sessions.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { createTestApp, linkIn, type TestApp } from '../test/test-app.ts';

const WORKSHOP = 'De Draaischijf';
const PASSWORD = 'Klei2026!draai';

let a: TestApp;
let b: TestApp;
let adminOnA: string;
/** How far B's session clock runs ahead: moved past B's cache instead of waiting it out. */
let bAhead = 0;
const letBCacheRunOut = () => {
  bAhead += SESSION_CACHE_MS;
};
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { sameDatabaseAs: a, sessionClock: () => new Date(Date.now() + bAhead) });
  adminOnA = await a.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

let made = 0;
/** A new user of De Draaischijf with two sessions of its own. */
async function userWithSessions(role: 'admin' | 'user') {
  made += 1;
  const userName = `twee-${made}`;
  const created = await a.call<WorkshopUser>('POST', '/api/identity/users', {
    token: adminOnA,
    body: {
      userName,
      name: 'Twee',
      surname: `Instanties ${made}`,
      email: `${userName}@dedraaischijf.nl`,
      phoneNumber: null,
      roleNames: [role],
      password: PASSWORD,
    },
  });
  expect(created.status).toBe(200);
  const session = async () => (await b.login(userName, WORKSHOP, PASSWORD)).body;
  return { user: created.body, userName, seen: await session(), unseen: await session() };
}

const profileOn = (app: TestApp, token: string) => app.call('GET', '/api/identity/my-profile', { token });

/**
 * The change made through A must end the sessions named: the one B has never checked at once, the one B checked
 * just before the change once B's cache has run out.
 */
async function expectEndedOnB(
  change: (u: Awaited<ReturnType<typeof userWithSessions>>) => Promise<void>,
  role: 'admin' | 'user' = 'user',
) {
  const u = await userWithSessions(role);
  expect((await profileOn(b, u.seen.auth_token)).status).toBe(200);
  await change(u);
  expect((await profileOn(b, u.unseen.auth_token)).status).toBe(401);
  letBCacheRunOut();
  expect((await profileOn(b, u.seen.auth_token)).status).toBe(401);
  for (const s of [u.seen, u.unseen]) {
    expect((await b.call('POST', '/api/auth/refresh', { body: { refreshToken: s.refresh_token } })).status).toBe(401);
  }
}

describe('a change through instance A ends the old token on instance B', () => {
  it('deleting the user', async () => {
    await expectEndedOnB(async (u) => {
      expect((await a.call('DELETE', `/api/identity/users/${u.user.id}`, { token: adminOnA })).status).toBe(204);
    });
  });

  it('demoting an admin', async () => {
    await expectEndedOnB(async (u) => {
      const res = await a.call('PUT', `/api/identity/users/${u.user.id}`, {
        token: adminOnA,
        body: { ...u.user, roleNames: ['user'], password: '' },
      });
      expect(res.status).toBe(200);
    }, 'admin');
  });

  it('a new password set by the admin', async () => {
    await expectEndedOnB(async (u) => {
      const res = await a.call('PUT', `/api/identity/users/${u.user.id}`, {
        token: adminOnA,
        body: { ...u.user, roleNames: ['user'], password: 'Ander2026!pw', currentPassword: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
    });
  });

  it('the user changing the own password in a third session, which stays', async () => {
    let current: TokenResponse | undefined;
    await expectEndedOnB(async (u) => {
      current = (await a.login(u.userName, WORKSHOP, PASSWORD)).body;
      const res = await a.call('POST', '/api/identity/my-profile/change-password', {
        token: current.auth_token,
        body: { currentPassword: PASSWORD, newPassword: 'Zelf2026!nieuw' },
      });
      expect(res.status).toBe(204);
    });
    expect((await profileOn(b, current?.auth_token ?? '')).status).toBe(200);
  });

  it('a password reset', async () => {
    await expectEndedOnB(async (u) => {
      await a.call('POST', '/api/account/reset-password-request', {
        body: { emailAddress: u.user.email },
        headers: { __tenant: await a.tenantId(WORKSHOP) },
      });
      await a.settled();
      // The reset mail to this user: the notice of the previous test's password change may be delivered after it.
      const resetMail = (await a.mails()).filter((m) => m.to === u.user.email && m.text.includes('/resetPassword?'));
      const link = linkIn(resetMail.at(-1) ?? { file: '', to: '', subject: '', text: '' });
      const res = await a.call('POST', '/api/account/reset-password', {
        body: {
          token: link.searchParams.get('code'),
          userId: link.searchParams.get('userId'),
          tenantId: link.searchParams.get('tenantId'),
          newPassword: 'Reset2026!nieuw',
        },
      });
      expect(res.status).toBe(204);
    });
  });

  it('log-out ends that one session on B too, and no other', async () => {
    const u = await userWithSessions('user');
    expect((await profileOn(b, u.seen.auth_token)).status).toBe(200);
    const out = await a.call('POST', '/api/auth/logout', {
      token: u.seen.auth_token,
      body: { refreshToken: u.seen.refresh_token },
    });
    expect(out.status).toBe(204);
    letBCacheRunOut();
    expect((await profileOn(b, u.seen.auth_token)).status).toBe(401);
    expect((await profileOn(b, u.unseen.auth_token)).status).toBe(200);
    console.log(`two instances: B refused every ended session within its ${SESSION_CACHE_MS} ms cache`);
  });

  it('the demo admin of instance A still works on B (the instances share one database and key)', async () => {
    expect((await profileOn(b, adminOnA)).status).toBe(200);
    expect((await b.login('medewerker@dedraaischijf.nl', WORKSHOP, DEMO_PASSWORD)).status).toBe(200);
  });
});
