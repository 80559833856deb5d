import { type ErrorEnvelope, PASSWORD_MESSAGES, type WorkshopUser } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBreachedPassword } from '../lib/breached-passwords.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { createTestApp, DEMO_WORKSHOP, linkIn, type TestApp } from '../test/test-app.ts';

/**
 * A password from the shipped list of common and breached passwords is refused wherever a password is
 * set, with the Dutch message beside the field, and nothing is saved. These pass the composition rule, so only the
 * list refuses them.
 */
const BREACHED = ['P@ssw0rd', '1qaz@WSX', 'ZAQ!2wsx'];
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', DEMO_WORKSHOP);
});
afterAll(async () => {
  await t?.close();
});

function expectRefused(res: { status: number; body: unknown }, member: string) {
  expect(res.status).toBe(400);
  const error = (res.body as ErrorEnvelope).error;
  expect(error.validationErrors).toEqual([{ message: PASSWORD_MESSAGES.breached, members: [member] }]);
}

describe('the list', () => {
  it('holds the common passwords of 8 to 50 characters, in any case, and not ordinary ones', () => {
    for (const p of [...BREACHED, 'password1', 'PASSWORD1', 'qwertyuiop', 'iloveyou'])
      expect(isBreachedPassword(p), p).toBe(true);
    for (const p of [DEMO_PASSWORD, 'Kl3i-Draaischijf!2026', 'Zelf2026!nieuw'])
      expect(isBreachedPassword(p), p).toBe(false);
  });
});

describe('setting a password', () => {
  it('refuses a breached one when an admin creates a user, and creates none', async () => {
    const body = {
      userName: 'lijst-test',
      name: 'Lijst',
      surname: 'Test',
      email: 'lijst-test@example.nl',
      roleNames: ['user'],
      password: BREACHED[0],
    };
    expectRefused(await t.call('POST', '/api/identity/users', { token: admin, body }), 'password');
    const list = await t.call<{ items: WorkshopUser[] }>('GET', '/api/identity/users', { token: admin });
    expect(list.body.items.some((u) => u.userName === 'lijst-test')).toBe(false);
    const ok = await t.call('POST', '/api/identity/users', {
      token: admin,
      body: { ...body, password: 'Lijst2026!eigen' },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a breached one when an admin sets a user password', async () => {
    const users = (await t.call<{ items: WorkshopUser[] }>('GET', '/api/identity/users', { token: admin })).body.items;
    const user = users.find((u) => u.userName === 'lijst-test') as WorkshopUser;
    const res = await t.call('PUT', `/api/identity/users/${user.id}`, {
      token: admin,
      body: { ...user, roleNames: [user.role], password: BREACHED[1], currentPassword: DEMO_PASSWORD },
    });
    expectRefused(res, 'password');
  });

  it('refuses a breached one on change-password, and the old password still works', async () => {
    const token = await t.tokenFor('lijst-test', DEMO_WORKSHOP, 'Lijst2026!eigen');
    const res = await t.call('POST', '/api/identity/my-profile/change-password', {
      token,
      body: { currentPassword: 'Lijst2026!eigen', newPassword: BREACHED[2] },
    });
    expectRefused(res, 'newPassword');
    expect((await t.login('lijst-test', DEMO_WORKSHOP, 'Lijst2026!eigen')).status).toBe(200);
  });

  it('refuses a breached one on reset, and the code stays usable for a good one', async () => {
    await t.call('POST', '/api/account/reset-password-request', {
      body: { emailAddress: 'lijst-test@example.nl' },
      headers: { __tenant: await t.tenantId(DEMO_WORKSHOP) },
    });
    const mail = (await t.mails()).filter((m) => m.to.includes('lijst-test@example.nl')).at(-1);
    if (!mail) throw new Error('no reset mail');
    const link = linkIn(mail);
    const body = {
      token: link.searchParams.get('code'),
      userId: link.searchParams.get('userId'),
      tenantId: link.searchParams.get('tenantId'),
    };
    expectRefused(
      await t.call('POST', '/api/account/reset-password', { body: { ...body, newPassword: BREACHED[0] } }),
      'newPassword',
    );
    const ok = await t.call<ErrorEnvelope>('POST', '/api/account/reset-password', {
      body: { ...body, newPassword: 'Herstel2026!eigen' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(204);
  });
});
