import type { StatementLine } from '@ateliermarkt/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceLines, invoices } from '../../db/schema/index.ts';

/**
 * A closed month (docs/decisions/0056): once the platform has issued a workshop's invoice or credit note
 * of a month, that month's statement shows the fee and its BTW (and the line's words and fee %) as the invoice froze
 * them, so renaming a product or changing a rate later changes nothing in it. The net follows from the frozen fee.
 * Sales meet the month's invoice lines, credits (return, refund) the month's credit-note lines, each reservation's
 * lines in the order they were issued; a line the invoices do not hold (no fee, or not invoiced) stays as computed.
 */
export async function withFrozenFees(db: DbOrTx, month: string, linesOf: Map<string, StatementLine[]>): Promise<void> {
  const workshopIds = [...linesOf.keys()];
  if (!workshopIds.length) return;
  const frozen = await db
    .select({ tenantId: invoices.tenantId, kind: invoices.kind, line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.month, month), inArray(invoices.tenantId, workshopIds)))
    .orderBy(asc(invoices.year), asc(invoices.sequence), asc(invoiceLines.position));
  if (!frozen.length) return;
  const queues = new Map<string, (typeof frozen)[number]['line'][]>();
  const key = (workshopId: string, credit: boolean, reservationId: string | null) =>
    `${workshopId}|${credit ? 'credit' : 'sale'}|${reservationId}`;
  for (const f of frozen) {
    const k = key(f.tenantId, f.kind === 'creditNote', f.line.reservationId);
    queues.set(k, [...(queues.get(k) ?? []), f.line]);
  }
  for (const [workshopId, lines] of linesOf)
    linesOf.set(
      workshopId,
      lines.map((l) => {
        if (l.feeCents === 0) return l;
        const f = queues.get(key(workshopId, l.kind !== 'sale', l.reservationId))?.shift();
        if (!f) return l;
        const feeCents = f.netCents;
        const feeVatCents = f.vatCents;
        return {
          ...l,
          description: f.itemDescription ?? l.description,
          feePercent: f.feePercent ?? l.feePercent,
          feeVatPercent: f.vatPercent,
          feeCents,
          feeVatCents,
          netCents: l.grossCents - l.taxCents - feeCents - feeVatCents,
        };
      }),
    );
}
