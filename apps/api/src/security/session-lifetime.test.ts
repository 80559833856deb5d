import type { MySession, TokenResponse } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_SESSION } from '../modules/events/events.routes.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { openEvents } from '../test/event-stream.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * A session ends at its absolute lifetime (7 days; 12 hours for a super admin) however often it is
 * refreshed, and after an idle time; 'Mijn sessies' lists and ends them; live-update streams per session are limited.
 * The app's clock is moved, never the wall clock waited for.
 */
let t: TestApp;
let now = new Date('2026-11-20T09:00:00Z').getTime();
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_TIMEOUT: '1d' }, { sessionClock: () => new Date(now) });
});
afterAll(async () => {
  await t?.close();
});

const WORKSHOP = 'De Draaischijf';
const refresh = (refreshToken: string) =>
  t.call<TokenResponse>('POST', '/api/auth/refresh', { body: { refreshToken } });
const profile = (token: string) => t.call('GET', '/api/identity/my-profile', { token });

describe('the absolute lifetime', () => {
  it('ends a workshop admin session after 7 days however often it is refreshed', async () => {
    let tokens = (await t.login('beheer@dedraaischijf.nl', WORKSHOP)).body as TokenResponse;
    const start = now;
    while (now + 6 * HOUR < start + 7 * 24 * HOUR) {
      now += 6 * HOUR;
      const next = await refresh(tokens.refresh_token);
      expect(next.status).toBe(200);
      tokens = next.body;
      expect((await profile(tokens.auth_token)).status).toBe(200);
    }
    now = start + 7 * 24 * HOUR + 1000;
    expect((await profile(tokens.auth_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });

  it('ends a super admin session after 12 hours', async () => {
    const tokens = (await t.login('admin@ateliermarkt.nl', null)).body as TokenResponse;
    now += 11 * HOUR;
    const next = await refresh(tokens.refresh_token);
    expect(next.status).toBe(200);
    now += HOUR + 1000;
    expect((await profile(next.body.auth_token)).status).toBe(401);
    expect((await refresh(next.body.refresh_token)).status).toBe(401);
  });
});

describe('the idle timeout', () => {
  it('ends a session unused for longer than SESSION_IDLE_TIMEOUT; use keeps it going', async () => {
    const tokens = (await t.login('medewerker@dedraaischijf.nl', WORKSHOP)).body as TokenResponse;
    now += 20 * HOUR;
    expect((await profile(tokens.auth_token)).status).toBe(200);
    now += 20 * HOUR;
    expect((await profile(tokens.auth_token)).status).toBe(200);
    now += 24 * HOUR + 1000;
    expect((await profile(tokens.auth_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });
});

describe("'Mijn sessies'", () => {
  const loginAs = (agent: string) =>
    t.call<TokenResponse>('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'beheer@wolwerk.nl', password: DEMO_PASSWORD },
      headers: { __tenant: workshop, 'user-agent': agent },
    });
  let workshop = '';

  it('lists the own sessions with device, address and last use, and ends one or all', async () => {
    workshop = await t.tenantId('Wolwerk Textielstudio');
    const laptop = (await loginAs('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'))
      .body;
    const phone = (
      await loginAs(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      )
    ).body;
    const list = await t.call<MySession[]>('GET', '/api/identity/my-profile/sessions', { token: laptop.auth_token });
    expect(list.status).toBe(200);
    const devices = list.body.map((s) => [s.device, s.current]);
    expect(devices).toEqual(
      expect.arrayContaining([
        ['Firefox op Windows', true],
        ['Safari op iOS', false],
      ]),
    );
    expect(list.body.every((s) => s.ipAddress === '127.0.0.1' && s.lastUsedAt !== null)).toBe(true);
    const other = list.body.find((s) => !s.current) as MySession;

    // Another user cannot end it (404), the owner can.
    const stranger = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
    const foreign = await t.call('DELETE', `/api/identity/my-profile/sessions/${other.id}`, { token: stranger });
    expect(foreign.status).toBe(404);
    expect((await profile(phone.auth_token)).status).toBe(200);
    const ended = await t.call('DELETE', `/api/identity/my-profile/sessions/${other.id}`, {
      token: laptop.auth_token,
    });
    expect(ended.status).toBe(204);
    expect((await profile(phone.auth_token)).status).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);

    // 'Overal uitloggen' ends this one too.
    const all = await t.call('POST', '/api/identity/my-profile/sessions/end-all', { token: laptop.auth_token });
    expect(all.status).toBe(204);
    expect((await profile(laptop.auth_token)).status).toBe(401);
  });
});

describe('live-update streams', () => {
  it(`allows ${MAX_STREAMS_PER_SESSION} open streams per session and refuses one more`, async () => {
    const token = await t.tokenFor('medewerker@glasatelierhelder.nl', 'Glasatelier Helder');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i += 1) streams.push(await openEvents(t.baseUrl, token));
    const refused = await fetch(`${t.baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    await refused.text();
    await Promise.all(streams.map((s) => s.close()));
  });
});
