import { type Dashboard, HISTORY_ACTORS, MESSAGES, type ReservationHistoryEntry, STATUS } from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservations } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditOf, holiday, placeNew, reservationOf, startedAgo, until, WORKSHOP } from './deadline-fixtures.ts';
import { runDeadlines } from './reservation-deadlines.service.ts';

/**
 * Reservations that move by themselves. The first two blocks and the last run the real scheduler (SCHEDULER_INTERVAL
 * 500ms) with deadlines of an hour or more set by configuration, move a reservation's start back past each deadline in
 * turn and poll for the outcome (no test waits for a deadline to run out on the wall clock); the others call one run
 * of it directly on reservations whose start is moved back, with the default deadlines.
 */
const ADMIN = 'beheer@dedraaischijf.nl';
const HOUR = 3_600_000;
const linkIn = (text: string, part: string) => text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part)) ?? '';

/**
 * Reads after asking the app's job runner to look for due jobs now (what it does after its own commits), instead of
 * waiting for its next poll (every 2 s): the scheduler's task is due every SCHEDULER_INTERVAL.
 */
function looked<T>(t: TestApp, read: () => Promise<T>): Promise<T> {
  t.ctx.jobs.nudge();
  return read();
}

async function productReserved(t: TestApp, productId: string) {
  const [p] = await t.ctx.db
    .select({ isReserved: products.isReserved })
    .from(products)
    .where(eq(products.id, productId));
  return p?.isReserved;
}

describe('a new reservation nobody answers (real scheduler, deadlines set by configuration)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({
      SCHEDULER_INTERVAL: '500ms',
      RESERVATION_REMIND_AFTER: '1h',
      RESERVATION_EXPIRE_AFTER: '4h',
    });
    admin = await t.tokenFor(ADMIN, WORKSHOP);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reminds the workshop’s admins once, then rejects it: the customer mailed, history says automatisch', async () => {
    const placed = await placeNew(t);
    await startedAgo(t, placed.id, 2 * HOUR);
    const reminded = await until(
      () => looked(t, () => auditOf(t, placed.id, 'reservation.workshop-reminder')),
      (rows) => rows.length > 0,
    );
    expect(reminded).toHaveLength(1);
    expect((await reservationOf(t, admin, placed.id)).status.code).toBe(STATUS.new);
    await startedAgo(t, placed.id, 5 * HOUR);
    const rejected = await until(
      () => looked(t, () => reservationOf(t, admin, placed.id)),
      (r) => r.status.code === STATUS.rejected,
    );
    expect(rejected.status.code).toBe(STATUS.rejected);
    expect(await auditOf(t, placed.id, 'reservation.workshop-reminder')).toHaveLength(1);

    const mails = (await t.mails()).filter((m) => m.text.includes(placed.orderNumber));
    const reminders = mails.filter(
      (m) => m.subject === `Herinnering: reservering ${placed.orderNumber} wacht op je antwoord`,
    );
    expect(reminders.map((m) => m.to)).toEqual([ADMIN]);
    expect(linkIn(reminders[0]?.text ?? '', '/reservations/')).toContain(placed.id);
    const toCustomer = mails.filter((m) => m.subject === `Je reservering is vervallen (${placed.orderNumber})`);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]?.text).toContain('niet op tijd kunnen bevestigen');

    const history = (
      await t.call<ReservationHistoryEntry[]>('GET', `/api/reservations/${placed.id}/history`, { token: admin })
    ).body;
    const reject = history.find((e) => e.event === 'reject');
    expect(reject).toMatchObject({ actor: HISTORY_ACTORS.automatic, toStatus: { code: STATUS.rejected } });
  });
});

describe('an approved reservation nobody pays (real scheduler, deadlines set by configuration)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ SCHEDULER_INTERVAL: '500ms', PAYMENT_REMIND_AFTER: '1h', PAYMENT_EXPIRE_AFTER: '4h' });
    admin = await t.tokenFor(ADMIN, WORKSHOP);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the payment reminder once, then rejects it: links dead, product free, the paused one resumes', async () => {
    const first = await placeNew(t);
    const second = await placeNew(t, first.productId);
    expect((await t.call('POST', `/api/reservations/${first.id}/confirm`, { token: admin })).status).toBe(204);
    expect((await reservationOf(t, admin, second.id)).isPaused).toBe(true);
    expect(await productReserved(t, first.productId)).toBe(true);

    await startedAgo(t, first.id, 2 * HOUR, 'approved');
    const reminded = await until(
      () => looked(t, () => auditOf(t, first.id, 'reservation.payment-reminder')),
      (rows) => rows.length > 0,
    );
    expect(reminded).toHaveLength(1);
    expect((await reservationOf(t, admin, first.id)).status.code).toBe(STATUS.awaitingPayment);
    await startedAgo(t, first.id, 5 * HOUR, 'approved');
    const rejected = await until(
      () => looked(t, () => reservationOf(t, admin, first.id)),
      (r) => r.status.code === STATUS.rejected,
    );
    expect(rejected.status.code).toBe(STATUS.rejected);
    expect(await auditOf(t, first.id, 'reservation.payment-reminder')).toHaveLength(1);

    const mails = (await t.mails()).filter((m) => m.text.includes(first.orderNumber));
    const approval = mails.find((m) => m.subject.startsWith('Je reservering is goedgekeurd'));
    const reminders = mails.filter((m) => m.subject.startsWith('Herinnering: je reservering wacht op betaling'));
    expect(reminders).toHaveLength(1);
    const expired = mails.filter((m) => m.subject === `Je reservering is vervallen (${first.orderNumber})`);
    expect(expired).toHaveLength(1);
    expect(expired[0]?.text).toContain('werkt de betaallink niet meer');
    for (const mail of [approval, reminders[0]]) {
      const link = linkIn(mail?.text ?? '', '/betalen/');
      const page = await fetch(`${t.baseUrl}${new URL(link).pathname}`);
      expect(page.status, link).toBe(404);
      expect(await page.text()).toContain(MESSAGES.paymentInvalid);
    }
    expect(await productReserved(t, first.productId)).toBe(false);
    const resumed = await reservationOf(t, admin, second.id);
    expect(resumed).toMatchObject({ isPaused: false, status: { code: STATUS.new, name: 'Nieuw' } });
  });
});

describe('one run of the deadlines', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ADMIN, WORKSHOP);
    await runDeadlines(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never races a person: approve and expire at the same moment, exactly one wins and the state is whole', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const placed = await placeNew(t);
      await startedAgo(t, placed.id, 73 * HOUR);
      // The run starts a little later each round, so the two meet at different points of each other's work.
      const [approve, run] = await Promise.all([
        t.call('POST', `/api/reservations/${placed.id}/confirm`, { token: admin }),
        new Promise((resolve) => setTimeout(resolve, i * 4)).then(() => runDeadlines(t.ctx)),
      ]);
      const r = await reservationOf(t, admin, placed.id);
      const transitions = [
        ...(await auditOf(t, placed.id, 'reservation.confirm')),
        ...(await auditOf(t, placed.id, 'reservation.reject')),
      ];
      expect(transitions).toHaveLength(1);
      if (approve.status === 204) {
        expect(run.rejectedNew).toBe(0);
        expect(r.status.code).toBe(STATUS.awaitingPayment);
        expect(await productReserved(t, placed.productId)).toBe(true);
        outcomes.add('approved');
      } else {
        expect(approve.status).toBe(409);
        expect(run.rejectedNew).toBe(1);
        expect(r.status.code).toBe(STATUS.rejected);
        expect(await productReserved(t, placed.productId)).toBe(false);
        outcomes.add('expired');
      }
    }
    console.log(`approve against expire, 6 races: ${[...outcomes].join(' and ')} won`);
  });

  it('does not act during the workshop’s holiday, and the clock stands still during it', async () => {
    const placed = await placeNew(t);
    await startedAgo(t, placed.id, 100 * HOUR);
    // On holiday today: nothing happens, not even the reminder.
    await holiday(t, -1, 1);
    expect(await runDeadlines(t.ctx)).toEqual({
      workshopReminders: 0,
      rejectedNew: 0,
      paymentReminders: 0,
      rejectedUnpaid: 0,
    });
    // A holiday of the last three days (today's excluded): 100 h placed less up to 72 h standing still is under the
    // 72 h deadline, past the 24 h reminder.
    await holiday(t, -3, -1);
    const run = await runDeadlines(t.ctx);
    expect(run.rejectedNew).toBe(0);
    expect((await reservationOf(t, admin, placed.id)).status.code).toBe(STATUS.new);
    expect(await auditOf(t, placed.id, 'reservation.workshop-reminder')).toHaveLength(1);
    // Without the holiday its 100 h are counted in full.
    await holiday(t, null, null);
    expect((await runDeadlines(t.ctx)).rejectedNew).toBe(1);
    expect((await reservationOf(t, admin, placed.id)).status.code).toBe(STATUS.rejected);
  });

  it('leaves a paused reservation alone, and starts its clock when it resumes', async () => {
    const holder = await placeNew(t);
    const behind = await placeNew(t, holder.productId);
    expect((await t.call('POST', `/api/reservations/${holder.id}/confirm`, { token: admin })).status).toBe(204);
    await startedAgo(t, behind.id, 100 * HOUR);
    await runDeadlines(t.ctx);
    expect(await reservationOf(t, admin, behind.id)).toMatchObject({ isPaused: true, status: { code: STATUS.new } });
    expect(await auditOf(t, behind.id, 'reservation.workshop-reminder')).toHaveLength(0);

    expect((await t.call('POST', `/api/reservations/${holder.id}/reject`, { token: admin })).status).toBe(204);
    await runDeadlines(t.ctx);
    // Placed 100 hours ago, but resumed just now: neither rejected nor reminded yet.
    expect(await reservationOf(t, admin, behind.id)).toMatchObject({ isPaused: false, status: { code: STATUS.new } });
    expect(await auditOf(t, behind.id, 'reservation.workshop-reminder')).toHaveLength(0);
    await t.ctx.db
      .update(reservations)
      .set({ deadlineFrom: sql`now() - interval '73 hours'` })
      .where(eq(reservations.id, behind.id));
    expect((await runDeadlines(t.ctx)).rejectedNew).toBe(1);
    expect((await reservationOf(t, admin, behind.id)).status.code).toBe(STATUS.rejected);
  });

  it('counts what expires within 24 hours on the dashboard, the card’s list has exactly those', async () => {
    const soon = await placeNew(t);
    await startedAgo(t, soon.id, 60 * HOUR);
    const later = await placeNew(t);
    await startedAgo(t, later.id, 40 * HOUR);
    const unpaid = await placeNew(t);
    expect((await t.call('POST', `/api/reservations/${unpaid.id}/confirm`, { token: admin })).status).toBe(204);
    await startedAgo(t, unpaid.id, 6.5 * 24 * HOUR, 'approved');
    const dashboard = (await t.call<Dashboard>('GET', '/api/dashboard', { token: admin })).body;
    const list = await t.call<{ items: { id: string }[]; totalCount: number }>(
      'GET',
      '/api/reservations/all?todo=expiresSoon&skipCount=0&maxResultCount=50',
      { token: admin },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((r) => r.id).sort()).toEqual([soon.id, unpaid.id].sort());
    expect(dashboard.todo.expiresSoon).toBe(list.body.totalCount);
    // A holiday of today and tomorrow stops both clocks until it ends: neither runs out within 24 hours now.
    await holiday(t, 0, 1);
    const during = await t.call<{ id: string }[]>('GET', '/api/reservations/all?todo=expiresSoon', { token: admin });
    expect(during.body.map((r) => r.id)).toEqual([]);
    await holiday(t, null, null);
  });
});

describe('two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { SCHEDULER_INTERVAL: '500ms', RESERVATION_REMIND_AFTER: '1h', RESERVATION_EXPIRE_AFTER: '3h' };
    a = await createTestApp(env);
    b = await createTestApp(env, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('remind and reject each happen once, with both schedulers running and both running extra rounds', async () => {
    const admin = await a.tokenFor(ADMIN, WORKSHOP);
    const placed = await placeNew(a);
    const extra = async () => {
      await Promise.all([runDeadlines(a.ctx), runDeadlines(b.ctx), runDeadlines(a.ctx), runDeadlines(b.ctx)]);
    };
    await startedAgo(a, placed.id, 2 * HOUR);
    const reminded = await until(
      async () => {
        await extra();
        return auditOf(a, placed.id, 'reservation.workshop-reminder');
      },
      (rows) => rows.length > 0,
    );
    expect(reminded).toHaveLength(1);
    await startedAgo(a, placed.id, 4 * HOUR);
    const rejected = await until(
      async () => {
        await extra();
        return reservationOf(b, admin, placed.id);
      },
      (r) => r.status.code === STATUS.rejected,
    );
    expect(rejected.status.code).toBe(STATUS.rejected);
    await extra();
    expect(await auditOf(a, placed.id, 'reservation.workshop-reminder')).toHaveLength(1);
    expect(await auditOf(a, placed.id, 'reservation.reject')).toHaveLength(1);
    const mailsQueued = await auditOf(a, placed.id, 'mail.queued');
    expect(mailsQueued.map((m) => (m.data as { subject: string }).subject).sort()).toEqual(
      [
        `Herinnering: reservering ${placed.orderNumber} wacht op je antwoord`,
        `We hebben je reservering ontvangen (${placed.orderNumber})`,
        `Je reservering is vervallen (${placed.orderNumber})`,
        `Nieuwe reservering ${placed.orderNumber}`,
      ].sort(),
    );
  });
});
