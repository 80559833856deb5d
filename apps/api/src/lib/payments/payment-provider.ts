/**
 * The payment-provider boundary (docs/payments.md, docs/decisions/0043): everything the server asks of
 * whoever holds the customers' money. `demo` is the built-in page (no account anywhere, today's behaviour); `mollie`
 * talks to Mollie through its official client. Amounts are integer cents on this side of the boundary.
 */
import { PAYMENT_STATUSES } from '@ateliermarkt/contract';

/**
 * A payment as the provider reports it: the server moves a reservation only on this, never on a webhook's body. The
 * contract's payment statuses but `creating`, which is ours alone (the provider does not have the payment yet).
 */
export type ProviderPaymentStatus = Exclude<(typeof PAYMENT_STATUSES)[number], 'creating'>;

export const isProviderPaymentStatus = (status: string): status is ProviderPaymentStatus =>
  status !== 'creating' && (PAYMENT_STATUSES as readonly string[]).includes(status);

export type ProviderPayment = {
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  currency: string;
  /** Where the customer pays; null once the payment can no longer be paid. */
  checkoutUrl: string | null;
  /** Our reservation, from the payment's metadata. */
  reservationId: string | null;
};

export type CreatePaymentInput = {
  reservationId: string;
  orderNumber: string;
  amountCents: number;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  /** The same key for a retried creation: the provider then answers the first payment instead of a second. */
  idempotencyKey: string;
};

export type RefundInput = {
  paymentId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
  /** Pull this much back from the workshop's organisation, to which it was routed (Mollie Connect). */
  reversal?: { amountCents: number; organizationId: string };
};

export type RouteInput = {
  paymentId: string;
  amountCents: number;
  organizationId: string;
  description: string;
  idempotencyKey: string;
};

/** Mollie's onboarding states of a connected organisation (Clients API, embed=onboarding). */
export type OnboardingState = 'needs-data' | 'in-review' | 'completed';

export type OnboardingLinkInput = {
  workshopName: string;
  ownerEmail: string;
  givenName: string;
  familyName: string;
  /** Our reference for the round trip (the tenant's id), returned as OAuth `state`. */
  state: string;
};

export type PaymentProvider = {
  readonly name: 'demo' | 'mollie';
  /** Whether money really moves: with `demo` a refund is only marked, a route only recorded for the SEPA file. */
  readonly movesMoney: boolean;
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }>;
  /** Null when the provider knows no such payment (a forged webhook id). */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** Cancels an open payment that a newer one replaces; a payment that can no longer be cancelled is left alone. */
  cancelPayment(id: string): Promise<void>;
  refund(input: RefundInput): Promise<{ id: string }>;
  route(input: RouteInput): Promise<{ id: string }>;
  /** Null when the organisation is unknown to the provider. */
  onboardingState(organizationId: string): Promise<OnboardingState | null>;
  onboardingLink(input: OnboardingLinkInput): Promise<string>;
};

/** Cents as Mollie's amount string: 1234 → "12.34" (always two decimals, a dot). */
export function amountString(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Mollie's amount string back to cents, exactly (no floating point): "12.34" → 1234. */
export function centsOf(value: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not an amount string: ${value}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
