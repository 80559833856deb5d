/**
 * The history of the demo's reservations: the audit entries the real changes would have written, so
 * the detail dialog's timeline shows something on a fresh demo. Status changes only: the mails' texts live in the
 * services and templates, and are not repeated here.
 */
import { STATUS, TRANSITIONS, type Transition } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { auditLog, roles, users } from '../db/schema/index.ts';

/** The transitions that bring a reservation from status 0 to its status. */
export function transitionsTo(status: number, pickup: boolean): Transition[] {
  const done: Transition[] = ['confirm', 'paid', pickup ? 'received' : 'shipped'];
  switch (status) {
    case STATUS.rejected:
      return ['reject'];
    case STATUS.awaitingPayment:
      return ['confirm'];
    case STATUS.paid:
      return ['confirm', 'paid'];
    case STATUS.shipped:
    case STATUS.pickedUp:
      return done;
    case STATUS.returning:
      return [...done, 'startReturn'];
    case STATUS.returnReceived:
      return [...done, 'startReturn', 'returned'];
    // Open set: the seed's statuses are plain numbers; a new reservation (0) has no transitions yet.
    default:
      return [];
  }
}

const SOURCES: Partial<Record<Transition, string>> = { paid: 'payment-page', startReturn: 'shop' };
const HOUR = 3_600_000;

export async function seedDemoHistory(
  tx: Tx,
  r: { id: string; tenantId: string; orderNumber: string; status: number; pickup: boolean; createdAt: Date },
) {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.tenantId, r.tenantId), eq(roles.name, 'admin')))
    .limit(1);
  const entry = (at: Date, action: string, actorUserId: string | null, data: Record<string, unknown>) => ({
    at,
    actorUserId,
    tenantId: r.tenantId,
    action,
    entityType: 'reservation',
    entityId: r.id,
    data,
  });
  const rows = [
    entry(r.createdAt, 'reservation.placed', null, {
      orderNumber: r.orderNumber,
      pickup: r.pickup,
      from: null,
      to: STATUS.new,
      source: 'shop',
    }),
  ];
  let from: number = STATUS.new;
  // A few hours apart, and never later than now.
  const steps = transitionsTo(r.status, r.pickup);
  const last = Math.min(r.createdAt.getTime() + steps.length * 5 * HOUR, Date.now() - 60_000);
  const gap = Math.max(0, (last - r.createdAt.getTime()) / Math.max(1, steps.length));
  for (const [i, transition] of steps.entries()) {
    const to = TRANSITIONS[transition].to;
    const source = SOURCES[transition] ?? 'back-office';
    rows.push(
      entry(
        new Date(r.createdAt.getTime() + (i + 1) * gap),
        `reservation.${transition}`,
        source === 'back-office' ? (admin?.id ?? null) : null,
        {
          from,
          to,
          source,
        },
      ),
    );
    from = to;
  }
  await tx.insert(auditLog).values(rows);
}
