import {
  API_BASE,
  ERROR_CODES,
  endpoints,
  formatEuro,
  MESSAGES,
  PRODUCT_NAME,
  type Reservation,
  reservationTotals,
} from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { jsonBodyParser } from '../../plugins/json-body.ts';
import * as shop from './shop-orders.service.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;background:#faf6f1;color:#2b2420;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e8ded3;border-radius:12px;padding:2rem}
h1{font-family:Georgia,serif;color:#70361e;margin-top:0}table{width:100%;border-collapse:collapse;margin:1rem 0}
td{padding:.35rem 0;border-bottom:1px solid #f3ece4}td.r{text-align:right}tr.t td{font-weight:700;border:0}
button{background:#8a4326;color:#fff;border:0;border-radius:8px;padding:.8rem 1.4rem;font-size:1rem;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #2b2420;outline-offset:2px}.muted{color:#524a43;font-size:.9rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
}

/** The shape of a payment token (`randomToken()`: base64url); anything else is not looked up. */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The page for a payment link that names no payment awaiting one: malformed, unknown, replaced or used. */
export function invalidPaymentLink(reply: FastifyReply) {
  return page(reply, 404, 'Betaallink ongeldig', `<p>${escapeHtml(MESSAGES.paymentInvalid)}</p>`);
}

/** Whether a request's URL is on the payment page, for refusals the router makes before any route is found. */
export const isPaymentPageUrl = (url: string) => url === '/betalen' || url.startsWith('/betalen/');

function summary(r: Reservation) {
  const rows = r.products
    .filter((p) => p.isAvailable)
    .map(
      (p) =>
        `<tr><td>${p.quantity} x ${escapeHtml(p.name)}</td><td class="r">${formatEuro(p.price * p.quantity)}</td></tr>`,
    );
  const totals = reservationTotals(r);
  rows.push(
    `<tr><td>${r.deliveryMethod.quantity} x ${escapeHtml(r.deliveryMethod.name)}</td><td class="r">${formatEuro(totals.delivery)}</td></tr>`,
  );
  rows.push(`<tr class="t"><td>Totaal</td><td class="r">${formatEuro(totals.total)}</td></tr>`);
  return `<table>${rows.join('')}</table>`;
}

/**
 * The shop side of reservations: ordering and returns (public, rate limited), the built-in demo payment page at
 * /betalen/{token}, and the signed webhook of a real payment provider.
 */
export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const limited = { config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 } } };
  route(
    app,
    endpoints.placeShopReservation,
    async (req, reply) => reply.status(201).send(await shop.placeReservation(ctx, req.body)),
    { ...limited, prefix: API_BASE },
  );

  route(
    app,
    endpoints.requestShopReturn,
    async (req, reply) => {
      await shop.startReturn(ctx, req.params.id);
      return reply.status(204).send(null);
    },
    { ...limited, prefix: API_BASE },
  );

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
        const raw = (req as { rawBody?: string }).rawBody ?? '';
        const signature = req.headers['x-signature'];
        if (
          !shop.validSignature(
            ctx.config.paymentWebhookSecret,
            raw,
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          throw new AppError(ERROR_CODES.notLoggedIn, MESSAGES.webhookSignatureInvalid);
        }
        await shop.paymentWebhook(ctx, req.body.reservationId, req.body.status);
        return reply.status(204).send(null);
      },
      { prefix: API_BASE },
    );
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

    const showPage = async (token: string, reply: FastifyReply) => {
      const reservation = PAYMENT_TOKEN.test(token) ? await shop.reservationForToken(ctx, token) : null;
      if (!reservation) return invalidPaymentLink(reply);
      return page(
        reply,
        200,
        `Betalen: ${reservation.orderNumber}`,
        `<p>Je reservering bij <strong>${escapeHtml(reservation.workspaceName)}</strong>.</p>${summary(reservation)}
<form method="post" action="/betalen/${escapeHtml(token)}"><button type="submit">Betaal ${formatEuro(reservationTotals(reservation).total)}</button></form>
<p class="muted">Dit is de ingebouwde demo-betaalpagina: de knop markeert de reservering als betaald.</p>`,
      );
    };
    const pay = async (token: string, reply: FastifyReply) => {
      if (!PAYMENT_TOKEN.test(token)) return invalidPaymentLink(reply);
      try {
        const paid = await shop.payWithToken(ctx, token);
        return page(
          reply,
          200,
          'Dank je wel!',
          `<p>Je betaling voor reservering <strong>${escapeHtml(paid.orderNumber)}</strong> is ontvangen. Je krijgt een bevestiging per e-mail.</p>`,
        );
      } catch (error) {
        if (error instanceof AppError)
          return page(reply, 409, 'Betaling niet gelukt', `<p>${escapeHtml(error.message)}</p>`);
        throw error;
      }
    };
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
