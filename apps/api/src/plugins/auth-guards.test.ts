import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, registerAuth, requireAuth, requireRole, type SessionCheck } from './auth.ts';
import { registerErrorHandler } from './error-handler.ts';

/** One way to guard a route: the guard is its onRequest hook, so it runs before the body is read. */
describe('route guards', () => {
  const signer = createTokenSigner('a-test-secret-of-enough-length-0123456789', 15);
  const sessions: SessionCheck = { isCurrent: async () => true };

  it.each(['preParsing', 'preValidation', 'preHandler'] as const)(
    'refuses a guard given as %s at start',
    async (hook) => {
      const app = Fastify();
      registerAuth(app, signer, sessions);
      expect(() => app.post('/x', { [hook]: requireRole('superAdmin') }, async () => ({ ok: true }))).toThrow(
        `POST /x: a guard belongs in onRequest, not in ${hook}`,
      );
    },
  );

  it('refuses a guard hidden in a list of hooks', async () => {
    const app = Fastify();
    registerAuth(app, signer, sessions);
    expect(() => app.post('/x', { preHandler: [async () => {}, requireAuth] }, async () => ({ ok: true }))).toThrow(
      'a guard belongs in onRequest',
    );
  });

  it('answers 401 before the body is parsed when the guard is the onRequest hook', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerAuth(app, signer, sessions);
    app.post('/x', { onRequest: requireAuth, preHandler: [async () => {}] }, async () => ({ ok: true }));
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(401);
    await app.close();
  });
});
