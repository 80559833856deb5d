import { z } from 'zod';
import { emailField, optionalText, requiredText } from '../common/fields.ts';
import { TODO_KINDS } from '../dashboard/todo-kinds.ts';
import { EARLIEST_DAY } from '../dates.ts';
import { MESSAGES } from '../messages.ts';
import { SHOP_MESSAGES } from '../shop/shop-messages.ts';
import { pagedSchema } from '../users/roles.schema.ts';
import {
  isReservationStatus,
  type ReservationState,
  type ReservationStatus,
  STATUS,
  statusName,
} from './reservation-machine.ts';

export const reservedProductSchema = z.object({
  id: z.string(),
  productNumber: z.string(),
  productImage: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  isAvailable: z.boolean(),
  isReserved: z.boolean(),
});
export type ReservedProduct = z.infer<typeof reservedProductSchema>;

export const reservationDeliveryMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  quantity: z.number().int(),
});

/** A reservation as the back-office sees it, with the server-supplied flags. */
export const reservationSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  name: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  zipCode: z.string(),
  city: z.string(),
  email: z.string(),
  products: z.array(reservedProductSchema),
  deliveryMethod: reservationDeliveryMethodSchema,
  status: z.object({ code: z.number().int(), name: z.string() }),
  statusName: z.string(),
  creationTime: z.string(),
  dateFormatted: z.string(),
  reservationDate: z.string(),
  favoriteColor: z.string().nullable(),
  personalMessage: z.string().nullable(),
  workspaceName: z.string(),
  trackAndTrace: z.string().nullable(),
  isPaused: z.boolean(),
  isOpen: z.boolean(),
  isPaid: z.boolean(),
  mayReject: z.boolean(),
  mayEditReservation: z.boolean(),
  willShip: z.boolean(),
  willBeFetchedAfterPayment: z.boolean(),
  willBeFetched: z.boolean(),
  isReturning: z.boolean(),
  showCustomerAddress: z.boolean(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationListSchema = z.array(reservationSchema);

/** The overview's columns that sort on the server (paging 50,000 reservations; the amount). */
export const RESERVATION_SORT_FIELDS = [
  'reservationDate',
  'orderNumber',
  'name',
  'workspaceName',
  'statusName',
  'amount',
] as const;
export type ReservationSortField = (typeof RESERVATION_SORT_FIELDS)[number];
export type ReservationSorting = { field: ReservationSortField; direction: 'asc' | 'desc' };
/** The largest page of GET reservations/all?maxResultCount=… */
export const RESERVATION_PAGE_MAX = 100;
/** The longest text GET reservations/all?search=… looks for. */
export const RESERVATION_SEARCH_MAX = 100;

/**
 * The overview's tabs, each a value of GET reservations/all?status=: the two main views first (open
 * and closed), then one per status in the order a reservation goes through them, then all. The status tabs are the
 * keys of STATUS.
 */
export const RESERVATION_LIST_FILTERS = [
  'open',
  'closed',
  'new',
  'awaitingPayment',
  'paid',
  'shipped',
  'pickedUp',
  'returning',
  'returnReceived',
  'rejected',
  'withdrawn',
  'all',
] as const satisfies readonly ('open' | 'closed' | 'all' | 'withdrawn' | keyof typeof STATUS)[];
export type ReservationListFilter = (typeof RESERVATION_LIST_FILTERS)[number];
export type ReservationStatusFilter = Exclude<ReservationListFilter, 'open' | 'closed' | 'all' | 'withdrawn'>;

/** The status codes of a status tab; undefined for the open, closed and all views. */
export function statusOfFilter(filter: ReservationListFilter): ReservationStatus | undefined {
  return filter === 'open' || filter === 'closed' || filter === 'all' || filter === 'withdrawn'
    ? undefined
    : STATUS[filter];
}

/** The Dutch name of a tab: the two main views, each status's name, 'Alle'. */
export function reservationFilterLabel(filter: ReservationListFilter): string {
  if (filter === 'open') return MESSAGES.reservationTabOpen;
  if (filter === 'closed') return MESSAGES.reservationTabClosed;
  if (filter === 'all') return MESSAGES.reservationTabAll;
  // Withdrawn by the customer: cancelled ones and returns announced through the customer's link.
  if (filter === 'withdrawn') return SHOP_MESSAGES.withdrawalsTab;
  // Shipped and picked up share the status name 'Afgerond'; as tabs side by side they need telling apart.
  if (filter === 'shipped') return MESSAGES.reservationTabShipped;
  if (filter === 'pickedUp') return MESSAGES.reservationTabPickedUp;
  return statusName(STATUS[filter]);
}

const sortingPattern = new RegExp(`^(${RESERVATION_SORT_FIELDS.join('|')})(?: (asc|desc))?$`, 'i');

/** A day a back office can mean: the database has no year 0000 (it answered 500). */
const dateParam = z.iso
  .date({ error: MESSAGES.dateInvalid, abort: true })
  .refine((v) => v >= EARLIEST_DAY, { error: MESSAGES.dateInvalid })
  .optional();

/**
 * What narrows the overview besides the tab, shared by the list and the tab counts: `search` looks in
 * the order number, the customer's name and e-mail and the products' names (case-insensitive, anywhere in the
 * text); `from` and `to` are days (YYYY-MM-DD, Dutch time) and both belong to the range; `todo` is a dashboard card.
 */
const narrowingFields = {
  search: z
    .string({ error: MESSAGES.fieldInvalid })
    .max(RESERVATION_SEARCH_MAX, { error: MESSAGES.searchTooLong })
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  from: dateParam,
  to: dateParam,
  /** Only the reservations a dashboard card counts (GET dashboard's `todo`), within `status`. */
  todo: z.enum(TODO_KINDS, { error: MESSAGES.fieldInvalid }).optional(),
};

function checkDateRange(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (query.from && query.to && query.from > query.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.dateRangeInvalid });
  }
}

/**
 * GET reservations/all. Without skipCount and maxResultCount it is the original call: every reservation (of the
 * filter), newest first, as a list. With either of them it answers one page as { items, totalCount } (ABP style,
 * like the product list); `sorting` is ABP's "field direction", e.g. `orderNumber desc`, in both forms. An unknown
 * parameter is refused (400), so a misspelt filter never silently shows everything.
 */
export const reservationListQuerySchema = z
  .strictObject({
    status: z.enum(RESERVATION_LIST_FILTERS, { error: MESSAGES.fieldInvalid }).default('all'),
    ...narrowingFields,
    skipCount: z.coerce
      .number({ error: MESSAGES.fieldInvalid })
      .int({ error: MESSAGES.fieldInvalid })
      .min(0, { error: MESSAGES.fieldInvalid })
      .optional(),
    maxResultCount: z.coerce
      .number({ error: MESSAGES.fieldInvalid })
      .int({ error: MESSAGES.fieldInvalid })
      .min(1, { error: MESSAGES.fieldInvalid })
      .max(RESERVATION_PAGE_MAX, { error: MESSAGES.fieldInvalid })
      .optional(),
    sorting: z
      .string()
      .max(64, { error: MESSAGES.fieldInvalid, abort: true })
      .regex(sortingPattern, { error: MESSAGES.fieldInvalid })
      .transform((value): ReservationSorting => {
        const [field, direction] = value.split(' ');
        const known =
          RESERVATION_SORT_FIELDS.find((f) => f.toLowerCase() === field?.toLowerCase()) ?? 'reservationDate';
        return { field: known, direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
      })
      .optional(),
  })
  .superRefine(checkDateRange);
export type ReservationListQuery = z.input<typeof reservationListQuerySchema>;
export const reservationPageSchema = pagedSchema(reservationSchema);
export type ReservationPage = z.infer<typeof reservationPageSchema>;
/** GET reservations/counts: the same narrowing as the list, without tab, paging or sorting. */
export const reservationCountsQuerySchema = z.strictObject(narrowingFields).superRefine(checkDateRange);
export type ReservationCountsQuery = z.input<typeof reservationCountsQuerySchema>;
/** How many reservations each tab of the overview lists with that narrowing: one number per tab. */
export const reservationCountsSchema = z.object({
  counts: z.record(z.enum(RESERVATION_LIST_FILTERS), z.number().int()),
});
export type ReservationCounts = z.infer<typeof reservationCountsSchema>;

export const trackAndTraceRequestSchema = z.strictObject({
  trackAndTrace: z
    .string({ error: MESSAGES.fieldInvalid })
    .trim()
    .max(200, { error: 'Maximaal 200 tekens' })
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});

export const packagesRequestSchema = z.strictObject({
  quantity: z
    .number({ error: MESSAGES.packageCountInvalid })
    .int({ error: MESSAGES.packageCountInvalid })
    .min(1, { error: MESSAGES.packageCountInvalid })
    .max(99, { error: MESSAGES.packageCountInvalid }),
});

/** The shop's order: products of one workshop, a delivery method and the customer's address. */
export const shopReservationRequestSchema = z.strictObject({
  name: requiredText(MESSAGES.customerNameRequired, 128),
  street: requiredText(MESSAGES.streetRequired, 128),
  streetNumber: requiredText(MESSAGES.streetNumberRequired, 16),
  zipCode: z
    .string({ error: MESSAGES.zipCodeInvalid })
    .trim()
    .max(16, { error: MESSAGES.zipCodeInvalid, abort: true })
    .toUpperCase()
    .regex(/^[1-9]\d{3}\s?[A-Z]{2}$/, { error: MESSAGES.zipCodeInvalid })
    .transform((v) => `${v.slice(0, 4)} ${v.slice(-2)}`),
  city: requiredText(MESSAGES.cityRequired, 128),
  email: emailField,
  deliveryMethodId: z.number({ error: MESSAGES.deliveryMethodInvalid }).int({ error: MESSAGES.deliveryMethodInvalid }),
  products: z
    .array(
      z.strictObject({
        productId: z.uuid({ error: MESSAGES.productUnavailable }),
        quantity: z.number().int().min(1).max(99).default(1),
      }),
      { error: MESSAGES.orderNeedsProducts },
    )
    .min(1, { error: MESSAGES.orderNeedsProducts })
    .max(50),
  favoriteColor: optionalText(64),
  personalMessage: optionalText(1000),
});
export type ShopReservationRequest = z.infer<typeof shopReservationRequestSchema>;

export const shopReservationResponseSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** The customer's own secret link: `PUBLIC_URL/reservering/{token}`. */
  customerUrl: z.string(),
});

/** A payment provider's report: it may carry more than these two fields (its own), which are not ours to refuse. */
export const paymentWebhookSchema = z.object({
  reservationId: z.uuid(),
  status: z.enum(['paid', 'failed', 'expired']),
  /**
   * The token of the payment link the customer paid through, when the provider was given it as its reference: a
   * link replaced by an edit no longer pays, so its 'paid' is refused (409).
   */
  paymentToken: z.string().min(1).max(128).optional(),
});

export type ReservationTotals = { products: number; delivery: number; total: number };

/** Available product lines plus the delivery line; unavailable products are left out. */
export function reservationTotals(r: Pick<Reservation, 'products' | 'deliveryMethod'>): ReservationTotals {
  const productCents = r.products
    .filter((p) => p.isAvailable)
    .reduce((sum, p) => sum + Math.round(p.price * 100) * p.quantity, 0);
  const deliveryCents = Math.round(r.deliveryMethod.price * 100) * r.deliveryMethod.quantity;
  return { products: productCents / 100, delivery: deliveryCents / 100, total: (productCents + deliveryCents) / 100 };
}

/** The state-machine view of a reservation as the API sends it. */
export function reservationStateOf(r: Pick<Reservation, 'status' | 'deliveryMethod' | 'isPaused'>): ReservationState {
  const code = r.status.code;
  if (!isReservationStatus(code)) throw new Error(`Onbekende status ${code}`);
  return { status: code, deliveryMethodId: r.deliveryMethod.id, paused: r.isPaused };
}
