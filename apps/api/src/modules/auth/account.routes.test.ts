import { type ErrorEnvelope, MESSAGES, type Profile, type TokenResponse } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { createTestApp, linkIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WORKSHOP = 'Glasatelier Helder';
const USER = 'medewerker@glasatelierhelder.nl';

// Single use and expiry of the codes, and the same answer for unknown addresses: src/security/sessions.test.ts.
describe('password reset', () => {
  it('mails a link that sets a new password and ends every session', async () => {
    const session = (await t.login(USER, WORKSHOP)).body;
    const before = (await t.mails()).length;
    const req = await t.call<{ message: string }>('POST', '/api/account/reset-password-request', {
      body: { emailAddress: USER },
      headers: { __tenant: await t.tenantId(WORKSHOP) },
    });
    expect(req.status).toBe(200);
    expect(req.body.message).toBe(MESSAGES.resetRequestSent);
    await t.settled();
    const mails = await t.mails();
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1);
    if (!mail) throw new Error('no mail');
    expect(mail.to).toBe(USER);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/resetPassword');
    const body = {
      newPassword: 'NieuwWachtwoord1!',
      token: link.searchParams.get('code'),
      userId: link.searchParams.get('userId'),
      tenantId: link.searchParams.get('tenantId'),
    };
    expect(body.tenantId).toBe(await t.tenantId(WORKSHOP));

    const weak = await t.call<ErrorEnvelope>('POST', '/api/account/reset-password', {
      body: { ...body, newPassword: 'alleenletters' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.validationErrors?.[0]).toEqual({
      message: MESSAGES.passwordComplexity,
      members: ['newPassword'],
    });

    const wrongUser = await t.call('POST', '/api/account/reset-password', {
      body: { ...body, userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(wrongUser.status).toBe(400);

    expect((await t.call('POST', '/api/account/reset-password', { body })).status).toBe(204);
    expect((await t.login(USER, WORKSHOP)).status).toBe(400);
    expect((await t.login(USER, WORKSHOP, body.newPassword)).status).toBe(200);

    const oldSession = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: session.refresh_token } });
    expect(oldSession.status).toBe(401);
    // The access token of that session ends too, not only when its 15 minutes are up.
    expect((await t.call('GET', '/api/identity/my-profile', { token: session.auth_token })).status).toBe(401);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const before = (await t.mails()).length;
    const res = await t.call<{ message: string }>('POST', '/api/account/reset-password-request', {
      body: { emailAddress: 'onbekend@example.nl' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.resetRequestSent);
    await t.settled();
    expect((await t.mails()).length).toBe(before);
  });

  it('without __tenant mails every account with the address its own link, naming its workshop', async () => {
    const admin = 'beheer@dedraaischijf.nl';
    const before = (await t.mails()).length;
    const res = await t.call<{ message: string }>('POST', '/api/account/reset-password-request', {
      body: { emailAddress: admin.toUpperCase() },
    });
    expect(res.body.message).toBe(MESSAGES.resetRequestSent);
    await t.settled();
    const sent = (await t.mails()).slice(before);
    expect(sent.map((m) => m.to)).toEqual([admin]);
    const [mail] = sent;
    if (!mail) throw new Error('no mail');
    expect(linkIn(mail).searchParams.get('tenantId')).toBe(await t.tenantId('De Draaischijf'));
  });

  it('refuses an empty address in Dutch', async () => {
    const res = await t.call<ErrorEnvelope>('POST', '/api/account/reset-password-request', {
      body: { emailAddress: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.resetRequestEmailRequired);
  });
});

describe('change password', () => {
  it('needs the current password and keeps the rule', async () => {
    const user = 'medewerker@wolwerk.nl';
    const workshop = 'Wolwerk Textielstudio';
    const token = await t.tokenFor(user, workshop);
    const wrong = await t.call<ErrorEnvelope>('POST', '/api/identity/my-profile/change-password', {
      token,
      body: { currentPassword: 'Fout!1234', newPassword: 'Anders123!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(MESSAGES.currentPasswordWrong);
    const short = await t.call<ErrorEnvelope>('POST', '/api/identity/my-profile/change-password', {
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'kort' },
    });
    expect(short.body.error.message).toBe(MESSAGES.passwordLength);
    const ok = await t.call('POST', '/api/identity/my-profile/change-password', {
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Anders123!' },
    });
    expect(ok.status).toBe(204);
    expect((await t.login(user, workshop, 'Anders123!')).status).toBe(200);
    expect((await t.login(user, workshop)).status).toBe(400);
  });

  it('ends every other session of the user and keeps the current one', async () => {
    const user = 'medewerker@dedraaischijf.nl';
    const workshop = 'De Draaischijf';
    const current = (await t.login(user, workshop)).body;
    const other = (await t.login(user, workshop)).body;
    const profile = (token: string) => t.call('GET', '/api/identity/my-profile', { token });
    const refresh = (refreshToken: string) =>
      t.call<TokenResponse>('POST', '/api/auth/refresh', { body: { refreshToken } });
    expect((await profile(other.auth_token)).status).toBe(200);

    const ok = await t.call('POST', '/api/identity/my-profile/change-password', {
      token: current.auth_token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Draai2026!nieuw' },
    });
    expect(ok.status).toBe(204);
    expect((await profile(other.auth_token)).status).toBe(401);
    expect((await refresh(other.refresh_token)).status).toBe(401);
    expect((await profile(current.auth_token)).status).toBe(200);
    const next = await refresh(current.refresh_token);
    expect(next.status).toBe(200);
    expect((await profile(next.body.auth_token)).status).toBe(200);
  });
});

describe('my profile', () => {
  it('updates names, e-mail and phone, and keeps the user name', async () => {
    const token = await t.tokenFor('beheer@wolwerk.nl', 'Wolwerk Textielstudio');
    const res = await t.call<Profile>('PUT', '/api/identity/my-profile', {
      token,
      body: {
        name: 'Fatiha',
        surname: 'El Amrani',
        email: 'fatiha@wolwerk.nl',
        phoneNumber: '050 123 4567',
        userName: 'beheer@wolwerk.nl',
        currentPassword: DEMO_PASSWORD,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Fatiha',
      fullName: 'Fatiha El Amrani',
      email: 'fatiha@wolwerk.nl',
      phoneNumber: '050 123 4567',
      userName: 'beheer@wolwerk.nl',
    });
    const again = await t.call<Profile>('GET', '/api/identity/my-profile', { token });
    expect(again.body.email).toBe('fatiha@wolwerk.nl');
    // The user name is read-only: changed, it is refused with the field named, not silently dropped.
    const renamed = await t.call<ErrorEnvelope>('PUT', '/api/identity/my-profile', {
      token,
      body: { ...again.body, userName: 'x' },
    });
    expect(renamed.status).toBe(403);
    expect(renamed.body.error.validationErrors?.[0]?.members).toEqual(['userName']);
  });

  it('refuses a malformed or taken e-mail address with the field named', async () => {
    const token = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    const bad = await t.call<ErrorEnvelope>('PUT', '/api/identity/my-profile', {
      token,
      body: { name: 'M', surname: 'J', email: 'geen-adres' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors).toEqual([
      { message: 'Het e-mailadres is onjuist geformatteerd (geen-adres)', members: ['email'] },
    ]);
    const taken = await t.call<ErrorEnvelope>('PUT', '/api/identity/my-profile', {
      token,
      body: { name: 'M', surname: 'J', email: 'MEDEWERKER@dedraaischijf.nl', currentPassword: DEMO_PASSWORD },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error.validationErrors).toEqual([{ message: MESSAGES.emailTaken, members: ['email'] }]);
  });
});
