import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** Money through a payment provider (docs/payments.md). Amounts in integer cents, as the payouts'. */

export const PAYMENT_PROVIDERS = ['demo', 'mollie'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYOUT_MODES = ['sepa', 'mollie-routing'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

export const ONBOARDING_STATES = ['needs-data', 'in-review', 'completed'] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];
export const ONBOARDING_STATE_TEXT: Record<OnboardingState, string> = {
  'needs-data': 'Mollie wacht op gegevens van het atelier',
  'in-review': 'Mollie controleert de gegevens',
  completed: 'Gekoppeld: uitbetalingen gaan naar dit atelier',
};

/** Mollie posts its webhook as a form with only the payment's id (`tr_…`). */
export const mollieWebhookSchema = z.object({ id: z.string().max(100) });

/** A workshop's connection with Mollie (Mollie Connect): its organisation, its onboarding, its waiting routes. */
export const workshopMollieSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  payouts: z.enum(PAYOUT_MODES),
  organizationId: z.string().nullable(),
  /** Null when not connected, or when Mollie could not be asked just now (`onboardingError` says so). */
  onboarding: z.enum(ONBOARDING_STATES).nullable(),
  onboardingError: z.string().nullable(),
  waitingRoutes: z.number().int(),
  waitingCents: z.number().int(),
});
export type WorkshopMollie = z.infer<typeof workshopMollieSchema>;

export const setWorkshopMollieSchema = z.strictObject({
  organizationId: z
    .string()
    .trim()
    .regex(/^org_\w{1,64}$/, MESSAGES.mollieOrganizationIdInvalid)
    .nullable(),
});
export type SetWorkshopMollie = z.infer<typeof setWorkshopMollieSchema>;

export const onboardingLinkSchema = z.object({ url: z.string() });

export const PAYMENT_STATUSES = [
  'creating',
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const;
export const PAYMENT_STATUS_TEXT: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  creating: 'Betaallink wordt aangemaakt',
  open: 'Wacht op betaling bij Mollie',
  pending: 'Betaling wordt verwerkt',
  authorized: 'Betaling geautoriseerd',
  paid: 'Betaald via Mollie',
  canceled: 'Betaling geannuleerd',
  expired: 'Betaallink verlopen',
  failed: 'Betaling mislukt',
};
export const ROUTE_STATUS_TEXT = {
  waiting: 'Wacht op koppeling met Mollie',
  routed: 'Doorgestort naar het atelier',
} as const;
export const REFUND_STATUS_TEXT = {
  pending: 'Terugbetaling loopt (wordt zo nodig opnieuw geprobeerd)',
  refunded: 'Terugbetaald via Mollie',
  marked: 'Handmatig terug te betalen',
} as const;

export const reservationMoneySchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  payment: z
    .object({
      providerPaymentId: z.string().nullable(),
      status: z.enum(PAYMENT_STATUSES),
      amountCents: z.number().int(),
      checkoutUrl: z.string().nullable(),
    })
    .nullable(),
  route: z
    .object({
      status: z.enum(['waiting', 'routed']),
      amountCents: z.number().int(),
      routedAt: z.string().nullable(),
    })
    .nullable(),
  refunds: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      status: z.enum(['pending', 'refunded', 'marked']),
      reason: z.string(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ReservationMoney = z.infer<typeof reservationMoneySchema>;

export const refundRequestSchema = z.strictObject({
  /** Product ids of the lines to refund; absent or empty: the whole reservation, delivery included. */
  lines: z
    .array(z.uuid({ error: MESSAGES.refundUnknownLine }))
    .max(100)
    .optional(),
  reason: z.string().trim().min(1, MESSAGES.refundReasonRequired).max(500),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundResultSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'refunded', 'marked']),
});

/** 'Uitbetalen' with Mollie Connect: per workshop, what was paid and where it went, reconciled to the cent. */
export const payoutRoutingSchema = z.object({
  month: z.string(),
  payouts: z.enum(PAYOUT_MODES),
  workshops: z.array(
    z.object({
      tenantId: z.string(),
      workshopName: z.string(),
      connected: z.boolean(),
      paidCents: z.number().int(),
      routedCents: z.number().int(),
      waitingCents: z.number().int(),
      feeCents: z.number().int(),
      refundedCents: z.number().int(),
    }),
  ),
});
export type PayoutRouting = z.infer<typeof payoutRoutingSchema>;
