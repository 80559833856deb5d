import { PROVINCES, WORKSHOP_LABELS, XLS_MIME } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The OpenAPI document tells the truth. Redocly lints it in `npm test` (`npm run lint:openapi`);
 * this checks what a linter cannot know: which routes really are public, and the shapes the schemas leave out.
 */
type Schema = { type?: string; enum?: unknown[]; nullable?: boolean; properties?: Record<string, Schema> } & Record<
  string,
  unknown
>;
type Response = { description: string; content?: Record<string, { schema: Schema }> };
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type Document = { security: Record<string, string[]>[]; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
const operations: { method: string; path: string; op: Operation }[] = [];
beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: '0' });
  const res = await t.call<Document>('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  doc = res.body;
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) operations.push({ method, path, op });
});
afterAll(async () => {
  await t?.close();
});

const op = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};
const isPublic = (o: Operation) => Array.isArray(o.security) && o.security.length === 0;

/** Anyone may call these: the log-in and what comes before it, the web shop, and the signed payment webhook. */
const PUBLIC = [
  'get /api/health',
  'get /api/settings',
  'get /api/workspaces/available',
  'post /api/auth/login',
  'post /api/auth/refresh',
  'post /api/account/reset-password-request',
  'post /api/account/reset-password',
  'post /api/payments/webhook',
  // Mollie's webhook: it carries only an id, and the server asks Mollie itself.
  'post /api/payments/mollie/webhook',
  // The second log-in step and the set-up a required second factor forces: they carry the first step's
  // signed challenge instead of a token; 'dit was ik niet' carries its single-use code.
  'post /api/auth/login/two-factor',
  'post /api/auth/two-factor/setup',
  'post /api/auth/two-factor/enable',
  'post /api/account/not-me',
];

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId and a summary', () => {
    expect(operations.length).toBeGreaterThan(80);
    const missing = operations.filter(({ op }) => !op.operationId || !op.summary?.trim());
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks the public routes as needing no token, and every other route as needing one', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const route of PUBLIC) {
      const [method = '', path = ''] = route.split(' ');
      expect(op(method, path).security, route).toEqual([]);
    }
    const shop = operations.filter(({ path }) => path.startsWith('/api/shop/'));
    expect(shop.length).toBeGreaterThan(10);
    for (const { method, path, op } of shop) expect(op.security, `${method} ${path}`).toEqual([]);
    // Log-out works with or without the access token.
    expect(op('post', '/api/auth/logout').security).toEqual([{}, { bearer: [] }]);
    const others = operations.filter(
      ({ method, path }) =>
        !PUBLIC.includes(`${method} ${path}`) && !path.startsWith('/api/shop/') && path !== '/api/auth/logout',
    );
    for (const { method, path, op } of others) expect(op.security, `${method} ${path}`).toBeUndefined();
  });

  it('says what the server does: a route without a token answers 401 exactly when the document asks for one', async () => {
    const sample: Record<string, string> = { slug: 'geen-atelier', deliveryMethodId: '2' };
    const mismatches: string[] = [];
    for (const { method, path, op } of operations) {
      // The webhook is public, signed with X-Signature instead of a token: unsigned, it answers 401 too.
      if (path === '/api/payments/webhook') continue;
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${p.schema.format === 'uuid' ? crypto.randomUUID() : 'x'}`);
      const url =
        path.replace(/\{(\w+)\}/g, (_, name: string) => sample[name] ?? crypto.randomUUID()) +
        (query.length ? `?${query.join('&')}` : '');
      const res = await t.call(method.toUpperCase(), url, method === 'get' || method === 'delete' ? {} : { body: {} });
      const needsToken = !isPublic(op) && !(op.security ?? []).some((s) => Object.keys(s).length === 0);
      // Without a token, a route that needs one refuses with 401 before it reads the body (guards run on request).
      if (needsToken ? res.status !== 401 : res.status === 401) mismatches.push(`${method} ${path}: ${res.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('describes the multipart body of POST /api/images', () => {
    const upload = op('post', '/api/images');
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    const schema = upload.requestBody?.content['multipart/form-data']?.schema;
    expect(schema?.required).toEqual(['formFile']);
    expect(schema?.properties?.formFile).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '401', '413', '415', '429']));
  });

  it('declares no body on a 204 answer', () => {
    const noContent = operations.filter(({ op }) => op.responses['204']);
    expect(noContent.length).toBeGreaterThan(20);
    for (const { method, path, op } of noContent) {
      expect(op.responses['204']?.content, `${method} ${path}`).toBeUndefined();
      expect(op.responses['204']?.description, `${method} ${path}`).toBeTruthy();
    }
  });

  it('gives labels and provinces as enums, in answers and requests', () => {
    const labels = WORKSHOP_LABELS.map((l) => l.id);
    const workshop = op('get', '/api/workspaces/{id}').responses['200']?.content?.['application/json']?.schema;
    expect(workshop?.properties?.label?.enum).toEqual(labels);
    expect(workshop?.properties?.province).toMatchObject({ enum: [...PROVINCES], nullable: true });
    const update = op('put', '/api/workspaces/{id}').requestBody?.content['application/json']?.schema;
    expect(update?.properties?.label?.enum).toEqual(labels);
    const province = JSON.stringify(update?.properties?.province);
    for (const name of PROVINCES) expect(province).toContain(`"${name}"`);
    const shopWorkshop = op('get', '/api/shop/workspaces/{slug}').responses['200']?.content?.['application/json']
      ?.schema;
    expect(shopWorkshop?.properties?.label?.enum).toEqual(labels);
    expect(shopWorkshop?.properties?.province?.enum).toEqual([...PROVINCES]);
  });

  it('declares the file and the errors of every download', () => {
    const downloads: [string, string, string[]][] = [
      ['/api/files/label', 'application/pdf', ['400', '401', '403', '404']],
      ['/api/files/pickup-slip', 'application/pdf', ['400', '401', '403', '404']],
      ['/api/export/admins', XLS_MIME, ['401', '403']],
      ['/api/export/newsletter-subscriptions', XLS_MIME, ['401', '403']],
    ];
    for (const [path, mediaType, errors] of downloads) {
      const { responses } = op('get', path);
      expect(Object.keys(responses['200']?.content ?? {}), path).toEqual([mediaType]);
      expect(responses['200']?.content?.[mediaType]?.schema, path).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(errors));
      for (const status of errors) expect(Object.keys(responses[status]?.content ?? {})).toEqual(['application/json']);
    }
  });

  it('gives the items of GET /api/products every field of the API’s Product', () => {
    const resolve = (schema: Schema | undefined): Schema | undefined => {
      const ref = schema?.$ref;
      if (typeof ref !== 'string') return schema;
      const name = ref.split('/').pop() ?? '';
      return resolve((doc as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas[name]);
    };
    const page = resolve(op('get', '/api/products').responses['200']?.content?.['application/json']?.schema);
    const item = resolve(resolve(page?.properties?.items)?.items as Schema | undefined);
    // Product (subCategories are the customCategories).
    expect(Object.keys(item?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'tenantId',
        'productNumber',
        'name',
        'description',
        'extraInformation',
        'material',
        'isUniqueEdition',
        'categories',
        'customCategories',
        'price',
        'weight',
        'format',
        'quantity',
        'deliveryMethods',
        'images',
        'productImage',
        'authorName',
        'authorDescription',
        'authorImage',
        'isPublished',
        'isReserved',
        'isSold',
        'isAvailable',
        'viewCount',
        'creatorId',
        'creatorFullName',
      ]),
    );
  });

  it('documents the Idempotency-Key header on every retry-safe create, with its 409 and 422', () => {
    for (const path of [
      '/api/products',
      '/api/products/{id}/duplicate',
      '/api/identity/users',
      '/api/workspaces',
      '/api/shop/reservations',
    ]) {
      const post = op('post', path);
      const header = post.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header, path).toBeDefined();
      expect(header?.required ?? false, path).toBe(false);
      expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});
