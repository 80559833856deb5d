/**
 * The dashboard's 'Te doen' kinds as SQL conditions on `reservations`. GET dashboard counts with them and
 * GET reservations/all?todo= lists with them: one condition per kind, so a card's count is the linked list's total.
 */
import {
  AWAITING_PAYMENT_LONG_DAYS,
  assertNever,
  DELIVERY_METHOD_PICKUP,
  EXPIRES_SOON_HOURS,
  STATUS,
  type TodoKind,
} from '@ateliermarkt/contract';
import { and, eq, isNotNull, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { reservations } from '../../../db/schema/index.ts';
import { type Deadlines, expiresWithin, type JoinedTodoColumns } from '../deadlines/reservation-deadline-clock.ts';
import { isPausedSql } from '../reservations.repository.ts';

/**
 * `deadlines` (the settings' of now, currentDeadlines) are needed for 'expiresSoon' only. `joined` replaces the
 * correlated subqueries (isPausedSql's EXISTS, the workshop's holiday), each a sub-plan run per row, with columns the
 * caller joined once (the dashboard); they must mean the same.
 */
export function todoCondition(db: DbOrTx, kind: TodoKind, deadlines?: Deadlines, joined?: JoinedTodoColumns): SQL {
  const paused = joined?.paused ?? isPausedSql(db);
  switch (kind) {
    case 'toApprove':
      return and(eq(reservations.status, STATUS.new), not(paused)) as SQL;
    case 'paused':
      return paused;
    case 'expiresSoon':
      if (!deadlines) throw new Error('expiresSoon needs the deadlines');
      return expiresWithin(db, deadlines, EXPIRES_SOON_HOURS * 3_600_000, joined);
    case 'awaitingPaymentLong':
      // Reservations written without an approval time (older seeds) count from their last change.
      return and(
        eq(reservations.status, STATUS.awaitingPayment),
        lte(
          sql`coalesce(${reservations.confirmedAt}, ${reservations.updatedAt})`,
          sql`${joined?.now ?? sql`now()`} - make_interval(days => ${AWAITING_PAYMENT_LONG_DAYS})`,
        ),
      ) as SQL;
    case 'toShip':
      return and(
        eq(reservations.status, STATUS.paid),
        ne(reservations.deliveryMethodId, DELIVERY_METHOD_PICKUP),
      ) as SQL;
    case 'toHandOver':
      return and(
        eq(reservations.status, STATUS.paid),
        eq(reservations.deliveryMethodId, DELIVERY_METHOD_PICKUP),
      ) as SQL;
    case 'returning':
      return eq(reservations.status, STATUS.returning);
    case 'withdrawals':
      // Withdrawn through the customer's link with something left to do: the return, or the refund.
      return and(
        isNotNull(reservations.withdrawnAt),
        or(eq(reservations.status, STATUS.returning), eq(reservations.refundStatus, 'pending')),
      ) as SQL;
    default:
      return assertNever(kind, 'todo kind');
  }
}
