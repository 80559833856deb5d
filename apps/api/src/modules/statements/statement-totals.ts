/**
 * A month's statement totals per workshop added up in the database (docs/decisions/0062): the same figures as
 * summing the lines of monthStatements, without building every line in Node. The super admin's overview
 * (`GET statements?lines=none`) and the dashboard's month figures read these.
 *
 * Each line is calculated in SQL exactly as the contract's calculateCents does in JavaScript: in IEEE doubles
 * (PostgreSQL's float8 is the same arithmetic, operation by operation, in the same order) and rounded as its
 * roundCents does (half away from zero after adding its HALF_CENT_NUDGE; `floor` plus the fraction test is
 * JavaScript's Math.round, exact for every double). A closed month's fees are its invoices' frozen ones, matched as
 * closed-months.ts matches them: per workshop, sale or credit, and reservation, the n-th line with a fee takes the
 * n-th invoice line (the lines in the statement's order: product number within a sale or return, refunds after the
 * return, in the order they were decided).
 */
import {
  addTotals,
  HALF_CENT_NUDGE,
  type MonthStatements,
  NO_TOTALS,
  type StatementTotals,
} from '@ateliermarkt/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { reservations, tenants, workspaces } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { rememberedPerWorkshop, type WorkshopVersions, workshopVersions } from '../../lib/workshop-memory.ts';
import { inMonth, monthBounds } from './statements.service.ts';

/** The nudge of the contract's roundCents, as the same double. */
const NUDGE = `${HALF_CENT_NUDGE}::float8`;
/** roundCents of a float8 expression `x` (given as a column name of the row it is in). */
const roundCents = (x: string) => {
  const y = sql.raw(`(abs(${x}) + ${NUDGE})`);
  return sql`(sign(${sql.raw(x)}) * (floor(${y}) + case when ${y} - floor(${y}) >= 0.5 then 1 else 0 end))`;
};

type TotalsRow = { tenantId: string } & StatementTotals;

/**
 * Per workshop with at least one line in `month`: the totals of its statement (closed months: frozen fees). Within
 * `workshopIds` (undefined: every workshop).
 */
async function totalsPerWorkshop(db: DbOrTx, month: string, workshopIds: string[] | undefined): Promise<TotalsRow[]> {
  const { from, to } = monthBounds(month);
  const { paidIn, returnedIn } = inMonth(month);
  const own = (column: string) =>
    workshopIds
      ? sql`${sql.raw(column)} in (${sql.join(
          workshopIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`true`;
  // For a few workshops, each reservation's lines through the lines' index: `offset 0` keeps the planner from making
  // it a hash join over every line of the marketplace again (EXPLAIN at the large size: half the time for the
  // largest workshop, docs/performance.md). For every workshop that hash join is the cheaper plan.
  const linesOf = workshopIds
    ? sql`cross join lateral (
        select * from reservation_products l where l.reservation_id = r.id and l.is_available offset 0
      ) l`
    : sql`join reservation_products l on l.reservation_id = r.id and l.is_available`;
  const result = await db.execute<Record<string, string | number>>(sql`
    with month_reservations as (
      select ${reservations.id} as id, ${reservations.tenantId} as tenant_id,
        ${reservations.deliveryPriceCents} * ${reservations.deliveryQuantity} as delivery,
        coalesce(${paidIn}, false) as paid_in, coalesce(${returnedIn}, false) as returned_in
      from ${reservations}
      where ${own('"reservations"."tenant_id"')} and (${paidIn} or ${returnedIn})
    ),
    product_lines as (
      select r.tenant_id, r.id as reservation_id, r.paid_in, r.returned_in, r.delivery, p.product_number,
        l.price_cents * l.quantity as gross, l.tax_percent::float8 as t, l.fee_percent::float8 as f,
        l.fee_vat_percent::float8 as v
      from month_reservations r
      ${linesOf}
      join products p on p.id = l.product_id
    ),
    refund_lines as (
      select pr.tenant_id, pr.reservation_id, pr.id as refund_id, pr.created_at as refunded_at,
        jsonb_array_length(pr.lines) = 0 as whole, r.delivery_price_cents * r.delivery_quantity as delivery,
        p.product_number, l.price_cents * l.quantity as gross, l.tax_percent::float8 as t,
        l.fee_percent::float8 as f, l.fee_vat_percent::float8 as v
      from payment_refunds pr
      join reservations r on r.id = pr.reservation_id
      join reservation_products l on l.reservation_id = r.id and l.is_available
      join products p on p.id = l.product_id
      where pr.source <> 'return' and pr.created_at >= ${from} and pr.created_at < ${to} and ${own('pr.tenant_id')}
        and (jsonb_array_length(pr.lines) = 0 or pr.lines @> jsonb_build_array(l.product_id::text))
    ),
    -- Every line: credit (return, refund) or sale; src orders a reservation's credits (its return, then refunds).
    lines as (
      select tenant_id, reservation_id, k.credit, 0 as src, null::timestamptz as refunded_at, null::uuid as refund_id,
        product_number, gross, t, f, case when f = 0 then 0 else v end as v
      from product_lines
      cross join lateral (select false as credit where paid_in union all select true where returned_in) k
      union all
      select d.tenant_id, d.reservation_id, k.credit, 0, null, null, null, d.delivery, d.t, 0, 0
      from (
        select tenant_id, reservation_id, paid_in, returned_in, min(delivery) as delivery,
          (array_agg(t order by product_number))[1] as t
        from product_lines group by tenant_id, reservation_id, paid_in, returned_in
      ) d
      cross join lateral (select false as credit where d.paid_in union all select true where d.returned_in) k
      where d.delivery > 0
      union all
      select tenant_id, reservation_id, true, 1, refunded_at, refund_id, product_number, gross, t, f,
        case when f = 0 then 0 else v end
      from refund_lines
      union all
      select tenant_id, reservation_id, true, 1, refunded_at, refund_id, null, min(delivery),
        (array_agg(t order by product_number))[1], 0, 0
      from refund_lines where whole
      group by tenant_id, reservation_id, refund_id, refunded_at having min(delivery) > 0
    ),
    tax_raw as (select *, gross::float8 - gross::float8 / (1 + t / 100) as tax_x from lines),
    taxed as materialized (select *, ${roundCents('tax_x')} as tax from tax_raw),
    fee_raw as (select *, ((gross - tax) * f) / 100 as fee_x from taxed),
    feed as materialized (select *, ${roundCents('fee_x')} as fee from fee_raw),
    fee_vat_raw as (select *, (fee * v) / 100 as fee_vat_x from feed),
    -- Materialized: each rounding works on the previous step's stored value, not on its expression again.
    calculated as materialized (
      select *, ${roundCents('fee_vat_x')} as fee_vat,
        case when fee <> 0 then row_number() over (
          partition by tenant_id, credit, reservation_id, fee <> 0
          order by src, refunded_at, refund_id, product_number
        ) end as fee_rank
      from fee_vat_raw
    ),
    frozen as (
      select i.tenant_id, i.kind = 'creditNote' as credit, il.reservation_id, il.net_cents, il.vat_cents,
        row_number() over (
          partition by i.tenant_id, i.kind = 'creditNote', il.reservation_id
          order by i.year, i.sequence, il.position
        ) as fee_rank
      from invoice_lines il join invoices i on i.id = il.invoice_id
      where i.month = ${month} and ${own('i.tenant_id')}
    ),
    signed as (
      select c.tenant_id, case when c.credit then -1 else 1 end as s, c.gross, c.tax,
        coalesce(z.net_cents::float8, c.fee * case when c.credit then -1 else 1 end) as fee_signed,
        coalesce(z.vat_cents::float8, c.fee_vat * case when c.credit then -1 else 1 end) as fee_vat_signed
      from calculated c
      left join frozen z on c.fee_rank is not null and z.tenant_id = c.tenant_id and z.credit = c.credit
        and z.reservation_id = c.reservation_id and z.fee_rank = c.fee_rank
    )
    select tenant_id as "tenantId", sum(s * gross)::float8 as "grossCents", sum(s * tax)::float8 as "taxCents",
      sum(fee_signed)::float8 as "feeCents", sum(fee_vat_signed)::float8 as "feeVatCents",
      sum(s * (gross - tax) - fee_signed - fee_vat_signed)::float8 as "netCents"
    from signed group by tenant_id
  `);
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows;
  // 0 − x in JavaScript never gives −0; neither may a sum here.
  const cents = (value: string | number | undefined) => Number(value ?? 0) + 0;
  return rows.map((r) => ({
    tenantId: String(r.tenantId),
    grossCents: cents(r.grossCents),
    taxCents: cents(r.taxCents),
    feeCents: cents(r.feeCents),
    feeVatCents: cents(r.feeVatCents),
    netCents: cents(r.netCents),
  }));
}

/**
 * totalsPerWorkshop on the pool, remembered per workshop and data version (docs/decisions/0070, 0077): only the
 * workshops written to since their totals were added up are added up again (every table these totals read bumps its
 * workshop's version in the writing transaction, migrations 0007 and 0033). `versions` must have been read before
 * this is called, so the totals are never older than them. Per workshop with at least one line in `month`.
 */
export async function rememberedMonthTotals(
  database: Database,
  month: string,
  versions: WorkshopVersions,
): Promise<Map<string, StatementTotals>> {
  const perWorkshop = await rememberedPerWorkshop<StatementTotals | null>(
    database,
    `statement-totals|${month}`,
    versions,
    { value: null },
    async (ids) => {
      const rows = await totalsPerWorkshop(database.db, month, ids ?? undefined);
      return { rows: new Map(rows.map(({ tenantId: id, ...totals }) => [id, { value: totals }])) };
    },
  );
  return new Map([...perWorkshop].flatMap(([id, totals]) => (totals ? [[id, totals] as const] : [])));
}

/**
 * The statements of `month` with their totals and no lines: what monthStatements answers, each statement's `lines`
 * left empty. With `tenantId` that workshop's (also without lines; 404 when there is no such workshop), otherwise
 * every workshop with at least one line, by name.
 */
export async function monthStatementTotals(
  db: DbOrTx,
  { month, tenantId: workshopId }: { month: string; tenantId?: string },
  /** The pool `db` belongs to: the totals are then remembered per workshop and version (never inside a transaction). */
  pool?: Database,
): Promise<MonthStatements> {
  const totals = pool
    ? [...(await rememberedMonthTotals(pool, month, await workshopVersions(pool, workshopId ?? null)))].map(
        ([id, t]) => ({ tenantId: id, ...t }),
      )
    : await totalsPerWorkshop(db, month, workshopId ? [workshopId] : undefined);
  const ids = workshopId ? [workshopId] : totals.map((t) => t.tenantId);
  const workshops = ids.length
    ? await db
        .select({
          tenantId: tenants.id,
          name: sql<string>`coalesce(${workspaces.name}, ${tenants.name})`,
          creditorNumber: workspaces.creditorNumber,
        })
        .from(tenants)
        .leftJoin(workspaces, eq(workspaces.tenantId, tenants.id))
        .where(inArray(tenants.id, ids))
        .orderBy(asc(sql`lower(coalesce(${workspaces.name}, ${tenants.name}))`))
    : [];
  if (workshopId && workshops.length === 0) throw notFound();
  const totalsOf = new Map(totals.map(({ tenantId: id, ...t }) => [id, t]));
  const statements = workshops.map((w) => ({
    tenantId: w.tenantId,
    workshopName: w.name,
    creditorNumber: w.creditorNumber,
    lines: [],
    totals: totalsOf.get(w.tenantId) ?? NO_TOTALS,
  }));
  return {
    month,
    statements,
    totals: statements.map((s) => s.totals).reduce(addTotals, NO_TOTALS),
  };
}
