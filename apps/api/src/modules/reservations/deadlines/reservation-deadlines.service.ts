/**
 * Reservations that move by themselves (docs/decisions/0036): one recurring job, run once per
 * SCHEDULER_INTERVAL across all instances (lib/jobs.ts), that reminds the workshop of a new reservation it has not
 * answered, rejects one it never answers, reminds the customer of an unpaid one and rejects one never paid.
 *
 * Every step is one transaction whose UPDATE repeats the status it was decided on (and, for a reminder, that none was
 * sent yet), so a person's action at the same moment wins or loses as a whole, and a second instance (or a second
 * run) finds nothing left to do.
 */
import { type DeadlineSetting, STATUS } from '@ateliermarkt/contract';
import { and, asc, eq, isNull, not, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { reservations } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { audit } from '../../../lib/audit.ts';
import { type ExpiryReason, reservationExpiredMail } from '../../../templates/mail/reservation-expired.ts';
import { RELATIVE_TO_APP } from '../../images/index.ts';
import { currentSettings, deadlineMs } from '../../settings/index.ts';
import { notifyWorkshop } from '../mails/workshop-notifications.ts';
import { remindOfPayment } from '../payments/payment-reminder.ts';
import { findReservations, isPausedSql } from '../reservations.repository.ts';
import { applyTransition } from '../transitions/reservation-transitions.service.ts';
import { type Deadlines, deadlinePassed } from './reservation-deadline-clock.ts';

export const DEADLINES_JOB = 'reservations.deadlines';
/** The audit source of the scheduler's changes: the history shows it as 'automatisch'. */
const SOURCE = 'scheduler';
/** At most this many of each kind per run; the next run takes the rest. */
const BATCH = 100;

export async function currentDeadlines(ctx: AppContext): Promise<Deadlines> {
  const settings = await currentSettings(ctx);
  const keys: DeadlineSetting[] = [
    'reservationRemindAfter',
    'reservationExpireAfter',
    'paymentRemindAfter',
    'paymentExpireAfter',
  ];
  return Object.fromEntries(keys.map((key) => [key, deadlineMs(settings, key)])) as Deadlines;
}

const isNewAndNotPaused = (ctx: AppContext) =>
  and(eq(reservations.status, STATUS.new), not(isPausedSql(ctx.db))) as SQL;

async function due(ctx: AppContext, where: SQL): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(where)
    .orderBy(asc(reservations.createdAt))
    .limit(BATCH);
  return rows.map((row) => row.id);
}

/** Once: marks the reservation reminded while it is still new and unreminded, and mails its workshop's admins. */
async function remindWorkshop(ctx: AppContext, id: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(reservations)
      .set({ remindedAt: new Date() })
      .where(and(eq(reservations.id, id), eq(reservations.status, STATUS.new), isNull(reservations.remindedAt)))
      .returning({ tenantId: reservations.tenantId });
    if (!row) return false;
    await notifyWorkshop(ctx, tx, id, 'reminder');
    await audit(tx, {
      actorUserId: null,
      tenantId: row.tenantId,
      action: 'reservation.workshop-reminder',
      entityType: 'reservation',
      entityId: id,
      data: { source: SOURCE },
    });
    return true;
  });
}

/**
 * Once: the customer's payment reminder with a new link, as the workshop's button sends it (the old link then says it
 * was replaced, payment-links.ts).
 */
async function remindCustomer(ctx: AppContext, id: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(reservations)
      .set({ paymentRemindedAt: new Date() })
      .where(
        and(
          eq(reservations.id, id),
          eq(reservations.status, STATUS.awaitingPayment),
          isNull(reservations.paymentRemindedAt),
        ),
      )
      .returning({ tenantId: reservations.tenantId });
    if (!row) return false;
    const target = { id, tenantId: row.tenantId, status: STATUS.awaitingPayment };
    const reload = async () => (await findReservations(tx, eq(reservations.id, id), RELATIVE_TO_APP))[0];
    const auditAs = { actorUserId: null, tenantId: row.tenantId, data: { source: SOURCE } };
    if (!(await remindOfPayment(ctx, tx, target, reload, auditAs))) {
      throw new Error('reservation changed inside its own transaction');
    }
    return true;
  });
}

/** Rejects through the state machine's own transition, only from the status the decision was made on. */
async function expire(ctx: AppContext, id: string, from: typeof STATUS.new | typeof STATUS.awaitingPayment) {
  const reason: ExpiryReason = from === STATUS.new ? 'unanswered' : 'unpaid';
  const [r] = await findReservations(ctx.db, eq(reservations.id, id), RELATIVE_TO_APP);
  if (!r) return false;
  try {
    await applyTransition(ctx, null, id, 'reject', SOURCE, reservationExpiredMail(r, reason), undefined, from);
    return true;
  } catch (error) {
    // A person answered first (409): their action stands, nothing to do.
    if (error instanceof AppError) return false;
    throw error;
  }
}

export type DeadlineRun = {
  workshopReminders: number;
  rejectedNew: number;
  paymentReminders: number;
  rejectedUnpaid: number;
};

/** One run of the deadlines: what is due now, each step in its own guarded transaction. */
export async function runDeadlines(ctx: AppContext): Promise<DeadlineRun> {
  const d = await currentDeadlines(ctx);
  const result: DeadlineRun = { workshopReminders: 0, rejectedNew: 0, paymentReminders: 0, rejectedUnpaid: 0 };
  const newExpired = await due(
    ctx,
    and(isNewAndNotPaused(ctx), deadlinePassed('placed', d.reservationExpireAfter)) as SQL,
  );
  for (const id of newExpired) if (await expire(ctx, id, STATUS.new)) result.rejectedNew++;
  const toRemind = await due(
    ctx,
    and(
      isNewAndNotPaused(ctx),
      isNull(reservations.remindedAt),
      deadlinePassed('placed', d.reservationRemindAfter),
    ) as SQL,
  );
  for (const id of toRemind) if (await remindWorkshop(ctx, id)) result.workshopReminders++;
  const unpaidExpired = await due(
    ctx,
    and(eq(reservations.status, STATUS.awaitingPayment), deadlinePassed('approved', d.paymentExpireAfter)) as SQL,
  );
  for (const id of unpaidExpired) if (await expire(ctx, id, STATUS.awaitingPayment)) result.rejectedUnpaid++;
  const toRemindOfPayment = await due(
    ctx,
    and(
      eq(reservations.status, STATUS.awaitingPayment),
      isNull(reservations.paymentRemindedAt),
      deadlinePassed('approved', d.paymentRemindAfter),
    ) as SQL,
  );
  for (const id of toRemindOfPayment) if (await remindCustomer(ctx, id)) result.paymentReminders++;
  if (Object.values(result).some((n) => n > 0)) ctx.jobs.nudge();
  return result;
}

export function registerDeadlineJobs(ctx: AppContext) {
  ctx.jobs.every(DEADLINES_JOB, ctx.config.schedulerIntervalMs, async () => {
    const result = await runDeadlines(ctx);
    if (Object.values(result).some((n) => n > 0)) ctx.log.info({ deadlines: result }, 'reservation deadlines');
  });
}
