import { ERROR_CODES, errorEnvelopeSchema } from '@ateliermarkt/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type JsonSchema, validArb } from './fuzz-inputs.ts';
import {
  mainCategory,
  productBody,
  type Role,
  reservationIn,
  type Tokens,
  tokensFor,
  WORKSHOP_A,
} from './security-fixtures.ts';

/**
 * What a black-box audit broke, for every route of the OpenAPI document at once: a hostile value of
 * 1 MB in any string field is answered without stopping the server (regular expressions that backtrack, checks
 * that read a value longer than its limit); a caller without the right session is refused before its body or
 * parameters are read; no input shape answers 500.
 */

type Param = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Op = { key: string; method: string; path: string; params: Param[]; body?: JsonSchema; isPublic: boolean };
type OpenApi = { paths: Record<string, Record<string, Record<string, unknown>>> };

/** Routes anyone may call; every other route must refuse an anonymous caller with 401 before anything else. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/settings',
  'GET /api/workspaces/available',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/account/reset-password-request',
  'POST /api/account/reset-password',
  'POST /api/payments/webhook',
  // Mollie's webhook carries only an id (the server asks Mollie); the second log-in step and a forced 2FA set-up carry
  // the first step's signed challenge; 'dit was ik niet' its single-use code.
  'POST /api/payments/mollie/webhook',
  'POST /api/auth/login/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
  'POST /api/account/not-me',
]);
const PUBLIC_PREFIXES = ['/api/shop/', '/betalen/', '/api/docs'];
/** Routes only the super admin may call (the others with a session are called as workshop admin of A). */
const SUPER_ONLY =
  /^(POST|PUT|DELETE) \/api\/(resources|subcategories|faq|pages|workspaces)\b|^POST \/api\/products\/(featured|search)$|^GET \/api\/subcategories\/\{id\}$|^PUT \/api\/admin\/settings$|^POST \/api\/reservations\/\{id\}\/refunds$/;

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';
/** Fastify's body limit in app.ts: a bigger body is refused (413) before it is parsed. */
const BODY_LIMIT = 1024 * 1024;
/** How long /api/health may take while a hostile request is being handled; the audit's e-mail blocked it 34 s. */
const HEALTH_DEADLINE_MS = 10_000;

/**
 * One value of 1,000,000 characters that holds the shape each known kind of catastrophic backtracking needs: an
 * e-mail address with a run of dots, unclosed tags, `&nbsp;` pieces, dashes, white space and parentheses.
 */
function hostileValue(): string {
  const parts = [
    `a@${'.'.repeat(200_000)}@`,
    '<'.repeat(150_000),
    'nbsp;<'.repeat(25_000),
    '-'.repeat(150_000),
    ' '.repeat(150_000),
    '('.repeat(100_000),
  ];
  const text = parts.join('');
  return text + 'x'.repeat(1_000_000 - text.length);
}

let t: TestApp;
let tok: Tokens;
let ops: Op[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  tok = await tokensFor(t);
  const doc = await t.call<OpenApi>('GET', '/api/docs/json');
  ops = operations(doc.body);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function operations(doc: OpenApi): Op[] {
  const out: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const key = `${m.toUpperCase()} ${path}`;
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const isPublic = PUBLIC_ROUTES.has(key) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
      out.push({
        key,
        method: m.toUpperCase(),
        path,
        params: (op.parameters ?? []) as Param[],
        body: content?.['application/json']?.schema,
        isPublic,
      });
    }
  }
  return out;
}

function roleFor(op: Op): Role {
  if (op.isPublic) return 'anon';
  return SUPER_ONLY.test(op.key) ? 'super' : 'adminA';
}

function isString(schema: JsonSchema): boolean {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat();
  return types.includes('string') && !schema.enum;
}

/** The paths of the string fields of a body schema: its properties, and those of the objects in its lists. */
function stringFields(schema: JsonSchema, at: (string | number)[] = []): (string | number)[][] {
  if (isString(schema)) return [at];
  if (schema.type === 'array' && schema.items) return stringFields(schema.items, [...at, 0]);
  const out: (string | number)[][] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    out.push(...stringFields(property, [...at, name]));
  return out;
}

function withValueAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const list = Array.isArray(base) && base.length ? [...base] : [{}];
    list[0] = withValueAt(list[0], rest, value);
    return list;
  }
  const object = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  return { ...object, [head]: withValueAt((object as Record<string, unknown>)[head], rest, value) };
}

function urlOf(op: Op, paramValue = SAMPLE_ID): string {
  return op.path.replace(/\{\w+\}/g, encodeURIComponent(paramValue));
}

async function send(op: Op, role: Role, raw: string | undefined, url = urlOf(op)) {
  const headers: Record<string, string> = raw === undefined ? {} : { 'content-type': 'application/json' };
  const token = tok[role];
  if (token) headers.authorization = `Bearer ${token}`;
  return t.call(op.method, url, { raw, headers });
}

function expectEnvelope(res: { status: number; body: unknown }, what: string) {
  expect(errorEnvelopeSchema.safeParse(res.body).success, `${what}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(
    true,
  );
}

describe('a hostile value of 1 MB in any string field', () => {
  it('is answered with no 500, while /api/health keeps answering', async () => {
    const hostile = hostileValue();
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops.filter((o) => o.body)) {
      const schema = op.body as JsonSchema;
      const base = fc.sample(validArb(schema, [SAMPLE_ID]), { seed: 12, numRuns: 1 })[0];
      for (const field of stringFields(schema)) {
        const raw = JSON.stringify(withValueAt(base, field, hostile));
        const what = `${op.key} ${field.join('.') || 'body'}`;
        const answer = send(op, roleFor(op), raw);
        const health = await fetch(`${t.baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_DEADLINE_MS) })
          .then((res) => res.status)
          .catch((error: Error) => error.name);
        const res = await answer;
        sent += 1;
        if (health !== 200) failures.push(`${what}: /api/health answered ${health} meanwhile`);
        if (res.status >= 500) failures.push(`${what}: ${res.status}`);
        // The value must reach validation: a caller the guard turns away would prove nothing.
        if (res.status === 401 || res.status === 403) failures.push(`${what}: ${res.status}, sent as the wrong caller`);
        if (raw.length > BODY_LIMIT && res.status !== 413)
          failures.push(`${what}: ${res.status} for a body over the limit`);
        if (res.status >= 400) expectEnvelope(res, what);
      }
    }
    process.stdout.write(`hostile 1 MB values: ${sent} string fields tried, /api/health answered during each\n`);
    expect(sent).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, 300_000);

  it('in the audit’s own case, the newsletter e-mail, is refused with the length message only', async () => {
    const email = `a@${'.'.repeat(240_000)}@`;
    const res = await t.call<{ error: { validationErrors: { message: string }[] } }>('POST', '/api/shop/newsletter', {
      body: { email },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors.map((v) => v.message)).toEqual(['Maximaal 256 tekens']);
  });
});

describe('a caller without the right session', () => {
  it('is refused on every route that needs one before its body or parameters are read', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const op of ops.filter((o) => !o.isPublic)) {
      // Parameters that are not ids, a query that is not the route's, and a body that is not even JSON.
      const url = `${urlOf(op, 'geen-id')}?skipCount=x&${'q'.repeat(50)}=1`;
      const raw = op.method === 'GET' ? undefined : '{"email": "a@';
      const res = await send(op, 'anon', raw, url);
      tried += 1;
      if (res.status !== 401) failures.push(`${op.key}: ${res.status} for an anonymous caller`);
      else expectEnvelope(res, op.key);
    }
    process.stdout.write(`anonymous with broken input: ${tried} routes, each answered 401\n`);
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it('is refused 403 before the body is read when the role is wrong', async () => {
    const forbidden: [string, string, Role][] = [
      ['POST', '/api/pages', 'adminA'],
      ['POST', '/api/workspaces', 'adminA'],
      ['PUT', `/api/identity/users/${SAMPLE_ID}`, 'userA'],
      ['POST', '/api/products', 'super'],
    ];
    for (const [method, url, role] of forbidden) {
      const res = await t.call(method, url, {
        raw: '{"broken": ',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tok[role]}` },
      });
      expect(res.status, `${method} ${url} as ${role}`).toBe(403);
    }
  });

  it('cannot reach the profile e-mail check without a token (the audit’s second route)', async () => {
    const res = await t.call('PUT', '/api/identity/my-profile', { body: { email: `a@${'.'.repeat(240_000)}@` } });
    expect(res.status).toBe(401);
  });
});

describe('a call without a body, sent with Content-Type: application/json and nothing after it', () => {
  const emptyJson = (token: string | undefined) => ({
    raw: '',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

  it('confirms a reservation, deletes a page and logs out', async () => {
    const reservation = await reservationIn(t, tok.adminA as string, 'new');
    const confirm = await t.call('POST', `/api/reservations/${reservation.id}/confirm`, emptyJson(tok.adminA));
    expect(confirm.status, `confirm ${JSON.stringify(confirm.body)}`).toBe(204);
    const after = await t.call<{ status: string }>('GET', `/api/reservations/${reservation.id}`, { token: tok.adminA });
    expect(after.body.status).not.toBe('new');

    const page = await t.call<{ id: string }>('POST', '/api/pages', {
      token: tok.super,
      body: { title: 'Tijdelijk', body: '<p>Even</p>', position: 90, isFooterPage: true },
    });
    expect(page.status, `page ${JSON.stringify(page.body)}`).toBe(200);
    const removed = await t.call('DELETE', `/api/pages/${page.body.id}`, emptyJson(tok.super));
    expect(removed.status, `delete ${JSON.stringify(removed.body)}`).toBe(204);

    const logout = await t.call('POST', '/api/auth/logout', emptyJson(undefined));
    expect(logout.status, `logout ${JSON.stringify(logout.body)}`).toBe(204);
  });

  it('is never refused as broken JSON on any route that takes no body', async () => {
    const failures: string[] = [];
    const bodyless = ops.filter((o) => !o.body && o.method !== 'GET' && o.method !== 'HEAD');
    for (const op of bodyless) {
      const res = await t.call<{ error?: { code?: string } }>(op.method, urlOf(op), emptyJson(tok[roleFor(op)]));
      if (res.status >= 500 || res.body?.error?.code === ERROR_CODES.invalidJson) {
        failures.push(`${op.key}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(bodyless.length).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });

  it('is still refused on a route that needs a body', async () => {
    const res = await t.call<{ error: { code: string } }>('POST', '/api/pages', emptyJson(tok.super));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ERROR_CODES.validation);
  });
});

describe('inputs that used to answer 500', () => {
  it('refuses JSON nested 8,000 levels deep on every route that reads a body, as anonymous and as its caller', async () => {
    const deep = `${'{"a":['.repeat(8_000)}0${']}'.repeat(8_000)}`;
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.method !== 'GET' && o.method !== 'HEAD')) {
      for (const role of new Set<Role>(['anon', roleFor(op)])) {
        const res = await send(op, role, deep);
        if (res.status >= 500 || res.status < 400) failures.push(`${op.key} as ${role}: ${res.status}`);
        else expectEnvelope(res, op.key);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a deleted user’s still valid token with a 4xx, not 500, when it creates a product', async () => {
    // Fresh tokens: the hostile bodies above went to 'Overal uitloggen' too, which ended the old ones.
    tok = await tokensFor(t);
    const created = await t.call<{ id: string }>('POST', '/api/identity/users', {
      token: tok.adminA,
      body: {
        userName: 'verdwijnt',
        name: 'Vera',
        surname: 'Weg',
        email: 'verdwijnt@dedraaischijf.nl',
        phoneNumber: '',
        roleNames: ['user'],
        password: 'Klei2026!draai',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const token = await t.tokenFor('verdwijnt@dedraaischijf.nl', WORKSHOP_A, 'Klei2026!draai');
    const removed = await t.call('DELETE', `/api/identity/users/${created.body.id}`, { token: tok.adminA });
    expect(removed.status).toBe(204);

    const category = await mainCategory(t, tok.adminA);
    const res = await t.call('POST', '/api/products', { token, body: productBody(category.id, 'Wees-vaas') });
    expect([401, 403, 404], JSON.stringify(res.body)).toContain(res.status);
    expectEnvelope(res, 'POST /api/products');
  });
});
