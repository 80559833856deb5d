import { type ErrorEnvelope, MESSAGES } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('system calls', () => {
  it('health answers with the database kind', async () => {
    const res = await t.call<{ status: string; database: string }>('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('settings carry the shared business constants', async () => {
    const res = await t.call<Record<string, number>>('GET', '/api/settings');
    expect(res.body).toMatchObject({ taxPercent: 21, feePercent: 25, minPrice: 10, maxProductImages: 8 });
  });

  it('lists the workshops for the log-in picker, by name, without private fields', async () => {
    const res = await t.call<Record<string, unknown>[]>('GET', '/api/workspaces/available');
    expect(res.body.map((w) => w.name)).toEqual(['De Draaischijf', 'Glasatelier Helder', 'Wolwerk Textielstudio']);
    for (const w of res.body) expect(Object.keys(w).sort()).toEqual(['id', 'name', 'url']);
  });

  it('gives the workshop page url when the shop address is known and the workshop is published', async () => {
    const shop = await createTestApp({ SHOP_URL: 'https://winkel.example.nl/' });
    try {
      const res = await shop.call<{ name: string; url: string | null }[]>('GET', '/api/workspaces/available');
      expect(res.body.map((w) => w.url)).toEqual([
        'https://winkel.example.nl/ateliers/de-draaischijf',
        'https://winkel.example.nl/ateliers/glasatelier-helder',
        null,
      ]);
    } finally {
      await shop.close();
    }
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.call<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/refresh', '/api/identity/my-profile']),
    );
  });
});

describe('bad input never gives a 500', () => {
  it('bad JSON is a Dutch 400', async () => {
    const res = await t.call<ErrorEnvelope>('POST', '/api/auth/login', {
      raw: '{"userNameOrEmailAddress": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.invalidJson);
  });

  it('missing fields and wrong types are named', async () => {
    const missing = await t.call<ErrorEnvelope>('POST', '/api/auth/login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.validationErrors?.map((v) => v.members[0])).toEqual([
      'userNameOrEmailAddress',
      'password',
    ]);
    expect(missing.body.error.message).toBe(MESSAGES.userNameOrEmailRequired);
    const types = await t.call<ErrorEnvelope>('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 12, password: ['x'] },
    });
    expect(types.status).toBe(400);
    for (const v of types.body.error.validationErrors ?? []) expect(v.message).not.toMatch(/expected|invalid/i);
    const notAnObject = await t.call<ErrorEnvelope>('POST', '/api/auth/login', { body: [1, 2] });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.error.message).not.toMatch(/expected|invalid/i);
  });

  it('an oversized body is a 413', async () => {
    const res = await t.call<ErrorEnvelope>('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'x'.repeat(2 * 1024 * 1024), password: 'x' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(MESSAGES.bodyTooLarge);
  });

  it('another content type is a 415', async () => {
    const res = await t.call<ErrorEnvelope>('POST', '/api/auth/login', {
      raw: 'a=b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe(MESSAGES.unsupportedMediaType);
  });

  it('an unknown API path is a 404 envelope', async () => {
    const res = await t.call<ErrorEnvelope>('GET', '/api/bestaat-niet');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NotFound');
  });

  it('a NUL character, which PostgreSQL text cannot hold, is a named 400 in a body, a path and a query', async () => {
    const body = await t.call<ErrorEnvelope>('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'a\u0000b', password: 'x' },
    });
    expect(body.status).toBe(400);
    expect(body.body.error.validationErrors).toEqual([
      { message: MESSAGES.fieldInvalid, members: ['userNameOrEmailAddress'] },
    ]);
    const nested = await t.call<ErrorEnvelope>('POST', '/api/shop/newsletter', {
      body: { email: 'a@example.nl', name: ['ok', 'x\u0000'] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error.validationErrors?.[0]?.members).toEqual(['name.1']);
    const inPath = await t.call<ErrorEnvelope>('GET', '/api/shop/pages/over%00ons');
    expect(inPath.status).toBe(400);
    expect(inPath.body.error.message).toBe(MESSAGES.fieldInvalid);
    const inQuery = await t.call<ErrorEnvelope>('GET', '/api/shop/products?q=vaas%00');
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error.validationErrors?.[0]?.members).toEqual(['q']);
  });

  it('a path the router refuses (bad percent-encoding, an over-long parameter) is the 404 envelope', async () => {
    for (const url of ['/api/shop/pages/%ED%A0%80', `/api/shop/pages/${'x'.repeat(200)}`]) {
      const res = await t.call<ErrorEnvelope>('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body.error).toEqual({
        code: 'NotFound',
        message: MESSAGES.notFound,
        details: null,
        validationErrors: null,
      });
    }
  });
});

describe('rate limits', () => {
  it('log-in answers 429 in Dutch past the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      let last: ErrorEnvelope | null = null;
      for (let i = 0; i < 5; i++) {
        const res = await limited.call<ErrorEnvelope>('POST', '/api/auth/login', {
          body: { userNameOrEmailAddress: 'x@example.nl', password: 'y' },
        });
        statuses.push(res.status);
        last = res.body;
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      expect(last?.error.message).toBe(MESSAGES.tooManyRequests);
    } finally {
      await limited.close();
    }
  });
});
