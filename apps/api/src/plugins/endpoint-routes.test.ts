import { API_BASE, type Endpoint, endpoint, endpoints, errorEnvelopeSchema } from '@ateliermarkt/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTokenSigner, registerAuth, type SessionCheck } from './auth.ts';
import { refuseRoutesOutsideTable, registerEndpoint } from './endpoint-routes.ts';
import { registerErrorHandler } from './error-handler.ts';

type Document = { paths: Record<string, Record<string, { operationId?: string }>> };

/** The routes of the API are the contract's endpoint table, no more and no less (docs/decisions/0023). */
describe('the endpoint table', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_DATA: '0' });
    doc = (await t.call<Document>('GET', '/api/docs/json')).body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is what the server registers: every entry at its method and path, and no documented route beside it', () => {
    const registered = Object.entries(doc.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
      )
      .sort();
    const table = (Object.values(endpoints) as Endpoint[])
      .map((e) => `${e.method} ${API_BASE}${e.path.replace(/:(\w+)/g, '{$1}')} ${e.operationId}`)
      .sort();
    expect(registered).toEqual(table);
  });

  it('names each entry by its operationId', () => {
    for (const [name, entry] of Object.entries(endpoints)) expect(entry.operationId, name).toBe(name);
  });
});

describe('registering from the table', () => {
  const signer = createTokenSigner('a-test-secret-of-enough-length-0123456789', 15);
  const sessions: SessionCheck = { isCurrent: async () => true };
  const entry = endpoint({
    method: 'POST',
    path: '/things/:id',
    operationId: 'saveThing',
    summary: 'Een ding opslaan',
    tags: ['test'],
    access: ['superAdmin'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ name: z.string() }),
    response: { 200: z.object({ id: z.string(), name: z.string() }) },
    errors: [400, 401, 403],
  });

  function bareApp() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerAuth(app, signer, sessions);
    refuseRoutesOutsideTable(app);
    return app;
  }

  it('refuses at start a documented route written beside the table', () => {
    const app = bareApp();
    expect(() =>
      app.get('/x', { schema: { operationId: 'handWritten', summary: 'Met de hand' } }, async () => ({})),
    ).toThrow('GET /x: register handWritten from the endpoint table');
    // Routes outside the document (the image files, the payment page) are not operations of the table.
    expect(() => app.get('/y', { schema: { hide: true } }, async () => ({}))).not.toThrow();
  });

  it("guards the route by the entry's access before the body is read, and adds its error answers", async () => {
    const app = bareApp();
    let schema: Record<string, unknown> | undefined;
    app.addHook('onRoute', (route) => {
      schema = route.schema as Record<string, unknown>;
    });
    registerEndpoint(app, entry, (req) => ({ id: req.params.id, name: req.body.name }));
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: `/things/${crypto.randomUUID()}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(401);
    expect(schema?.operationId).toBe('saveThing');
    expect(schema?.response).toEqual({
      200: entry.response[200],
      400: errorEnvelopeSchema,
      401: errorEnvelopeSchema,
      403: errorEnvelopeSchema,
    });
    await app.close();
  });
});
