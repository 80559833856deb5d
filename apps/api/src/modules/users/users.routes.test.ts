import { type AdminEntry, type ErrorEnvelope, MESSAGES, type WorkshopUser } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let superToken: string;
let adminA: string;
let userA: string;
let adminB: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  userA = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
  adminB = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
});
afterAll(async () => {
  await t?.close();
});

type List = { items: WorkshopUser[]; totalCount: number };
const listOf = async (token: string) => (await t.call<List>('GET', '/api/identity/users', { token })).body.items;
const newUser = {
  userName: 'kees',
  name: 'Kees',
  surname: 'de Klei',
  email: 'kees@dedraaischijf.nl',
  phoneNumber: '06 12345678',
  roleNames: ['user'],
  password: 'Klei2026!draai',
};

describe('GET identity/users', () => {
  it('lists the users of the own tenant only, for the workshop admin only', async () => {
    const items = await listOf(adminA);
    expect(items.map((u) => u.email).sort()).toEqual(['beheer@dedraaischijf.nl', 'medewerker@dedraaischijf.nl']);
    expect(items.find((u) => u.role === 'admin')).toMatchObject({ fullName: 'Marieke Jansen', roles: ['admin'] });
    expect(items[0]?.concurrencyStamp).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.call('GET', '/api/identity/users')).status).toBe(401);
    expect((await t.call('GET', '/api/identity/users', { token: userA })).status).toBe(403);
    expect((await t.call('GET', '/api/identity/users', { token: superToken })).status).toBe(403);
  });
});

describe('POST identity/users', () => {
  it('validates with the Dutch texts of the contract and the server password rule', async () => {
    const res = await t.call<ErrorEnvelope>('POST', '/api/identity/users', {
      token: adminA,
      body: { userName: '', name: '', surname: '', email: 'kees@', roleNames: ['user'], password: 'kort' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors).toEqual(
      expect.arrayContaining([
        { message: MESSAGES.userNameRequired, members: ['userName'] },
        { message: MESSAGES.firstNameRequired, members: ['name'] },
        { message: MESSAGES.lastNameRequired, members: ['surname'] },
        { message: MESSAGES.emailInvalid('kees@'), members: ['email'] },
        { message: MESSAGES.passwordLength, members: ['password'] },
      ]),
    );
    expect(await listOf(adminA)).toHaveLength(2);
  });

  it('creates a user who can log in; the user name is unique within the tenant', async () => {
    const res = await t.call<WorkshopUser>('POST', '/api/identity/users', { token: adminA, body: newUser });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userName: 'kees', fullName: 'Kees de Klei', role: 'user' });
    expect((await t.login('kees', 'De Draaischijf', newUser.password)).status).toBe(200);

    const dup = await t.call<ErrorEnvelope>('POST', '/api/identity/users', {
      token: adminA,
      body: { ...newUser, userName: 'KEES', email: 'ander@example.nl' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error.validationErrors).toEqual([{ message: MESSAGES.userNameTaken, members: ['userName'] }]);
    const sameEmail = await t.call<ErrorEnvelope>('POST', '/api/identity/users', {
      token: adminA,
      body: { ...newUser, userName: 'kees2' },
    });
    expect(sameEmail.body.error.message).toBe(MESSAGES.emailTaken);

    // Another tenant may use the same name.
    const elsewhere = await t.call('POST', '/api/identity/users', { token: adminB, body: newUser });
    expect(elsewhere.status).toBe(200);
    expect((await t.call('POST', '/api/identity/users', { token: userA, body: newUser })).status).toBe(403);
  });
});

describe('PUT identity/users/{id}', () => {
  it('saves with the current stamp, refuses a stale one with 409 and changes nothing', async () => {
    const kees = (await listOf(adminA)).find((u) => u.userName === 'kees');
    if (!kees) throw new Error('no kees');
    const body = {
      name: 'Kees',
      surname: 'Klei',
      email: kees.email,
      phoneNumber: null,
      roleNames: ['admin'],
      password: '',
      concurrencyStamp: kees.concurrencyStamp,
    };
    const saved = await t.call<WorkshopUser>('PUT', `/api/identity/users/${kees.id}`, { token: adminA, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ fullName: 'Kees Klei', role: 'admin', userName: 'kees' });
    expect(saved.body.concurrencyStamp).not.toBe(kees.concurrencyStamp);
    expect((await t.login('kees', 'De Draaischijf', newUser.password)).status).toBe(200);

    const stale = await t.call<ErrorEnvelope>('PUT', `/api/identity/users/${kees.id}`, {
      token: adminA,
      body: { ...body, surname: 'Oud' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MESSAGES.userStale);
    const after = (await listOf(adminA)).find((u) => u.id === kees.id);
    expect(after?.surname).toBe('Klei');

    // The user name is read-only: sent back unchanged it is ignored, changed it is refused (never silently dropped).
    const userNameChanged = await t.call<ErrorEnvelope>('PUT', `/api/identity/users/${kees.id}`, {
      token: adminA,
      body: { ...body, userName: 'anders', password: 'Nieuw2026!pw', concurrencyStamp: saved.body.concurrencyStamp },
    });
    expect(userNameChanged.status).toBe(403);
    expect(userNameChanged.body.error.validationErrors).toEqual([
      { message: MESSAGES.fieldReadOnly, members: ['userName'] },
    ]);
    const userNameKept = await t.call<WorkshopUser>('PUT', `/api/identity/users/${kees.id}`, {
      token: adminA,
      body: {
        ...body,
        userName: 'kees',
        password: 'Nieuw2026!pw',
        concurrencyStamp: saved.body.concurrencyStamp,
        currentPassword: DEMO_PASSWORD,
      },
    });
    expect(userNameKept.status).toBe(200);
    expect((await t.login('kees', 'De Draaischijf', 'Nieuw2026!pw')).status).toBe(200);
  });

  it('answers 404 for a user of another tenant and 403 for a plain user', async () => {
    const other = (await listOf(adminB))[0];
    if (!other) throw new Error('no user');
    const body = { ...other, roleNames: [other.role], password: '' };
    expect((await t.call('PUT', `/api/identity/users/${other.id}`, { token: adminA, body })).status).toBe(404);
    expect((await t.call('PUT', `/api/identity/users/${other.id}`, { token: userA, body })).status).toBe(403);
    expect((await t.call('GET', `/api/identity/users/${other.id}`, { token: adminA })).status).toBe(404);
  });

  it('does not let an admin change the own role', async () => {
    const me = (await listOf(adminA)).find((u) => u.email === 'beheer@dedraaischijf.nl');
    if (!me) throw new Error('no me');
    const res = await t.call<ErrorEnvelope>('PUT', `/api/identity/users/${me.id}`, {
      token: adminA,
      body: { ...me, roleNames: ['user'], password: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.cannotChangeOwnRole);
  });
});

describe('DELETE identity/users/{id}', () => {
  it('deletes others of the own tenant, never oneself or another tenant', async () => {
    const items = await listOf(adminA);
    const me = items.find((u) => u.email === 'beheer@dedraaischijf.nl');
    const kees = items.find((u) => u.userName === 'kees');
    const other = (await listOf(adminB))[0];
    if (!me || !kees || !other) throw new Error('missing users');
    const self = await t.call<ErrorEnvelope>('DELETE', `/api/identity/users/${me.id}`, { token: adminA });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(MESSAGES.cannotDeleteSelf);
    expect((await t.call('DELETE', `/api/identity/users/${other.id}`, { token: adminA })).status).toBe(404);
    expect((await t.call('DELETE', `/api/identity/users/${kees.id}`, { token: userA })).status).toBe(403);
    expect((await t.call('DELETE', `/api/identity/users/${kees.id}`, { token: adminA })).status).toBe(204);
    expect((await t.login('kees', 'De Draaischijf', 'Nieuw2026!pw')).status).toBe(400);
    expect((await listOf(adminB)).length).toBe(3);
  });
});

describe('GET identity/admins/all', () => {
  it('lists every admin with the workshop name, for the super admin only', async () => {
    const res = await t.call<AdminEntry[]>('GET', '/api/identity/admins/all', { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fullName: 'Marieke Jansen', workspaceName: 'De Draaischijf' }),
        expect.objectContaining({ email: 'admin@ateliermarkt.nl', workspaceName: null }),
      ]),
    );
    expect(res.body.some((a) => a.email === 'medewerker@dedraaischijf.nl')).toBe(false);
    expect((await t.call('GET', '/api/identity/admins/all', { token: adminA })).status).toBe(403);
    expect((await t.call('GET', '/api/identity/admins/all')).status).toBe(401);
  });
});

/** Rights follow the user's current state on the next request, not when the access token expires. */
describe('a changed user loses the old rights on the next request', () => {
  const WORKSHOP = 'De Draaischijf';
  async function freshUser(userName: string, role: 'admin' | 'user') {
    const created = await t.call<WorkshopUser>('POST', '/api/identity/users', {
      token: adminA,
      body: { ...newUser, userName, email: `${userName}@dedraaischijf.nl`, roleNames: [role] },
    });
    expect(created.status).toBe(200);
    const session = (await t.login(userName, WORKSHOP, newUser.password)).body;
    expect((await t.call('GET', '/api/identity/my-profile', { token: session.auth_token })).status).toBe(200);
    return { user: created.body, session };
  }
  const refresh = (refreshToken: string) => t.call('POST', '/api/auth/refresh', { body: { refreshToken } });

  it('a deleted user: the access token answers 401 at once, and the refresh token is dead', async () => {
    const { user, session } = await freshUser('weg', 'user');
    expect((await t.call('DELETE', `/api/identity/users/${user.id}`, { token: adminA })).status).toBe(204);
    const res = await t.call<ErrorEnvelope>('GET', '/api/identity/my-profile', { token: session.auth_token });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(MESSAGES.notLoggedIn);
    expect((await refresh(session.refresh_token)).status).toBe(401);
  });

  it('a demoted admin cannot create an admin with the old token: 401, and a new log-in has user rights', async () => {
    const { user, session } = await freshUser('degradeer', 'admin');
    const demoted = await t.call<WorkshopUser>('PUT', `/api/identity/users/${user.id}`, {
      token: adminA,
      body: { ...user, roleNames: ['user'], password: '' },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('user');
    const attempt = await t.call('POST', '/api/identity/users', {
      token: session.auth_token,
      body: { ...newUser, userName: 'achterdeur', email: 'achterdeur@dedraaischijf.nl', roleNames: ['admin'] },
    });
    expect(attempt.status).toBe(401);
    expect((await listOf(adminA)).some((u) => u.userName === 'achterdeur')).toBe(false);
    expect((await refresh(session.refresh_token)).status).toBe(401);
    const again = await t.tokenFor('degradeer', WORKSHOP, newUser.password);
    expect((await t.call('GET', '/api/identity/users', { token: again })).status).toBe(403);
  });

  it('a password set by the admin ends every session of that user', async () => {
    const { user, session } = await freshUser('nieuwwachtwoord', 'user');
    const saved = await t.call('PUT', `/api/identity/users/${user.id}`, {
      token: adminA,
      body: { ...user, roleNames: ['user'], password: 'Ander2026!pw', currentPassword: DEMO_PASSWORD },
    });
    expect(saved.status).toBe(200);
    expect((await t.call('GET', '/api/identity/my-profile', { token: session.auth_token })).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(401);
  });

  it('a change that touches neither role nor password keeps the sessions', async () => {
    const { user, session } = await freshUser('blijft', 'user');
    const saved = await t.call('PUT', `/api/identity/users/${user.id}`, {
      token: adminA,
      body: { ...user, surname: 'Anders', roleNames: ['user'], password: '' },
    });
    expect(saved.status).toBe(200);
    expect((await t.call('GET', '/api/identity/my-profile', { token: session.auth_token })).status).toBe(200);
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });
});

describe('an admin setting the own password in the users screen', () => {
  it('ends the own other sessions and keeps the one that saved it', async () => {
    const other = (await t.login('beheer@dedraaischijf.nl', 'De Draaischijf')).body;
    const me = (await listOf(adminA)).find((u) => u.email === 'beheer@dedraaischijf.nl');
    if (!me) throw new Error('no me');
    const saved = await t.call('PUT', `/api/identity/users/${me.id}`, {
      token: adminA,
      body: { ...me, roleNames: ['admin'], password: 'Eigen2026!nieuw', currentPassword: DEMO_PASSWORD },
    });
    expect(saved.status).toBe(200);
    expect((await t.call('GET', '/api/identity/my-profile', { token: other.auth_token })).status).toBe(401);
    expect((await t.call('GET', '/api/identity/my-profile', { token: adminA })).status).toBe(200);
  });
});
