import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createMollieClient, MollieApiError } from '@mollie/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MollieStandin, STANDIN_API_KEY, startMollieStandin } from './mollie-standin.ts';

let standin: MollieStandin;
beforeAll(async () => {
  standin = await startMollieStandin();
});
afterAll(() => standin.close());

const clientFor = () => createMollieClient({ apiKey: STANDIN_API_KEY, apiEndpoint: standin.endpoint });

describe('the Mollie stand-in', () => {
  it("keeps Mollie's OpenAPI document unchanged (the hash in README.md)", () => {
    const hash = createHash('sha256')
      .update(readFileSync(new URL('./mollie-openapi.yaml', import.meta.url)))
      .digest('hex');
    expect(readFileSync(new URL('./README.md', import.meta.url), 'utf8')).toContain(hash);
  });

  it('serves the official client: a payment is created, read, paid, refunded and routed', async () => {
    const mollie = clientFor();
    const payment = await mollie.payments.create({
      amount: { currency: 'EUR', value: '24.50' },
      description: 'Bestelling 1',
      redirectUrl: 'https://ateliermarkt.example/betaald',
    });
    expect(payment.getCheckoutUrl()).toMatch(/\/checkout\/tr_/);
    standin.setStatus(payment.id, 'paid');
    expect((await mollie.payments.get(payment.id)).status).toBe('paid');
    standin.connect('org_123');
    const route = await mollie.paymentRoutes.create({
      paymentId: payment.id,
      amount: { currency: 'EUR', value: '10.00' },
      description: 'Netto',
      destination: { type: 'organization', organizationId: 'org_123' },
    });
    expect(route.destination.organizationId).toBe('org_123');
    await mollie.paymentRefunds.create({ paymentId: payment.id, amount: { currency: 'EUR', value: '24.50' } });
    expect(standin.violations).toEqual([]);
  });

  it("rejects a request that does not match Mollie's OpenAPI document, and records it", async () => {
    const mollie = clientFor();
    const refused = await mollie.payments
      .create({
        amount: { currency: 'EUR', value: 24.5 as unknown as string },
        redirectUrl: 'https://x.example/',
      } as never)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(MollieApiError);
    expect((refused as MollieApiError).statusCode).toBe(422);
    const violation = standin.violations.at(-1) ?? '';
    expect(violation.startsWith('POST /v2/payments: body: ')).toBe(true);
    expect(violation).toContain('amount/value must be string');
    expect(violation).toContain("'description'");
    standin.violations.length = 0;
  });

  it('answers an unknown payment 404, as Mollie does', async () => {
    const mollie = clientFor();
    const missing = await mollie.payments.get('tr_doesnotexist').catch((err: unknown) => err);
    expect((missing as MollieApiError).statusCode).toBe(404);
    expect(standin.violations).toEqual([]);
  });
});
