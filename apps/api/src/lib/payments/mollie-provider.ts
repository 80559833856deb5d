// Named, not default: under Node's own ESM loader the package (CommonJS) has no default export of the function.
import { createMollieClient, Locale, MollieApiError, PaymentMethod } from '@mollie/api-client';
import {
  amountString,
  centsOf,
  isProviderPaymentStatus,
  type OnboardingState,
  type PaymentProvider,
} from './payment-provider.ts';

export type MollieOptions = {
  apiKey: string;
  /** MOLLIE_API_ENDPOINT; null = Mollie's own. */
  apiEndpoint: string | null;
  /** The platform's OAuth app id (MOLLIE_CLIENT_ID), for the onboarding link's OAuth parameters. */
  clientId: string | null;
};

/**
 * Offered in this order on Mollie's checkout: iDEAL (iDEAL | Wero) first, as Dutch customers expect, then cards and
 * Bancontact for customers from elsewhere. Mollie shows only methods the profile has enabled.
 */
const METHODS = [PaymentMethod.ideal, PaymentMethod.creditcard, PaymentMethod.bancontact];
const ONBOARDING: readonly OnboardingState[] = ['needs-data', 'in-review', 'completed'];

/** The scopes a connected workshop grants: enough to read its onboarding; routes need none of its own. */
const OAUTH_SCOPE = 'organizations.read onboarding.read';

const isNotFound = (err: unknown) => err instanceof MollieApiError && err.statusCode === 404;

/** PAYMENT_PROVIDER=mollie: the official client, pointed at MOLLIE_API_ENDPOINT when set (docs/payments.md). */
export function createMollieProvider(options: MollieOptions): PaymentProvider {
  const client = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
  });
  const amount = (cents: number) => ({ currency: 'EUR', value: amountString(cents) });
  return {
    name: 'mollie',
    movesMoney: true,
    async createPayment(input) {
      const payment = await client.payments.create({
        amount: amount(input.amountCents),
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        method: METHODS,
        locale: Locale.nl_NL,
        metadata: { reservationId: input.reservationId, orderNumber: input.orderNumber },
        idempotencyKey: input.idempotencyKey,
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie gave payment ${payment.id} no checkout link`);
      return { id: payment.id, checkoutUrl };
    },
    async getPayment(id) {
      try {
        const payment = await client.payments.get(id);
        const status = payment.status;
        if (!isProviderPaymentStatus(status)) throw new Error(`Unknown Mollie payment status ${payment.status}`);
        const metadata = payment.metadata as { reservationId?: unknown } | null;
        return {
          id: payment.id,
          status,
          amountCents: centsOf(payment.amount.value),
          currency: payment.amount.currency,
          checkoutUrl: payment.getCheckoutUrl(),
          reservationId: typeof metadata?.reservationId === 'string' ? metadata.reservationId : null,
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async cancelPayment(id) {
      try {
        const payment = await client.payments.get(id);
        if (payment.isCancelable) await client.payments.cancel(id);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    async refund(input) {
      const refund = await client.paymentRefunds.create({
        paymentId: input.paymentId,
        amount: amount(input.amountCents),
        description: input.description,
        ...(input.reversal
          ? {
              routingReversals: [
                {
                  amount: amount(input.reversal.amountCents),
                  source: { type: 'organization' as const, organizationId: input.reversal.organizationId },
                },
              ],
            }
          : {}),
        idempotencyKey: input.idempotencyKey,
      });
      return { id: refund.id };
    },
    async route(input) {
      const route = await client.paymentRoutes.create({
        paymentId: input.paymentId,
        amount: amount(input.amountCents),
        description: input.description,
        destination: { type: 'organization', organizationId: input.organizationId },
        idempotencyKey: input.idempotencyKey,
      });
      return { id: route.id };
    },
    async onboardingState(organizationId) {
      try {
        const found = await client.clients.get(organizationId, { embed: ['onboarding' as never] });
        const status = found._embedded?.onboarding?.status as string | undefined;
        return ONBOARDING.find((s) => s === status) ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async onboardingLink(input) {
      // The service checks MOLLIE_CLIENT_ID first and says so in Dutch; without it Mollie's link cannot be used.
      if (!options.clientId) throw new Error('MOLLIE_CLIENT_ID is not set');
      const link = await client.clientLinks.create({
        owner: { email: input.ownerEmail, givenName: input.givenName, familyName: input.familyName },
        name: input.workshopName,
        address: { country: 'NL' },
        idempotencyKey: `client-link-${input.state}`,
      });
      return link.getClientLink({
        clientId: options.clientId,
        state: input.state,
        scope: OAUTH_SCOPE,
        approvalPrompt: 'force',
      });
    },
  };
}
