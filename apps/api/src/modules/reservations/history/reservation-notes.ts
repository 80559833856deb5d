import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { reservations } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { audit } from '../../../lib/audit.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { scope } from '../reservation-access.ts';

/** The audit action of an internal note; reservation-history.ts shows it as 'Interne notitie: …'. */
export const NOTE_AUDIT_ACTION = 'reservation.note';

/**
 * An internal note on a reservation, kept as an entry of its history (the audit log: who and when, never
 * changed afterwards, docs/decisions/0049-notes-in-the-audit-log.md). Whoever may read the reservation may add one; another workshop's
 * reservation answers 404. Nothing reaches the customer: no mail, not in the shop API's answers.
 */
export async function addReservationNote(ctx: AppContext, actor: Actor, id: string, note: string): Promise<void> {
  const [found] = await ctx.db
    .select({ tenantId: reservations.tenantId })
    .from(reservations)
    .where(and(eq(reservations.id, id), scope(actor)));
  if (!found) throw notFound();
  await audit(ctx.db, {
    actorUserId: actor.userId,
    tenantId: found.tenantId,
    action: NOTE_AUDIT_ACTION,
    entityType: 'reservation',
    entityId: id,
    data: { detail: note },
  });
}
