import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ErrorEnvelope,
  LOCKOUT_MAX_FAILURES,
  MESSAGES,
  type Profile,
  type TokenResponse,
  WORKSHOP_HEADER,
} from '@ateliermarkt/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from './modules/auth/sessions.ts';
import { DEMO_PASSWORD } from './seed/demo-data.ts';
import { openEvents } from './test/event-stream.ts';

/**
 * Scale-out (docs/decisions/0008): two instances of the production start on one PostgreSQL, nginx round-robin in
 * front. Run by scripts/scale-out-test.sh, which starts all of it and sets SCALE_OUT_URL (the proxy),
 * SCALE_OUT_INSTANCES (each instance directly, comma-separated) and SCALE_OUT_RATE_LIMIT. Selected without them,
 * this file fails: it never skips.
 */
const PROXY = process.env.SCALE_OUT_URL ?? '';
const [A = '', B = ''] = (process.env.SCALE_OUT_INSTANCES ?? '').split(',');
const RATE_LIMIT = Number(process.env.SCALE_OUT_RATE_LIMIT ?? '');

type Res<T> = { status: number; body: T; headers: Headers };
async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

let workshops: Record<string, string> = {};
const login = (base: string, user: string, workshop: string, password = DEMO_PASSWORD) =>
  call<TokenResponse & ErrorEnvelope>(base, 'POST', '/api/auth/login', {
    body: { userNameOrEmailAddress: user, password },
    headers: { [WORKSHOP_HEADER]: workshops[workshop] ?? '' },
  });

beforeAll(async () => {
  if (!PROXY || !A || !B || !Number.isInteger(RATE_LIMIT)) {
    throw new Error(
      'SCALE_OUT_URL, SCALE_OUT_INSTANCES (twee adressen) en SCALE_OUT_RATE_LIMIT ontbreken: draai scripts/scale-out-test.sh.',
    );
  }
  const available = await call<{ id: string; name: string }[]>(PROXY, 'GET', '/api/workspaces/available');
  workshops = Object.fromEntries(available.body.map((t) => [t.name, t.id]));
});

describe('two instances, one database, a proxy in front', () => {
  it('both run on PostgreSQL, and the demo data was seeded once although they started together', async () => {
    for (const base of [A, B, PROXY]) {
      const health = await call<{ database: string }>(base, 'GET', '/api/health');
      expect(health.body.database).toBe('postgres');
      const available = await call<{ name: string }[]>(base, 'GET', '/api/workspaces/available');
      expect(available.body.map((t) => t.name).sort()).toEqual([
        'De Draaischijf',
        'Glasatelier Helder',
        'Wolwerk Textielstudio',
      ]);
    }
  });

  it('a log-in on one instance is valid on the other; a refresh there rotates it; reuse on the first is caught', async () => {
    const first = await login(A, 'beheer@dedraaischijf.nl', 'De Draaischijf');
    expect(first.status).toBe(200);
    // The access token signed by A verifies on B and through the proxy: one shared signing key.
    for (const base of [B, PROXY]) {
      const profile = await call<Profile>(base, 'GET', '/api/identity/my-profile', { token: first.body.auth_token });
      expect(profile.status).toBe(200);
      expect(profile.body.email).toBe('beheer@dedraaischijf.nl');
    }
    const refreshed = await call<TokenResponse>(B, 'POST', '/api/auth/refresh', {
      body: { refreshToken: first.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect((await call(A, 'GET', '/api/identity/my-profile', { token: refreshed.body.auth_token })).status).toBe(200);
    // The used token presented to A: refused, and the family B continued is revoked with it.
    const reuse = await call<ErrorEnvelope>(A, 'POST', '/api/auth/refresh', {
      body: { refreshToken: first.body.refresh_token },
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('InvalidRefreshToken');
    const after = await call(PROXY, 'POST', '/api/auth/refresh', {
      body: { refreshToken: refreshed.body.refresh_token },
    });
    expect(after.status).toBe(401);
  });

  it('an image uploaded on one instance is served by the other and by the proxy, byte for byte; deleted on one, gone on both', async () => {
    const token = (await login(B, 'beheer@glasatelierhelder.nl', 'Glasatelier Helder')).body.auth_token;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f6f8f' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('formFile', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'glas.png');
    const uploaded = await fetch(`${A}/api/images`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(uploaded.status).toBe(200);
    const image = (await uploaded.json()) as {
      id: string;
      fileOriginal: string;
      fileMedium: string;
      thumbnail: string;
    };
    // Relative to the app: the URLs handed out work through the proxy and on either instance.
    expect(image.fileMedium.startsWith(`/uploads/images/${image.id}/`)).toBe(true);
    const path = image.fileMedium;

    const fromA = await fetch(`${A}${path}`);
    const fromB = await fetch(`${B}${path}`);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytesA = Buffer.from(await fromA.arrayBuffer());
    expect(Buffer.from(await fromB.arrayBuffer()).equals(bytesA)).toBe(true);
    const etag = fromA.headers.get('etag') ?? '';
    expect(fromB.headers.get('etag')).toBe(etag);
    // A validator from one instance is honoured by the other: a browser switching instances keeps its cache.
    expect((await fetch(`${B}${path}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    for (let i = 0; i < 4; i++) {
      const viaProxy = await fetch(`${PROXY}${path}`);
      expect(viaProxy.status).toBe(200);
      expect(Buffer.from(await viaProxy.arrayBuffer()).equals(bytesA)).toBe(true);
    }

    expect((await call(B, 'DELETE', `/api/images/${image.id}`, { token })).status).toBe(204);
    expect((await fetch(`${A}${path}`)).status).toBe(404);
    expect((await fetch(`${PROXY}${path}`)).status).toBe(404);
  });

  it('lockout counts failures on both instances and holds on both', async () => {
    const user = 'medewerker@wolwerk.nl';
    const workshop = 'Wolwerk Textielstudio';
    const answers: string[] = [];
    for (let i = 1; i <= LOCKOUT_MAX_FAILURES; i++) {
      const res = await login(i % 2 === 0 ? B : A, user, workshop, `Fout${i}!xyz`);
      answers.push(res.body.description ?? '');
    }
    expect(answers).toEqual([
      ...Array.from({ length: LOCKOUT_MAX_FAILURES - 1 }, () => 'InvalidUserNameOrPassword'),
      'LockedOut',
    ]);
    for (const base of [A, B, PROXY]) {
      const right = await login(base, user, workshop);
      expect(right.status, base).toBe(400);
      expect(right.body, base).toMatchObject({ description: 'LockedOut', error: { message: MESSAGES.loginLockedOut } });
    }
  });

  it('a user deleted through one instance, or a log-out there, ends the token on the other (docs/decisions/0018)', async () => {
    // Another client address (the instances trust the proxy's X-Forwarded-For, 127.0.0.1), so these log-ins do not
    // use up the log-in rate limit of the other tests.
    const asClient = { 'x-forwarded-for': '10.12.0.1' };
    const signIn = (base: string, user: string, password = DEMO_PASSWORD) =>
      call<TokenResponse>(base, 'POST', '/api/auth/login', {
        body: { userNameOrEmailAddress: user, password },
        headers: { [WORKSHOP_HEADER]: workshops['De Draaischijf'] ?? '', ...asClient },
      });
    const profile = (base: string, token: string) => call(base, 'GET', '/api/identity/my-profile', { token });
    const admin = (await signIn(A, 'beheer@dedraaischijf.nl')).body;
    const created = await call<{ id: string }>(A, 'POST', '/api/identity/users', {
      token: admin.auth_token,
      body: {
        userName: 'schaal',
        name: 'Schaal',
        surname: 'Test',
        email: 'schaal@dedraaischijf.nl',
        phoneNumber: null,
        roleNames: ['admin'],
        password: 'Schaal2026!uit',
      },
    });
    expect(created.status).toBe(200);
    const victim = (await signIn(B, 'schaal', 'Schaal2026!uit')).body;
    expect((await profile(B, victim.auth_token)).status).toBe(200);
    expect(
      (await call(A, 'DELETE', `/api/identity/users/${created.body.id}`, { token: admin.auth_token })).status,
    ).toBe(204);
    // B checked that session just before; it trusts what it read for at most SESSION_CACHE_MS.
    await sleep(SESSION_CACHE_MS);
    for (const base of [B, A, PROXY]) expect((await profile(base, victim.auth_token)).status, base).toBe(401);

    expect((await profile(A, admin.auth_token)).status).toBe(200);
    const out = await call(B, 'POST', '/api/auth/logout', {
      token: admin.auth_token,
      body: { refreshToken: admin.refresh_token },
    });
    expect(out.status).toBe(204);
    await sleep(SESSION_CACHE_MS);
    for (const base of [A, B, PROXY]) expect((await profile(base, admin.auth_token)).status, base).toBe(401);
  });

  it('an order placed through instance B reaches an event stream open on A, and one open through the proxy', async () => {
    const signedIn = await call<TokenResponse>(A, 'POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: DEMO_PASSWORD },
      headers: { [WORKSHOP_HEADER]: workshops['De Draaischijf'] ?? '', 'x-forwarded-for': '10.12.0.3' },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.auth_token;
    const onA = await openEvents(A, token);
    const viaProxy = await openEvents(PROXY, token);
    try {
      expect(onA.response.status).toBe(200);
      expect(viaProxy.response.status).toBe(200);
      const list = await call<{ items: { id: string; isUniqueEdition: boolean; isSold: boolean }[] }>(
        B,
        'GET',
        '/api/shop/products?workspace=de-draaischijf&pageSize=50',
      );
      const product = list.body.items.find((p) => !p.isUniqueEdition && !p.isSold);
      expect(product).toBeDefined();
      const detail = await call<{ deliveryMethods: { id: number }[] }>(B, 'GET', `/api/shop/products/${product?.id}`);
      const placed = await call<{ id: string; orderNumber: string }>(B, 'POST', '/api/shop/reservations', {
        body: {
          name: 'Schaal Klant',
          street: 'Schaalstraat',
          streetNumber: '3',
          zipCode: '1234 AB',
          city: 'Utrecht',
          email: 'schaal.klant@example.nl',
          deliveryMethodId: detail.body.deliveryMethods[0]?.id ?? 1,
          products: [{ productId: product?.id ?? '', quantity: 1 }],
        },
        headers: { 'x-forwarded-for': '10.12.0.3' },
      });
      expect(placed.status).toBe(201);
      const expected = {
        kind: 'reservationCreated',
        reservationId: placed.body.id,
        orderNumber: placed.body.orderNumber,
        tenantId: workshops['De Draaischijf'],
      };
      // Notified by PostgreSQL to both instances: A's own stream and the one nginx holds (buffering off) get it.
      expect(await onA.next((e) => e.reservationId === placed.body.id)).toMatchObject(expected);
      expect(await viaProxy.next((e) => e.reservationId === placed.body.id)).toMatchObject(expected);
    } finally {
      await Promise.all([onA.close(), viaProxy.close()]);
    }
  });

  it('an unknown user name is answered as a real account, counted across both instances', async () => {
    const asClient = { 'x-forwarded-for': '10.12.0.2' };
    const answers: string[] = [];
    for (let i = 1; i <= LOCKOUT_MAX_FAILURES + 1; i++) {
      const res = await call<ErrorEnvelope>(i % 2 === 0 ? B : A, 'POST', '/api/auth/login', {
        body: { userNameOrEmailAddress: 'niemand-hier@wolwerk.nl', password: `Fout${i}!xyz` },
        headers: { [WORKSHOP_HEADER]: workshops['Wolwerk Textielstudio'] ?? '', ...asClient },
      });
      answers.push(res.body.description ?? '');
    }
    expect(answers).toEqual([
      ...Array.from({ length: LOCKOUT_MAX_FAILURES - 1 }, () => 'InvalidUserNameOrPassword'),
      'LockedOut',
      'LockedOut',
    ]);
  });

  it('a rate limit is one count across both instances and the proxy', async () => {
    // A route no other test here calls, so its count starts at zero; every caller is 127.0.0.1 (directly, or as
    // X-Forwarded-For from the proxy, which the instances trust).
    const statuses: number[] = [];
    const remaining: number[] = [];
    const bases = [A, B, PROXY];
    for (let i = 0; i < RATE_LIMIT + 3; i++) {
      const res = await call<ErrorEnvelope>(bases[i % 3] ?? A, 'POST', '/api/account/reset-password-request', {
        body: { emailAddress: `niemand${i}@example.nl` },
      });
      statuses.push(res.status);
      if (res.status === 200) remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
      else expect(res.body.error.message).toBe(MESSAGES.tooManyRequests);
    }
    expect(statuses).toEqual([...Array.from({ length: RATE_LIMIT }, () => 200), 429, 429, 429]);
    expect(remaining).toEqual(Array.from({ length: RATE_LIMIT }, (_, i) => RATE_LIMIT - 1 - i));
  });
});
