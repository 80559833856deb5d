/**
 * Demo reservations: for each published demo workshop, reservations in every status 0–7, one of them paused, with
 * product flags that match (reserved while awaiting payment, sold once paid, for sale again after a return), and one
 * sale of last month, so the demo has a month that is over to issue invoices for. Lines carry the rates of the
 * settings, the fee's BTW included.
 */
import { DELIVERY_METHOD_PICKUP, FEE_PERCENT, STATUS, TAX_PERCENT } from '@ateliermarkt/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { deliveryMethods, products, reservationProducts, reservations, workspaces } from '../db/schema/index.ts';
import { nextOrderNumber } from '../modules/reservations/reservations.repository.ts';
import { readSettings } from '../modules/settings/index.ts';
import { seedDemoHistory } from './demo-history.ts';

/** `daysAgo: 'lastMonth'`: the 10th of the month before the seed's, in the morning (Dutch time). */
type Plan = {
  status: number;
  method: number;
  product: number;
  daysAgo: number | 'lastMonth';
  customer: number;
  note?: boolean;
};

/** `product` indexes the workshop's free products; the paused one (status 0) shares product 1 with the status-2 one. */
const PLANS: Plan[] = [
  { status: STATUS.new, method: 3, product: 0, daysAgo: 0, customer: 0, note: true },
  { status: STATUS.awaitingPayment, method: 2, product: 1, daysAgo: 2, customer: 1 },
  { status: STATUS.new, method: 3, product: 1, daysAgo: 1, customer: 2 },
  { status: STATUS.rejected, method: 4, product: 2, daysAgo: 12, customer: 3 },
  { status: STATUS.paid, method: 3, product: 3, daysAgo: 3, customer: 4 },
  { status: STATUS.paid, method: 1, product: 4, daysAgo: 4, customer: 5 },
  { status: STATUS.shipped, method: 3, product: 5, daysAgo: 9, customer: 6 },
  { status: STATUS.pickedUp, method: 1, product: 6, daysAgo: 15, customer: 7 },
  { status: STATUS.returning, method: 5, product: 7, daysAgo: 8, customer: 8 },
  // A return received leaves its product for sale, as a rejection does: the two may share one.
  { status: STATUS.returnReceived, method: 3, product: 2, daysAgo: 25, customer: 9 },
  // Sold and sent last month: a month that is over, with fee and delivery, for the statements and invoices. Product 6
  // is one of the free products with a stock of several (unique ones sort first), sold again 15 days ago.
  { status: STATUS.shipped, method: 3, product: 6, daysAgo: 'lastMonth', customer: 3 },
];

/** When a plan's reservation was placed (and paid), relative to `now`. */
function placedAt(plan: Plan, now: Date): Date {
  if (plan.daysAgo !== 'lastMonth')
    return new Date(now.getTime() - plan.daysAgo * 86_400_000 - plan.customer * 3_600_000);
  const [y = 2026, m = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' })
    .format(now)
    .split('-')
    .map(Number);
  return new Date(Date.UTC(y, m - 2, 10, 9));
}

const CUSTOMERS = [
  ['Anna de Jong', 'Lindengracht', '12', '1015 KK', 'Amsterdam'],
  ['Pieter Bos', 'Wittevrouwenstraat', '3', '3512 CS', 'Utrecht'],
  ['Sophie Mulder', 'Grote Markt', '41', '9711 LW', 'Groningen'],
  ['Jeroen van Dijk', 'Stationsweg', '8', '2312 AT', 'Leiden'],
  ['Lotte Vermeulen', 'Kerkstraat', '17', '5211 KH', "'s-Hertogenbosch"],
  ['Mohammed Ouali', 'Nieuwe Binnenweg', '220', '3021 GP', 'Rotterdam'],
  ['Emma Willems', 'Vrijthof', '5', '6211 LD', 'Maastricht'],
  ['Daan Hendriks', 'Oudestraat', '66', '8261 CG', 'Kampen'],
  ['Fleur Janssen', 'Breestraat', '101', '2311 CK', 'Leiden'],
  ['Ruben Smits', 'Markt', '2', '6811 CG', 'Arnhem'],
] as const;

async function freeProducts(tx: Tx, workshopId: string) {
  return (
    tx
      .select()
      .from(products)
      .where(
        and(
          eq(products.tenantId, workshopId),
          eq(products.isPublished, true),
          eq(products.isSold, false),
          eq(products.isReserved, false),
        ),
      )
      // Unique products first: the paused pair needs one.
      .orderBy(desc(products.isUniqueEdition), asc(products.productNumber))
      .limit(8)
  );
}

export async function seedDemoReservations(db: DbOrTx, now: Date = new Date()) {
  const { feeVatPercent } = (await readSettings(db)).values;
  const methods = new Map((await db.select().from(deliveryMethods)).map((m) => [m.id, m.priceCents]));
  // The published workshops: the offline demo workshop never traded, so it can show a workshop being deleted
  // (a workshop with reservations cannot be, docs/decisions/0006).
  const all = await db
    .select()
    .from(workspaces)
    .where(eq(workspaces.isPublished, true))
    .orderBy(desc(workspaces.isFeatured), asc(workspaces.name));
  await db.transaction(async (tx) => {
    for (const [w, workshop] of all.entries()) {
      const free = await freeProducts(tx, workshop.tenantId);
      const plans = PLANS;
      for (const plan of plans) {
        const product = free[plan.product];
        if (!product) continue;
        const [name, street, streetNumber, zipCode, city] =
          CUSTOMERS[(plan.customer + w * 3) % CUSTOMERS.length] ?? CUSTOMERS[0];
        const createdAt = placedAt(plan, now);
        const done = plan.status >= STATUS.shipped && plan.status !== STATUS.rejected;
        const orderNumber = await nextOrderNumber(tx);
        const [r] = await tx
          .insert(reservations)
          .values({
            tenantId: workshop.tenantId,
            orderNumber,
            status: plan.status,
            deliveryMethodId: plan.method,
            deliveryPriceCents: methods.get(plan.method) ?? 0,
            name,
            street,
            streetNumber,
            zipCode,
            city,
            email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.nl`,
            favoriteColor: plan.note ? 'Zeeblauw' : null,
            personalMessage: plan.note ? 'Is het mogelijk om het als cadeau in te pakken?' : null,
            trackAndTrace:
              plan.status === STATUS.shipped || plan.status === STATUS.returning ? '3SATM1234567890' : null,
            // Approved a day after it was placed: its payment deadlines have not run out at the start.
            confirmedAt: plan.status === STATUS.awaitingPayment ? new Date(createdAt.getTime() + 86_400_000) : null,
            paidAt: plan.status >= STATUS.paid ? createdAt : null,
            completedAt: done ? new Date(createdAt.getTime() + 86_400_000) : null,
            returnReceivedAt:
              plan.status === STATUS.returnReceived ? new Date(createdAt.getTime() + 2 * 86_400_000) : null,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: reservations.id });
        if (!r) continue;
        const pickup = plan.method === DELIVERY_METHOD_PICKUP;
        await seedDemoHistory(tx, {
          id: r.id,
          tenantId: workshop.tenantId,
          orderNumber,
          status: plan.status,
          pickup,
          createdAt,
        });
        await tx.insert(reservationProducts).values({
          reservationId: r.id,
          productId: product.id,
          priceCents: product.priceCents,
          taxPercent: TAX_PERCENT,
          feePercent: FEE_PERCENT,
          feeVatPercent,
        });
      }
      // Product flags that match the statuses above.
      const reserved = plans.filter((p) => p.status === STATUS.awaitingPayment).map((p) => free[p.product]?.id);
      const sold = plans
        .filter((p) => p.status >= STATUS.paid && p.status <= STATUS.returning)
        .map((p) => free[p.product]?.id);
      const ids = (list: (string | undefined)[]) => list.filter((id): id is string => Boolean(id));
      if (ids(reserved).length)
        await tx
          .update(products)
          .set({ isReserved: true })
          .where(inArray(products.id, ids(reserved)));
      if (ids(sold).length)
        await tx
          .update(products)
          .set({ isSold: true })
          .where(inArray(products.id, ids(sold)));
    }
  });
}
