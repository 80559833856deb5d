import { z } from 'zod';

/**
 * The customer's own reservation: what the secret link `PUBLIC_URL/reservering/{token}` shows, read by
 * the page and by a storefront through `GET /api/shop/reservations/{token}`.
 */
export const CUSTOMER_RESERVATION_WEB_PATH = '/reservering';
export function customerReservationWebPath(token: string): string {
  return `${CUSTOMER_RESERVATION_WEB_PATH}/${encodeURIComponent(token)}`;
}

/** Days after shipping or handing over within which the customer may withdraw (Dutch calendar days). */
export const WITHDRAWAL_DAYS = 14;

/** A token of the customer link: base64url of an HMAC-SHA256 (43 characters); anything else is not looked up (404). */
export const CUSTOMER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const customerTokenParamsSchema = z.object({ token: z.string().max(200) });

export const customerReservationSchema = z.object({
  orderNumber: z.string(),
  workspaceName: z.string(),
  creationTime: z.string(),
  status: z.object({ code: z.number().int(), name: z.string() }),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number(), total: z.number() })),
  delivery: z.object({ name: z.string(), quantity: z.number().int(), price: z.number(), willShip: z.boolean() }),
  totals: z.object({ products: z.number(), delivery: z.number(), total: z.number() }),
  trackAndTrace: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** Whether the payment of a withdrawn reservation is to be refunded (`pending`) or was refunded. */
  refund: z.enum(['pending', 'refunded']).nullable(),
  /** What the customer may do now: pay (through the payment mail's link) or withdraw, and why not. */
  mayPay: z.boolean(),
  mayWithdraw: z.boolean(),
  /** What withdrawing does now: cancel (before shipping) or announce a return (after). */
  withdrawal: z.enum(['cancel', 'return']).nullable(),
  /** The last Dutch calendar day to withdraw after shipping or handing over (`yyyy-mm-dd`), when it runs. */
  withdrawUntil: z.string().nullable(),
  /** Why withdrawing is not possible (made to measure, the period is over), in Dutch; null when it is. */
  withdrawRefusal: z.string().nullable(),
});
export type CustomerReservation = z.infer<typeof customerReservationSchema>;

/** The withdrawal asks nothing but an optional reason: the law asks no more of the customer. */
export const withdrawRequestSchema = z.strictObject({ reason: z.string().trim().max(500).optional() });
