import {
  HISTORY_ACTORS,
  historyDescription,
  historyStatus,
  type ReservationHistoryEntry,
  type ReservationHistoryEvent,
  TRANSITIONS,
  type Transition,
} from '@ateliermarkt/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { auditLog, reservations, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { type MailDelivery, mailDeliveries } from '../../../lib/outbox.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { MAIL_AUDIT_ACTION } from '../mails/workshop-notifications.ts';
import { NOTE_AUDIT_ACTION } from './reservation-notes.ts';

/**
 * The history of a reservation (docs/decisions/0029): its audit entries, oldest first. Who: the user's
 * name when a back-office user did it; otherwise told by the entry's `source` ('shop' = the customer, 'webhook' and
 * 'payment-page' = the payment provider, anything else, and every mail, = 'automatisch').
 */

const ACTION_EVENTS: Record<string, ReservationHistoryEvent> = {
  'reservation.placed': 'placed',
  'reservation.confirm': 'confirm',
  'reservation.reject': 'reject',
  'reservation.paid': 'paid',
  'reservation.shipped': 'shipped',
  'reservation.received': 'received',
  'reservation.startReturn': 'startReturn',
  'reservation.returned': 'returned',
  'reservation.payment-reminder': 'paymentReminder',
  'reservation.track-and-trace': 'trackAndTrace',
  'reservation.packages': 'packages',
  'reservation.product-unavailable': 'productUnavailable',
  'payment.failed': 'paymentFailed',
  'payment.expired': 'paymentExpired',
  'payment.canceled': 'paymentCanceled',
  'payment.link': 'paymentLink',
  'payment.routed': 'routed',
  'payment.route-waiting': 'routeWaiting',
  'payment.refunded': 'refunded',
  'payment.refund-failed': 'refundFailed',
  [NOTE_AUDIT_ACTION]: 'note',
};

/** What the payment provider did: said by 'betaalprovider', with its own id of the payment as detail. */
const PROVIDER_EVENTS = new Set<ReservationHistoryEvent>([
  'paymentFailed',
  'paymentExpired',
  'paymentCanceled',
  'paymentLink',
  'routed',
  'routeWaiting',
  'refunded',
  'refundFailed',
]);

/** Where a change without a user came from (the `source` of applyTransition's audit entry). */
const SOURCE_ACTORS: Record<string, string> = {
  shop: HISTORY_ACTORS.customer,
  webhook: HISTORY_ACTORS.paymentProvider,
  // Mollie's webhook, after the server read the payment from Mollie (provider-payments.ts).
  mollie: HISTORY_ACTORS.paymentProvider,
  'payment-page': HISTORY_ACTORS.paymentProvider,
  // The large seed's name for a payment (seed/large.ts).
  payment: HISTORY_ACTORS.paymentProvider,
};

type Data = { from?: unknown; to?: unknown; source?: unknown; audience?: unknown; subject?: unknown } & Record<
  string,
  unknown
>;

/** Entries of one transaction share their time (now() is the transaction's start): the change before its mails. */
const ORDER: Partial<Record<ReservationHistoryEvent, number>> = { mailCustomer: 1, mailWorkshop: 2 };

function statusesOf(event: ReservationHistoryEvent, data: Data) {
  if (event === 'placed') return { fromStatus: null, toStatus: historyStatus(0) };
  if (!(event in TRANSITIONS)) return { fromStatus: null, toStatus: null };
  // Entries written before the from status was recorded (the large seed): the table knows it when it is one.
  const rule = TRANSITIONS[event as Transition];
  const from = data.from ?? (rule.from.length === 1 ? rule.from[0] : null);
  return { fromStatus: historyStatus(from), toStatus: historyStatus(data.to ?? rule.to) };
}

function actorOfEntry(event: ReservationHistoryEvent, data: Data, userName: string | null, userId: string | null) {
  if (userId) return userName ?? HISTORY_ACTORS.formerUser;
  if (event === 'placed' || event === 'startReturn') return HISTORY_ACTORS.customer;
  if (PROVIDER_EVENTS.has(event)) return HISTORY_ACTORS.paymentProvider;
  return (typeof data.source === 'string' && SOURCE_ACTORS[data.source]) || HISTORY_ACTORS.automatic;
}

/** Several recipients (the workshop's admins): failed when one failed, else waiting when one waits. */
function mailStateOf(states: (MailDelivery | undefined)[]): MailDelivery | null {
  if (states.length === 0) return null;
  if (states.includes('failed')) return 'failed';
  return states.includes('waiting') ? 'waiting' : 'sent';
}

export async function reservationHistory(
  ctx: AppContext,
  actor: Actor,
  reservationId: string,
): Promise<ReservationHistoryEntry[]> {
  const [found] = await ctx.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.id, reservationId),
        actor.kind === 'superAdmin' ? undefined : eq(reservations.tenantId, actor.tenantId ?? crypto.randomUUID()),
      ),
    );
  if (!found) throw notFound();
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      data: auditLog.data,
      actorUserId: auditLog.actorUserId,
      name: users.name,
      surname: users.surname,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entityType, 'reservation'), eq(auditLog.entityId, reservationId)))
    .orderBy(asc(auditLog.at));
  const jobIdsOf = (data: Data) =>
    Array.isArray(data.jobIds) ? data.jobIds.filter((id): id is string => typeof id === 'string') : [];
  const deliveries = await mailDeliveries(
    ctx.db,
    rows.flatMap((row) => (row.action === MAIL_AUDIT_ACTION ? jobIdsOf((row.data ?? {}) as Data) : [])),
  );
  const entries: (ReservationHistoryEntry & { at: number })[] = [];
  for (const row of rows) {
    const data = (row.data ?? {}) as Data;
    const event: ReservationHistoryEvent | undefined =
      row.action === MAIL_AUDIT_ACTION
        ? data.audience === 'workshop'
          ? 'mailWorkshop'
          : 'mailCustomer'
        : ACTION_EVENTS[row.action];
    if (!event) continue;
    const userName = row.name === null ? null : `${row.name} ${row.surname ?? ''}`.trim();
    const detail =
      typeof data.subject === 'string'
        ? data.subject
        : event === 'trackAndTrace' && typeof data.trackAndTrace === 'string'
          ? data.trackAndTrace
          : typeof data.detail === 'string'
            ? data.detail
            : null;
    entries.push({
      id: row.id,
      at: row.at.getTime(),
      time: row.at.toISOString(),
      actor: actorOfEntry(event, data, userName, row.actorUserId),
      ...statusesOf(event, data),
      event,
      description: historyDescription(event, detail),
      mailState: row.action === MAIL_AUDIT_ACTION ? mailStateOf(jobIdsOf(data).map((id) => deliveries.get(id))) : null,
    });
  }
  // Stable sort: within one time, the change first, then the customer's mail, then the workshop's.
  entries.sort((a, b) => a.at - b.at || (ORDER[a.event] ?? 0) - (ORDER[b.event] ?? 0));
  return entries.map(({ at: _, ...entry }) => entry);
}
