import {
  ERROR_CODES,
  type ErrorEnvelope,
  MESSAGES,
  type Profile,
  type SecondStepResponse,
  type TokenResponse,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '@ateliermarkt/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { type ApiResponse, createTestApp, type TestApp } from '../test/test-app.ts';

/** Two-factor log-in with TOTP, recovery codes, lock-out, and REQUIRE_2FA. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WORKSHOP = 'Glasatelier Helder';
const USER = 'medewerker@glasatelierhelder.nl';
/** A code of the secret for a moment `offset` periods from now (a code works once, so each use takes the next). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

type Answer = TokenResponse & SecondStepResponse & ErrorEnvelope;
/** The log-in's answer may be a second step. */
const logIn = (app: TestApp, user: string, workshop: string | null) =>
  app.login(user, workshop) as unknown as Promise<ApiResponse<Answer>>;

async function switchOn(token: string) {
  const refused = await t.call<ErrorEnvelope>('POST', '/api/identity/my-profile/two-factor/setup', {
    token,
    body: {},
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error.code).toBe(ERROR_CODES.reconfirmRequired);
  const setup = await t.call<TwoFactorSetup>('POST', '/api/identity/my-profile/two-factor/setup', {
    token,
    body: { currentPassword: DEMO_PASSWORD },
  });
  expect(setup.status).toBe(200);
  expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Ateliermarkt:.+secret=/);
  expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const wrong = await t.call<ErrorEnvelope>('POST', '/api/identity/my-profile/two-factor/enable', {
    token,
    body: { code: '000000' },
  });
  expect(wrong.status).toBe(400);
  const enabled = await t.call<TwoFactorEnabled>('POST', '/api/identity/my-profile/two-factor/enable', {
    token,
    body: { code: await codeAt(setup.body.secret) },
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

describe('two-factor log-in', () => {
  it('is set up from the profile with the password, then the log-in asks for a code', async () => {
    const token = await t.tokenFor(USER, WORKSHOP);
    const before = (await t.mails()).length;
    const { secret, recoveryCodes } = await switchOn(token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.call<Profile>('GET', '/api/identity/my-profile', { token })).body.twoFactorEnabled).toBe(true);
    const notice = (await t.mails()).slice(before);
    expect(notice.map((m) => m.to)).toEqual([USER]);
    expect(notice[0]?.text).toContain('Tweestapsverificatie: uit → aan');

    // The password alone gives no session now.
    const first = await logIn(t, USER, WORKSHOP);
    expect(first.status).toBe(200);
    expect(first.body.auth_token).toBeUndefined();
    expect(first.body.secondFactor).toBe('code');
    // The challenge is no access token.
    expect((await t.call('GET', '/api/identity/my-profile', { token: first.body.challenge })).status).toBe(401);

    const code = await codeAt(secret, 1);
    const second = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
      body: { challenge: first.body.challenge, code },
    });
    expect(second.status).toBe(200);
    expect((await t.call('GET', '/api/identity/my-profile', { token: second.body.auth_token })).status).toBe(200);

    // The same code again (a replay) is refused.
    const again = await logIn(t, USER, WORKSHOP);
    const replay = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
      body: { challenge: again.body.challenge, code },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toBe(MESSAGES.twoFactorCodeInvalid);

    // A recovery code works once, typed in capitals with spaces too.
    const recovery = recoveryCodes[0] as string;
    const withRecovery = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
      body: { challenge: again.body.challenge, code: ` ${recovery.toUpperCase().replace('-', ' ')} ` },
    });
    expect(withRecovery.status).toBe(200);
    const third = await logIn(t, USER, WORKSHOP);
    const reused = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
      body: { challenge: third.body.challenge, code: recovery },
    });
    expect(reused.status).toBe(400);

    // Switching off needs the password (or a code) again.
    const session = second.body.auth_token;
    const off = await t.call<ErrorEnvelope>('POST', '/api/identity/my-profile/two-factor/disable', {
      token: session,
      body: {},
    });
    expect(off.status).toBe(400);
    const offWithCode = await t.call('POST', '/api/identity/my-profile/two-factor/disable', {
      token: session,
      body: { confirmCode: recoveryCodes[1] },
    });
    expect(offWithCode.status).toBe(204);
    expect((await logIn(t, USER, WORKSHOP)).body.auth_token).toBeTruthy();
  });

  it('locks the account after five wrong codes, like passwords', async () => {
    const name = 'beheer@glasatelierhelder.nl';
    const token = await t.tokenFor(name, WORKSHOP);
    const { secret } = await switchOn(token);
    const first = await logIn(t, name, WORKSHOP);
    for (let i = 0; i < 4; i += 1) {
      const res = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
        body: { challenge: first.body.challenge, code: `12345${i}` },
      });
      expect(res.body.error.code).toBe(ERROR_CODES.invalidUserNameOrPassword);
    }
    const fifth = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
      body: { challenge: first.body.challenge, code: '999999' },
    });
    expect(fifth.body.error.code).toBe(ERROR_CODES.lockedOut);
    // Locked: the right code does not help now, nor does the password.
    const right = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
      body: { challenge: first.body.challenge, code: await codeAt(secret, 1) },
    });
    expect(right.body.error.code).toBe(ERROR_CODES.lockedOut);
    expect((await logIn(t, name, WORKSHOP)).body.error.code).toBe(ERROR_CODES.lockedOut);
  });

  it('refuses a forged or foreign challenge', async () => {
    const res = await t.call<Answer>('POST', '/api/auth/login/two-factor', {
      body: { challenge: await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf'), code: '123456' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(MESSAGES.twoFactorChallengeExpired);
  });
});

describe('REQUIRE_2FA', () => {
  it('leads an admin without a second factor through set-up at log-in; a plain user logs in as before', async () => {
    const app = await createTestApp({ REQUIRE_2FA: 'admins' });
    try {
      expect((await logIn(app, 'medewerker@dedraaischijf.nl', 'De Draaischijf')).body.auth_token).toBeTruthy();
      const first = await logIn(app, 'admin@ateliermarkt.nl', null);
      expect(first.body.secondFactor).toBe('setup');
      // The set-up challenge is not a code challenge.
      const wrongStep = await app.call<Answer>('POST', '/api/auth/login/two-factor', {
        body: { challenge: first.body.challenge, code: '123456' },
      });
      expect(wrongStep.status).toBe(401);
      const setup = await app.call<TwoFactorSetup>('POST', '/api/auth/two-factor/setup', {
        body: { challenge: first.body.challenge },
      });
      expect(setup.status).toBe(200);
      const enabled = await app.call<TwoFactorEnabled>('POST', '/api/auth/two-factor/enable', {
        body: { challenge: first.body.challenge, code: await codeAt(setup.body.secret) },
      });
      expect(enabled.status).toBe(200);
      expect(enabled.body.recoveryCodes).toHaveLength(10);
      const token = enabled.body.tokens?.auth_token as string;
      expect((await app.call('GET', '/api/identity/my-profile', { token })).status).toBe(200);
      // Required for the role: it cannot be switched off.
      const off = await app.call<ErrorEnvelope>('POST', '/api/identity/my-profile/two-factor/disable', {
        token,
        body: { currentPassword: DEMO_PASSWORD },
      });
      expect(off.status).toBe(403);
      expect(off.body.error.message).toBe(MESSAGES.twoFactorRequiredForRole);
      // The next log-in asks for a code.
      expect((await logIn(app, 'admin@ateliermarkt.nl', null)).body.secondFactor).toBe('code');
    } finally {
      await app.close();
    }
  });
});
