import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer (API, images, the web app, 404s and errors alike).
 *
 * Helmet itself, not @fastify/helmet: the plugin builds a new helmet middleware (parsing the whole CSP again) on
 * every request, which cost about 4 % of a small authenticated read in `npm run bench`. Built once here, the headers
 * are the same.
 *
 * The CSP's `upgrade-insecure-requests` only when the request came over HTTPS (directly, or per X-Forwarded-Proto from
 * a trusted proxy): over plain HTTP it makes the browser fetch every script from https://… of the same host, where
 * nothing listens, and the app opened at a LAN address stays white.
 */
/**
 * What the page may use of the device: the camera for scanning a pick-up code on this origin only,
 * nothing else a back-office needs.
 */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()';

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const overHttps = helmet(options);
  const csp = options.contentSecurityPolicy;
  const overHttp = helmet({
    ...options,
    ...(csp && typeof csp === 'object'
      ? { contentSecurityPolicy: { ...csp, directives: { ...csp.directives, upgradeInsecureRequests: null } } }
      : {}),
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    const apply = request.protocol === 'https' ? overHttps : overHttp;
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/**
 * Every API answer that says nothing about caching gets `Cache-Control: no-store`: what the API returns is a
 * user's data, a token or an error about them, and no browser or proxy may keep it. The routes that may be kept say
 * so themselves: the lists with their ETag (`private, no-cache`, docs/decisions/0011) and the shop's `public` ones.
 */
export function registerApiCacheControl(app: FastifyInstance, apiBase: string) {
  const prefix = `${apiBase}/`;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && (request.url.startsWith(prefix) || request.url === apiBase))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
