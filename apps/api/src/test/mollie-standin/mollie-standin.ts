import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createOpenApiValidator, type MollieRequest } from './openapi-validator.ts';

/**
 * A small stateful stand-in of Mollie's API: only the calls the server makes — payments (create, get,
 * cancel), refunds, delayed routes, clients with their onboarding, client links. Every request is first checked
 * against Mollie's own OpenAPI document (openapi-validator.ts); a request that does not match is answered 422 as
 * Mollie answers and kept in `violations`, which a test expects to stay empty. Answers follow the document's examples.
 * HTTPS with a test-only self-signed certificate (standin-cert.pem): the official client only speaks HTTPS (it always
 * sends an https.Agent) and trusts only the CA bundle it ships, with no option to add one. So while a stand-in runs,
 * this test process does not verify TLS certificates (NODE_TLS_REJECT_UNAUTHORIZED=0, restored on close); the
 * stand-in listens on 127.0.0.1 only. The server's own code is unchanged: it verifies as always in production.
 */

const CERT = readFileSync(new URL('./standin-cert.pem', import.meta.url), 'utf8');
const KEY = readFileSync(new URL('./standin-key.pem', import.meta.url), 'utf8');
export const STANDIN_API_KEY = 'test_standinstandinstandinstandin12';

type Amount = { currency: string; value: string };
type Status = 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
export type StandinPayment = {
  id: string;
  amount: Amount;
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  metadata: unknown;
  method: unknown;
  status: Status;
  createdAt: string;
  refunds: StandinRefund[];
  routes: StandinRoute[];
};
export type StandinRefund = { id: string; paymentId: string; amount: Amount; description: string; createdAt: string };
export type StandinRoute = {
  id: string;
  paymentId: string;
  amount: Amount;
  description: string;
  destination: { type: 'organization'; organizationId: string };
  createdAt: string;
};
export type Onboarding = 'needs-data' | 'in-review' | 'completed';

const validator = createOpenApiValidator();
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('base64url').replace(/[-_]/g, 'x')}`;
const cents = (value: string) => Math.round(Number(value) * 100);
const link = (href: string, type = 'application/hal+json') => ({ href, type });

export async function startMollieStandin() {
  const payments = new Map<string, StandinPayment>();
  const clients = new Map<string, Onboarding>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const violations: string[] = [];
  const requests: (MollieRequest & { status: number })[] = [];
  let down = false;
  let base = '';

  const paymentBody = (p: StandinPayment) => ({
    resource: 'payment',
    id: p.id,
    mode: 'test',
    amount: p.amount,
    amountRefunded: { currency: 'EUR', value: money(p.refunds.reduce((sum, r) => sum + cents(r.amount.value), 0)) },
    description: p.description,
    sequenceType: 'oneoff',
    redirectUrl: p.redirectUrl,
    webhookUrl: p.webhookUrl,
    metadata: p.metadata,
    profileId: 'pfl_standin',
    status: p.status,
    isCancelable: p.status === 'open',
    createdAt: p.createdAt,
    ...(p.status === 'paid' ? { paidAt: p.createdAt } : {}),
    _links: {
      self: link(`${base}/v2/payments/${p.id}`),
      ...(p.status === 'open' ? { checkout: link(`${base}/checkout/${p.id}`, 'text/html') } : {}),
      dashboard: link(`https://www.mollie.com/dashboard/org_standin/payments/${p.id}`, 'text/html'),
      documentation: link('https://docs.mollie.com/reference/get-payment', 'text/html'),
    },
  });

  const error = (status: number, title: string, detail: string, field?: string) => ({
    status,
    body: {
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: link('https://docs.mollie.com/overview/handling-errors', 'text/html') },
    },
  });
  const notFound = (what: string) => error(404, 'Not Found', `No ${what} exists with this token.`);

  function handle(req: MollieRequest): { status: number; body: unknown } {
    const found = validator.match(req.path);
    const key = `${req.method} ${found?.template}`;
    const params = found?.params ?? {};
    const body = (req.body ?? {}) as Record<string, unknown>;
    const now = new Date().toISOString();
    switch (key) {
      case 'POST /v2/payments': {
        const p: StandinPayment = {
          id: id('tr'),
          amount: body.amount as Amount,
          description: String(body.description),
          redirectUrl: String(body.redirectUrl),
          webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
          metadata: body.metadata ?? null,
          method: body.method ?? null,
          status: 'open',
          createdAt: now,
          refunds: [],
          routes: [],
        };
        payments.set(p.id, p);
        return { status: 201, body: paymentBody(p) };
      }
      case 'GET /v2/payments/{paymentId}': {
        const p = payments.get(params.paymentId ?? '');
        return p ? { status: 200, body: paymentBody(p) } : notFound('payment');
      }
      case 'DELETE /v2/payments/{paymentId}': {
        const p = payments.get(params.paymentId ?? '');
        if (!p) return notFound('payment');
        if (p.status !== 'open') return error(422, 'Unprocessable Entity', 'The payment cannot be canceled.');
        p.status = 'canceled';
        return { status: 200, body: paymentBody(p) };
      }
      case 'POST /v2/payments/{paymentId}/refunds': {
        const p = payments.get(params.paymentId ?? '');
        if (!p) return notFound('payment');
        const amount = body.amount as Amount;
        const refunded = p.refunds.reduce((sum, r) => sum + cents(r.amount.value), 0);
        if (p.status !== 'paid') return error(422, 'Unprocessable Entity', 'The payment is not refundable.');
        if (refunded + cents(amount.value) > cents(p.amount.value))
          return error(422, 'Unprocessable Entity', 'The amount is higher than the refundable amount.', 'amount');
        const refund = {
          id: id('re'),
          paymentId: p.id,
          amount,
          description: String(body.description ?? ''),
          createdAt: now,
        };
        p.refunds.push(refund);
        return {
          status: 201,
          body: {
            resource: 'refund',
            ...refund,
            status: 'pending',
            _links: {
              self: link(`${base}/v2/payments/${p.id}/refunds/${refund.id}`),
              payment: link(`${base}/v2/payments/${p.id}`),
            },
          },
        };
      }
      case 'POST /v2/payments/{paymentId}/routes': {
        const p = payments.get(params.paymentId ?? '');
        if (!p) return notFound('payment');
        const destination = body.destination as StandinRoute['destination'];
        if (p.status !== 'paid') return error(422, 'Unprocessable Entity', 'The payment is not paid.');
        if (!clients.has(destination.organizationId))
          return error(422, 'Unprocessable Entity', 'The destination organization is not connected.', 'destination');
        const routed = p.routes.reduce((sum, r) => sum + cents(r.amount.value), 0);
        if (routed + cents((body.amount as Amount).value) > cents(p.amount.value))
          return error(422, 'Unprocessable Entity', 'The amount is higher than the routable amount.', 'amount');
        const route: StandinRoute = {
          id: id('crt'),
          paymentId: p.id,
          amount: body.amount as Amount,
          description: String(body.description),
          destination,
          createdAt: now,
        };
        p.routes.push(route);
        return {
          status: 201,
          body: {
            resource: 'route',
            ...route,
            _links: {
              self: link(`${base}/v2/payments/${p.id}/routes/${route.id}`),
              payment: link(`${base}/v2/payments/${p.id}`),
            },
          },
        };
      }
      case 'GET /v2/clients/{organizationId}': {
        const organizationId = params.organizationId ?? '';
        const onboarding = clients.get(organizationId);
        if (!onboarding) return notFound('client');
        return {
          status: 200,
          body: {
            resource: 'client',
            id: organizationId,
            organizationCreatedAt: now,
            _embedded: {
              onboarding: {
                resource: 'onboarding',
                name: organizationId,
                status: onboarding,
                canReceivePayments: onboarding !== 'needs-data',
                canReceiveSettlements: onboarding === 'completed',
                _links: { self: link(`${base}/v2/onboarding/${organizationId}`) },
              },
            },
            _links: {
              self: link(`${base}/v2/clients/${organizationId}`),
              organization: link(`${base}/v2/organizations/${organizationId}`),
              onboarding: link(`${base}/v2/onboarding/${organizationId}`),
              documentation: link('https://docs.mollie.com/reference/get-client', 'text/html'),
            },
          },
        };
      }
      case 'POST /v2/client-links': {
        const linkId = id('cl');
        return {
          status: 201,
          body: {
            resource: 'client-link',
            id: linkId,
            _links: {
              clientLink: link(`https://my.mollie.com/dashboard/client-link/${linkId}`, 'text/html'),
              documentation: link('https://docs.mollie.com/reference/create-client-link', 'text/html'),
            },
          },
        };
      }
      // Open set: any method and path a client may send; what the stand-in does not serve is Mollie's 404.
      default:
        return error(404, 'Not Found', `The stand-in does not serve ${req.method} ${req.path}`);
    }
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    if (down) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'https://standin');
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const req: MollieRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
    };
    let answer: { status: number; body: unknown };
    if (request.headers.authorization !== `Bearer ${STANDIN_API_KEY}`) {
      answer = error(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    } else {
      const problems = validator.problems(req);
      const key = request.headers['idempotency-key'];
      const remembered = typeof key === 'string' ? idempotent.get(`${req.method} ${req.path} ${key}`) : undefined;
      if (problems.length > 0) {
        violations.push(`${req.method} ${req.path}: ${problems.join('; ')}`);
        answer = error(422, 'Unprocessable Entity', problems.join('; '));
      } else if (remembered) {
        answer = remembered;
      } else {
        answer = handle(req);
        if (typeof key === 'string' && answer.status < 300) idempotent.set(`${req.method} ${req.path} ${key}`, answer);
      }
    }
    requests.push({ ...req, status: answer.status });
    response.writeHead(answer.status, { 'content-type': 'application/hal+json' });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer({ key: KEY, cert: CERT }, (request, response) => {
    serve(request, response).catch((err) => {
      violations.push(`stand-in fault: ${String(err)}`);
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const verifying = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** MOLLIE_API_ENDPOINT for the app. */
    endpoint: `${base}/v2/`,
    env: { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: STANDIN_API_KEY, MOLLIE_API_ENDPOINT: `${base}/v2/` },
    payments,
    requests,
    violations,
    /** What the customer does on Mollie's checkout, or what Mollie decides: the payment's new status. */
    setStatus(paymentId: string, status: Status) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`stand-in: no payment ${paymentId}`);
      p.status = status;
    },
    /** A workshop's organisation as connected to the platform, with its onboarding state. */
    connect(organizationId: string, onboarding: Onboarding = 'completed') {
      clients.set(organizationId, onboarding);
    },
    /** Unreachable: every connection is dropped until `setDown(false)`. */
    setDown(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (verifying === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
        else process.env.NODE_TLS_REJECT_UNAUTHORIZED = verifying;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type MollieStandin = Awaited<ReturnType<typeof startMollieStandin>>;

function money(c: number) {
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}
