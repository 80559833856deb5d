import { assertNever } from '@ateliermarkt/contract';
import type { Config } from '../../config.ts';
import { createDemoProvider } from './demo-provider.ts';
import { createMollieProvider } from './mollie-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';

export * from './payment-provider.ts';

/** The provider PAYMENT_PROVIDER names. Without a key (development only: production refuses) Mollie answers 401. */
export function createPaymentProvider(
  config: Pick<Config, 'paymentProvider' | 'mollieApiKey' | 'mollieApiEndpoint' | 'mollieClientId'>,
): PaymentProvider {
  switch (config.paymentProvider) {
    case 'demo':
      return createDemoProvider();
    case 'mollie':
      return createMollieProvider({
        apiKey: config.mollieApiKey ?? 'test_missing',
        apiEndpoint: config.mollieApiEndpoint,
        clientId: config.mollieClientId,
      });
    default:
      return assertNever(config.paymentProvider, 'payment provider');
  }
}
