import { API_BASE, CUSTOMER_TOKEN, endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import {
  customerReservationPage,
  invalidCustomerLinkPage,
  nothingToPayPage,
  withdrawRefusedPage,
} from '../../templates/pages/customer-reservation-page.ts';
import type { HtmlPage } from '../../templates/pages/payment-page.ts';
import { customerPaymentLink, customerReservation, withdraw } from '../reservations/index.ts';

function sendPage(reply: FastifyReply, page: HtmlPage) {
  return reply.status(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page.html);
}

/**
 * The customer's own reservation: the shop API's read and withdrawal (CORS for SHOP_ORIGINS, rate
 * limited) and the server-rendered page at /reservering/{token} with its withdrawal form.
 */
export async function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  const limited = {
    config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 } },
    prefix: API_BASE,
  };
  route(
    app,
    endpoints.getShopCustomerReservation,
    (req) => customerReservation(ctx, req.params.token, ctx.now()),
    limited,
  );
  route(app, endpoints.withdrawShopReservation, (req) => withdraw(ctx, req.params.token, req.body, ctx.now()), limited);

  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scoped.setErrorHandler((error: { statusCode?: number }, _req, reply) => {
      if (error instanceof AppError && error.code === 'Conflict')
        return sendPage(reply, withdrawRefusedPage(error.message));
      if (error instanceof AppError || (error.statusCode && error.statusCode < 500))
        return sendPage(reply, invalidCustomerLinkPage());
      throw error;
    });
    const tokenOf = (params: unknown) => {
      const token = (params as { token?: string }).token ?? '';
      return CUSTOMER_TOKEN.test(token) ? token : null;
    };
    const rateLimit = limited.config.rateLimit;
    scoped.get('/reservering/:token', { schema: { hide: true }, config: { rateLimit } }, async (req, reply) => {
      const token = tokenOf(req.params);
      if (!token) return sendPage(reply, invalidCustomerLinkPage());
      return sendPage(reply, customerReservationPage(await customerReservation(ctx, token, ctx.now()), token));
    });
    // The pay button: to the live payment link (303, so the browser follows with a GET).
    scoped.post(
      '/reservering/:token/betalen',
      { schema: { hide: true }, config: { rateLimit } },
      async (req, reply) => {
        const token = tokenOf(req.params);
        if (!token) return sendPage(reply, invalidCustomerLinkPage());
        const link = await customerPaymentLink(ctx, token);
        if (!link) return sendPage(reply, nothingToPayPage());
        return reply.header('Cache-Control', 'no-store').redirect(link, 303);
      },
    );
    scoped.post('/reservering/:token', { schema: { hide: true }, config: { rateLimit } }, async (req, reply) => {
      const token = tokenOf(req.params);
      if (!token) return sendPage(reply, invalidCustomerLinkPage());
      const reason =
        typeof (req.body as { reason?: unknown })?.reason === 'string'
          ? (req.body as { reason: string }).reason.slice(0, 500)
          : undefined;
      const view = await withdraw(ctx, token, { reason }, ctx.now());
      return sendPage(
        reply,
        customerReservationPage(view, token, 'Je herroeping is ontvangen. Je krijgt een bevestiging per e-mail.'),
      );
    });
  });
}
