import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The built-in provider (PAYMENT_PROVIDER=demo, the default). Its payments are the demo page's tokens, which the
 * reservations module makes itself as it always did (payment-links.ts); nothing leaves this server. A refund is only
 * recorded ("marked for refund": someone pays it back by hand), a route is recorded for the monthly SEPA file, and
 * every workshop counts as onboarded.
 */
export function createDemoProvider(): PaymentProvider {
  const nothingThere = async () => null;
  return {
    name: 'demo',
    movesMoney: false,
    createPayment: async () => {
      // The demo's link is a token the reservation keeps (docs/decisions/0037); it is never made through here.
      throw new Error('The demo provider makes its payment links in the reservations module');
    },
    getPayment: nothingThere,
    cancelPayment: async () => {},
    refund: async () => ({ id: `demo_re_${randomUUID()}` }),
    route: async () => ({ id: `demo_rt_${randomUUID()}` }),
    onboardingState: async () => 'completed',
    onboardingLink: async () => {
      throw new Error('The demo provider has no onboarding');
    },
  };
}
