import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer (API, images, the web app, 404s and errors alike).
 *
 * Helmet itself, not @fastify/helmet: the plugin builds a new helmet middleware (parsing the whole CSP again) on
 * every request, which cost about 4 % of a small authenticated read in `npm run bench`. Built once here, the headers
 * are the same.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
