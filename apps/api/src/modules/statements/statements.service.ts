/**
 * Monthly statements per workshop (docs/decisions/0039). A reservation counts in the month it was paid
 * (`paid_at`, statuses 3–7); a returned one (status 7) is credited, every line negative, in the month its return was
 * received (`return_received_at`). Months are calendar months in the Netherlands. Every line is the price calculation
 * on its own gross with the rates fixed when it was ordered; totals are sums of lines, in integer cents.
 */
import {
  addTotals,
  calculateCents,
  MESSAGES,
  type MonthStatements,
  NO_TOTALS,
  PAID_STATUSES,
  STATUS,
  type StatementLine,
  type StatementTotals,
  TIME_ZONE,
  type WorkshopStatement,
} from '@ateliermarkt/contract';
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  paymentRefunds,
  products,
  reservationProducts,
  reservations,
  tenants,
  workspaces,
} from '../../db/schema/index.ts';
import { byWorkshopName, workshopName } from '../../db/workshop-name.ts';
import { notFound } from '../../lib/app-error.ts';
import { withFrozenFees } from './closed-months.ts';

const TZ = sql.raw(`'${TIME_ZONE}'`);

/** The first instant of `month` (`YYYY-MM`) and of the month after it, as Amsterdam midnight. */
export function monthBounds(month: string): { from: SQL; to: SQL } {
  const first = `${month}-01 00:00`;
  return {
    from: sql`(${first}::timestamp at time zone ${TZ})`,
    to: sql`((${first}::timestamp + interval '1 month') at time zone ${TZ})`,
  };
}

type Row = {
  reservationId: string;
  tenantId: string;
  orderNumber: string;
  status: number;
  paidAt: Date | null;
  returnReceivedAt: Date | null;
  deliveryPriceCents: number;
  deliveryQuantity: number;
  productName: string;
  productNumber: string;
  quantity: number;
  priceCents: number;
  taxPercent: number;
  feePercent: number;
  feeVatPercent: number;
  /** A back-office refund's line: when it was decided (the month it is credited in). */
  refundedAt?: Date | null;
  /** Which of the two brought it into the month (both when paid and returned within it). */
  paidInMonth: boolean;
  returnedInMonth: boolean;
};

function line(
  r: Row,
  kind: StatementLine['kind'],
  part: { description: string; productNumber: string | null; quantity: number; gross: number; fee: number },
): StatementLine {
  const at = kind === 'sale' ? r.paidAt : kind === 'return' ? r.returnReceivedAt : (r.refundedAt ?? null);
  const amounts = calculateCents(part.gross, r.taxPercent, part.fee, part.fee === 0 ? 0 : r.feeVatPercent);
  // 0 − x, not −1 × x: a zero stays 0, never −0.
  const signed = (cents: number) => (kind === 'sale' ? cents : 0 - cents);
  return {
    reservationId: r.reservationId,
    orderNumber: r.orderNumber,
    kind,
    at: (at ?? new Date(0)).toISOString(),
    description: part.description,
    productNumber: part.productNumber,
    quantity: part.quantity,
    taxPercent: r.taxPercent,
    feePercent: part.fee,
    feeVatPercent: part.fee === 0 ? 0 : r.feeVatPercent,
    // A credit is the sale's line negated (never recomputed on a negative amount): the two cancel to the cent.
    grossCents: signed(amounts.grossCents),
    taxCents: signed(amounts.taxCents),
    feeCents: signed(amounts.feeCents),
    feeVatCents: signed(amounts.feeVatCents),
    netCents: signed(amounts.netCents),
  };
}

/**
 * One reservation's lines: each product line still in it, then its delivery costs (when not free) as a line of its
 * own with the same VAT and no platform fee (the platform fee is on the product price only; the delivery pays the carrier).
 */
function reservationLines(rows: Row[], kind: StatementLine['kind'], withDelivery = true): StatementLine[] {
  const out = rows.map((r) =>
    line(r, kind, {
      description: r.productName,
      productNumber: r.productNumber,
      quantity: r.quantity,
      gross: r.priceCents * r.quantity,
      fee: r.feePercent,
    }),
  );
  const first = rows[0];
  if (first && first.deliveryPriceCents * first.deliveryQuantity > 0 && withDelivery)
    out.push(
      line(first, kind, {
        description: MESSAGES.statementDelivery,
        productNumber: null,
        quantity: first.deliveryQuantity,
        gross: first.deliveryPriceCents * first.deliveryQuantity,
        fee: 0,
      }),
    );
  return out;
}

const sumLines = (lines: readonly StatementLine[]): StatementTotals => lines.reduce(addTotals, NO_TOTALS);

/** Which reservations a month's statement holds: its sales (paid in it) and its received returns. */
export function inMonth(month: string) {
  const { from, to } = monthBounds(month);
  // A paid reservation withdrawn before shipping (status 1, `withdrawn_at`) stays a sale of its month; its refund
  // credits it in the refund's month (refundRows), so a closed month never changes.
  const paidIn = and(
    or(
      inArray(reservations.status, [...PAID_STATUSES]),
      and(eq(reservations.status, STATUS.rejected), isNotNull(reservations.withdrawnAt)),
    ),
    gte(reservations.paidAt, from),
    lt(reservations.paidAt, to),
  ) as SQL;
  const returnedIn = and(
    eq(reservations.status, STATUS.returnReceived),
    gte(reservations.returnReceivedAt, from),
    lt(reservations.returnReceivedAt, to),
  ) as SQL;
  return { paidIn, returnedIn };
}

/** What a statement line is made of: a reservation's available product line with its own price and rates. */
const LINE_COLUMNS = {
  reservationId: reservations.id,
  tenantId: reservations.tenantId,
  orderNumber: reservations.orderNumber,
  status: reservations.status,
  paidAt: reservations.paidAt,
  returnReceivedAt: reservations.returnReceivedAt,
  deliveryPriceCents: reservations.deliveryPriceCents,
  deliveryQuantity: reservations.deliveryQuantity,
  productName: products.name,
  productNumber: products.productNumber,
  quantity: reservationProducts.quantity,
  priceCents: reservationProducts.priceCents,
  taxPercent: reservationProducts.taxPercent,
  feePercent: reservationProducts.feePercent,
  feeVatPercent: reservationProducts.feeVatPercent,
};
const availableLine = and(
  eq(reservationProducts.reservationId, reservations.id),
  eq(reservationProducts.isAvailable, true),
);

/** The statements' workshops: name and creditor number. */
const workshopsWhere = (db: DbOrTx, where: SQL) =>
  db
    .select({ tenantId: tenants.id, name: workshopName, creditorNumber: workspaces.creditorNumber })
    .from(tenants)
    .leftJoin(workspaces, eq(workspaces.tenantId, tenants.id))
    .where(where);

/**
 * The statements of `month` (`YYYY-MM`): with `tenantId`, that workshop's (also when it has no lines; 404 when there
 * is no such workshop), otherwise every workshop with at least one line, by name. The payout file is
 * built from this function: keep its signature. A workshop's closed month shows its invoices' frozen fees
 * (closed-months.ts); `live` computes every line from the reservations (issuing the invoices does).
 */
export async function monthStatements(
  db: DbOrTx,
  { month, tenantId: workshopId, live = false }: { month: string; tenantId?: string; live?: boolean },
): Promise<MonthStatements> {
  const { paidIn, returnedIn } = inMonth(month);
  const rows: Row[] = await db
    .select({
      ...LINE_COLUMNS,
      paidInMonth: sql<boolean>`coalesce(${paidIn}, false)`,
      returnedInMonth: sql<boolean>`coalesce(${returnedIn}, false)`,
    })
    .from(reservations)
    .innerJoin(reservationProducts, availableLine)
    .innerJoin(products, eq(products.id, reservationProducts.productId))
    .where(and(workshopId ? eq(reservations.tenantId, workshopId) : undefined, or(paidIn, returnedIn)))
    .orderBy(asc(reservations.orderNumber), asc(products.productNumber));

  const workshops = await workshopsWhere(
    db,
    workshopId ? eq(tenants.id, workshopId) : inArray(tenants.id, [...new Set(rows.map((r) => r.tenantId))]),
  ).orderBy(byWorkshopName);
  if (workshopId && workshops.length === 0) throw notFound();

  const byReservation = new Map<string, Row[]>();
  for (const r of rows) byReservation.set(r.reservationId, [...(byReservation.get(r.reservationId) ?? []), r]);
  const linesOf = new Map<string, StatementLine[]>();
  for (const group of byReservation.values()) {
    const r = group[0] as Row;
    const lines = linesOf.get(r.tenantId) ?? [];
    if (r.paidInMonth) lines.push(...reservationLines(group, 'sale'));
    if (r.returnedInMonth) lines.push(...reservationLines(group, 'return'));
    linesOf.set(r.tenantId, lines);
  }
  for (const refund of await refundRows(db, month, workshopId)) {
    const lines = linesOf.get(refund.tenantId) ?? [];
    lines.push(...reservationLines(refund.rows, 'refund', refund.whole));
    linesOf.set(refund.tenantId, lines);
  }
  if (!live) await withFrozenFees(db, month, linesOf);
  for (const id of new Set([...linesOf.keys()].filter((t) => !workshops.some((w) => w.tenantId === t)))) {
    const [w] = await workshopsWhere(db, eq(tenants.id, id));
    if (w) workshops.push(w);
  }
  const statements: WorkshopStatement[] = workshops.map((w) => {
    const lines = (linesOf.get(w.tenantId) ?? []).sort((a, b) => a.at.localeCompare(b.at));
    return {
      tenantId: w.tenantId,
      workshopName: w.name,
      creditorNumber: w.creditorNumber,
      lines,
      totals: sumLines(lines),
    };
  });
  return { month, statements, totals: statements.map((s) => s.totals).reduce(addTotals, NO_TOTALS) };
}

/**
 * Refunds by the back-office (the super admin's, or a withdrawal) credited in the month they were decided:
 * each refunded line negated as its sale was; the delivery too when the whole reservation was refunded. A received
 * return is not here: status 7 credits it already.
 */
async function refundRows(
  db: DbOrTx,
  month: string,
  workshopId: string | undefined,
): Promise<{ tenantId: string; whole: boolean; rows: Row[] }[]> {
  const { from, to } = monthBounds(month);
  const refunds = await db
    .select({
      id: paymentRefunds.id,
      reservationId: paymentRefunds.reservationId,
      tenantId: paymentRefunds.tenantId,
      lines: paymentRefunds.lines,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .where(
      and(
        ne(paymentRefunds.source, 'return'),
        gte(paymentRefunds.createdAt, from),
        lt(paymentRefunds.createdAt, to),
        workshopId ? eq(paymentRefunds.tenantId, workshopId) : undefined,
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt));
  const out: { tenantId: string; whole: boolean; rows: Row[] }[] = [];
  for (const refund of refunds) {
    const rows = await db
      .select({
        ...LINE_COLUMNS,
        productId: reservationProducts.productId,
      })
      .from(reservations)
      .innerJoin(reservationProducts, availableLine)
      .innerJoin(products, eq(products.id, reservationProducts.productId))
      .where(eq(reservations.id, refund.reservationId))
      .orderBy(asc(products.productNumber));
    const whole = refund.lines.length === 0;
    const chosen = rows
      .filter((r) => whole || refund.lines.includes(r.productId))
      .map(({ productId: _, ...r }) => ({
        ...r,
        refundedAt: refund.createdAt,
        paidInMonth: false,
        returnedInMonth: false,
      }));
    if (chosen.length > 0) out.push({ tenantId: refund.tenantId, whole, rows: chosen });
  }
  return out;
}
