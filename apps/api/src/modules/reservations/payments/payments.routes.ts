import { API_BASE, endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { registerEndpoint as route } from '../../../plugins/endpoint-routes.ts';
import { jsonBodyParser } from '../../../plugins/json-body.ts';
import { type HtmlPage, invalidPaymentLinkPage, thankYouPage } from '../../../templates/pages/payment-page.ts';
import { mollieWebhook } from './mollie-webhook.service.ts';
import * as paymentPage from './payment-page.service.ts';
import { signedPaymentWebhook } from './payment-webhook.service.ts';

/** Sends one of the payment page's answers (templates/pages/payment-page.ts): never cached, it shows a payment. */
function sendPage(reply: FastifyReply, page: HtmlPage) {
  return reply.status(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page.html);
}

/** The page for a payment link that names no payment awaiting one: malformed, unknown, replaced or used. */
export function invalidPaymentLink(reply: FastifyReply) {
  return sendPage(reply, invalidPaymentLinkPage());
}

/** Whether a request's URL is on the payment page, for refusals the router makes before any route is found. */
export const isPaymentPageUrl = (url: string) => url === '/betalen' || url.startsWith('/betalen/');

/**
 * The payment side of reservations: the built-in demo payment page at /betalen/{token}, the signed webhook of a
 * payment provider and Mollie's webhook (the shop's ordering and returns are modules/shop/shop-orders.routes.ts).
 */
export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  // Mollie calls once per change of a payment, from a few addresses: generous, but a flood is still refused.
  const limitedWebhook = { config: { rateLimit: { max: ctx.config.rateLimitPerMinute * 30, timeWindow: 60_000 } } };

  // The webhook reads its body itself: the raw JSON for the signature.
  await app.register(async (scoped) => {
    const parseJson = jsonBodyParser(scoped);
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as { rawBody?: string }).rawBody = String(body);
      parseJson(req, body, done);
    });

    route(
      scoped,
      endpoints.paymentWebhook,
      async (req, reply) => {
        const signature = req.headers['x-signature'];
        const raw = (req as { rawBody?: string }).rawBody ?? '';
        await signedPaymentWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined, req.body);
        return reply.status(204).send(null);
      },
      { prefix: API_BASE },
    );
  });

  // Mollie's webhook: a form post with only `id` (mollie-webhook.service.ts reads the payment from Mollie itself).
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(
      scoped,
      endpoints.mollieWebhook,
      async (req, reply) => {
        await mollieWebhook(ctx, req.body.id);
        return reply.status(200).send(null);
      },
      { ...limitedWebhook, prefix: API_BASE },
    );
  });

  // Where Mollie's checkout sends the customer back: a Dutch thank-you page that says nothing about the payment.
  app.get('/betaald', { schema: { hide: true } }, (req, reply) => {
    const order = (req.query as { bestelling?: unknown }).bestelling;
    return sendPage(reply, thankYouPage(typeof order === 'string' ? order.slice(0, 40) : ''));
  });

  // The demo payment page, with its plain form post: HTML for people, so every refusal is the Dutch page, never the API's JSON.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    // A refusal before the handler (a NUL in the path, a body that cannot be read) names no payment either; a
    // server fault goes on to the app's error handler.
    scoped.setErrorHandler((error: { statusCode?: number }, _req, reply) => {
      if (error instanceof AppError || (error.statusCode && error.statusCode < 500)) return invalidPaymentLink(reply);
      throw error;
    });

    const showPage = async (token: string, reply: FastifyReply) =>
      sendPage(reply, await paymentPage.showPaymentPage(ctx, token));
    const pay = async (token: string, reply: FastifyReply) =>
      sendPage(reply, await paymentPage.payFromPage(ctx, token));
    // `:token` is the link of the mail; `*` catches what has slashes in it, or nothing after the slash.
    const tokenOf = (params: unknown) => {
      const p = params as { token?: string; '*'?: string };
      return p.token ?? p['*'] ?? '';
    };
    for (const url of ['/betalen/:token', '/betalen/*']) {
      scoped.get(url, { schema: { hide: true } }, (req, reply) => showPage(tokenOf(req.params), reply));
      scoped.post(url, { schema: { hide: true } }, (req, reply) => pay(tokenOf(req.params), reply));
    }
  });
}
