/**
 * The payouts of a month: the preview and the SEPA bank file, built from the month's statements
 * over real HTTP on a fresh database; the file validated against the official pain.001.001.03 schema.
 */
import { MESSAGES, type MonthStatements, type PayoutPreview } from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutDownloads, reservations, users, workspaces } from '../../db/schema/index.ts';
import { sepaAmount } from '../../lib/sepa/pain001.ts';
import { ibanOf } from '../../lib/sepa/sepa-fixtures.ts';
import { sepaId } from '../../lib/sepa/sepa-text.ts';
import {
  expectOk,
  type ReservationStage,
  reservationIn,
  WORKSHOP_A,
  WORKSHOP_B,
} from '../../security/security-fixtures.ts';
import { pain001SchemaErrors } from '../../test/pain001-schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { resetSettings, writeSettings } from '../settings/index.ts';

let t: TestApp;
let adminA: string;
let adminB: string;
let superAdmin: string;
let workshopA: string;
let workshopB: string;

const PLATFORM = { platformName: 'Ateliermarkt B.V.', platformIban: 'NL91ABNA0417164300' };
const IBAN_A = ibanOf('NL', 'RABO0123456789');
const IBAN_B = ibanOf('NL', 'INGB0001234567');

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP_A);
  adminB = await t.tokenFor('beheer@glasatelierhelder.nl', WORKSHOP_B);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
  workshopA = await t.tenantId(WORKSHOP_A);
  workshopB = await t.tenantId(WORKSHOP_B);
});
afterAll(async () => {
  await t?.close();
});

const setAccount = (workshopId: string, iban: string | null, ibanHolder: string | null = null) =>
  t.ctx.db.update(workspaces).set({ iban, ibanHolder }).where(eq(workspaces.tenantId, workshopId));
const setPlatform = (values: typeof PLATFORM) => t.ctx.db.transaction((tx) => writeSettings(tx, values, null));

/** A reservation of `workshop` in `stage` (a real order, approval and payment), then paid at `at`. */
async function paidAt(workshop: string, token: string, at: string, stage: ReservationStage = 'shipped') {
  const r = await reservationIn(t, token, stage, { workshop });
  await t.ctx.db
    .update(reservations)
    .set({ paidAt: new Date(at) })
    .where(eq(reservations.id, r.id));
  return r;
}

async function get<T>(url: string, token = superAdmin) {
  const res = await t.call<T>('GET', url, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}
const statementsOf = async (month: string) =>
  (await get<MonthStatements>(`/api/statements?month=${month}`)).body.statements;
const previewOf = async (month: string) => (await get<PayoutPreview>(`/api/payouts?month=${month}`)).body;

/** Every value of `tag` in the document, in order. */
const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

describe('payouts: who may ask', () => {
  it('the super admin only; a month that is not YYYY-MM is 400', async () => {
    for (const url of ['/api/payouts?month=2020-05', '/api/files/payouts?month=2020-05']) {
      expect((await t.call('GET', url)).status).toBe(401);
      expect((await t.call('GET', url, { token: adminA })).status).toBe(403);
      expect((await t.call('GET', url, { token: adminB })).status).toBe(403);
    }
    for (const month of ['2020-13', '2020-5', 'mei', '', '0000-01'])
      expect((await t.call('GET', `/api/files/payouts?month=${month}`, { token: superAdmin })).status).toBe(400);
    expect((await t.call('GET', '/api/payouts?month=2020-05&extra=1', { token: superAdmin })).status).toBe(400);
  });
});

describe('payouts of a month', () => {
  const month = '2020-05';

  it('no file while the platform account is not set: 409 saying where to set it; the preview says so too', async () => {
    await paidAt(WORKSHOP_A, adminA, '2020-05-04T10:00:00Z');
    await setAccount(workshopA, IBAN_A);
    const res = await t.call<{ error: { message: string } }>('GET', `/api/files/payouts?month=${month}`, {
      token: superAdmin,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MESSAGES.payoutAccountMissing);
    expect((await previewOf(month)).platformAccount).toBeNull();
  });

  it("pays each workshop with an IBAN its statement's net, lists the others as skipped, and the file is schema-valid", async () => {
    await paidAt(WORKSHOP_A, adminA, '2020-05-20T10:00:00Z', 'pickedUp');
    await paidAt(WORKSHOP_B, adminB, '2020-05-21T10:00:00Z');
    await setAccount(workshopA, IBAN_A, 'M. de Draaier');
    await setAccount(workshopB, null);
    await setPlatform(PLATFORM);
    try {
      const statements = await statementsOf(month);
      const netOf = (workshopId: string) => statements.find((s) => s.tenantId === workshopId)?.totals.netCents ?? 0;
      const creditorA = statements.find((s) => s.tenantId === workshopA)?.creditorNumber ?? '';
      expect(netOf(workshopA)).toBeGreaterThan(0);
      expect(netOf(workshopB)).toBeGreaterThan(0);

      const preview = await previewOf(month);
      expect(preview.platformAccount).toEqual({ name: PLATFORM.platformName, iban: PLATFORM.platformIban });
      expect(preview.transfers).toEqual([
        {
          tenantId: workshopA,
          workshopName: WORKSHOP_A,
          creditorNumber: creditorA,
          accountHolder: 'M. de Draaier',
          iban: IBAN_A,
          amountCents: netOf(workshopA),
          ibanChangedAt: null, // set straight in the table here, not through the workshop form
        },
      ]);
      expect(preview.skipped).toEqual([
        expect.objectContaining({
          tenantId: workshopB,
          workshopName: WORKSHOP_B,
          netCents: netOf(workshopB),
          reason: 'noIban',
        }),
      ]);
      expect(preview.numberOfTransfers).toBe(1);
      expect(preview.totalCents).toBe(netOf(workshopA));

      const res = await fetch(`${t.baseUrl}/api/files/payouts?month=${month}`, {
        headers: { authorization: `Bearer ${superAdmin}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="uitbetalingen-2020-05.xml"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const xml = await res.text();
      expect(await pain001SchemaErrors(xml)).toEqual([]);
      expect(values(xml, 'NbOfTxs')).toEqual(['1', '1']);
      expect(values(xml, 'CtrlSum')).toEqual([sepaAmount(netOf(workshopA)), sepaAmount(netOf(workshopA))]);
      expect(values(xml, 'IBAN')).toEqual([PLATFORM.platformIban, IBAN_A]);
      expect(values(xml, 'Nm')).toEqual(['Ateliermarkt B.V.', 'Ateliermarkt B.V.', 'M. de Draaier']);
      expect(values(xml, 'EndToEndId')).toEqual([sepaId(creditorA)]);
      expect(values(xml, 'Ustrd')[0]).toContain('Uitbetaling Ateliermarkt mei 2020');
      // A second file of the same month, asked for on purpose, is another message for the bank.
      const again = await (
        await fetch(`${t.baseUrl}/api/files/payouts?month=${month}&again=true`, {
          headers: { authorization: `Bearer ${superAdmin}` },
        })
      ).text();
      expect(values(again, 'MsgId')).not.toEqual(values(xml, 'MsgId'));
    } finally {
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['platformName', 'platformIban']));
    }
  });

  it('a month with nobody to pay is 409; the preview lists who was left out', async () => {
    await setPlatform(PLATFORM);
    try {
      await setAccount(workshopA, null);
      await setAccount(workshopB, null);
      const res = await t.call<{ error: { message: string } }>('GET', `/api/files/payouts?month=${month}`, {
        token: superAdmin,
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(MESSAGES.payoutNothingToPay);
      expect((await previewOf(month)).skipped.map((s) => s.reason)).toEqual(['noIban', 'noIban']);
      const empty = await previewOf('2001-01');
      expect(empty).toMatchObject({ transfers: [], skipped: [], numberOfTransfers: 0, totalCents: 0 });
      expect((await t.call('GET', '/api/files/payouts?month=2001-01', { token: superAdmin })).status).toBe(409);
    } finally {
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['platformName', 'platformIban']));
    }
  });
});

describe('payouts: a second file of a month is a deliberate act', () => {
  const month = '2020-07';
  const file = (query: string, token = superAdmin) =>
    t.call<string & { error: { message: string } }>('GET', `/api/files/payouts?month=${month}${query}`, { token });

  it('records each download; a second one is 409 unless again=true; the preview lists the downloads', async () => {
    await paidAt(WORKSHOP_A, adminA, '2020-07-08T10:00:00Z');
    await setAccount(workshopA, IBAN_A);
    await setAccount(workshopB, null);
    await setPlatform(PLATFORM);
    try {
      const [superAdminUser] = await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.userName, 'admin@ateliermarkt.nl'));
      const superAdminId = superAdminUser?.id;
      expect(superAdminId).toBeTruthy();
      const expected = (await previewOf(month)).totalCents;
      expect(expected).toBeGreaterThan(0);
      expect((await previewOf(month)).downloads).toEqual([]);
      const before = Date.now();

      const first = await file('');
      expect(first.status).toBe(200);
      const [firstId] = values(first.body, 'MsgId');
      const afterFirst = await t.ctx.db.select().from(payoutDownloads).where(eq(payoutDownloads.month, month));
      expect(afterFirst).toHaveLength(1);
      expect(afterFirst[0]).toMatchObject({
        messageId: firstId,
        numberOfTransfers: 1,
        totalCents: expected,
        downloadedBy: superAdminId,
      });
      expect(afterFirst[0]?.downloadedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

      for (const query of ['', '&again=false']) {
        const refused = await file(query);
        expect(refused.status).toBe(409);
        expect(refused.body.error.message).toBe(MESSAGES.payoutAlreadyDownloaded);
      }
      expect(await t.ctx.db.select().from(payoutDownloads).where(eq(payoutDownloads.month, month))).toHaveLength(1);
      expect((await file('&again=ja')).status).toBe(400);
      // A workshop admin is 403 before anything is looked at or recorded, again or not.
      expect((await file('&again=true', adminA)).status).toBe(403);

      const second = await file('&again=true');
      expect(second.status).toBe(200);
      const [secondId] = values(second.body, 'MsgId');
      expect(secondId).not.toBe(firstId);
      expect(await pain001SchemaErrors(second.body)).toEqual([]);

      const preview = await previewOf(month);
      expect(preview.downloads).toEqual([
        {
          downloadedAt: afterFirst[0]?.downloadedAt.toISOString(),
          downloadedBy: 'Sanne de Vries',
          messageId: firstId,
          numberOfTransfers: 1,
          totalCents: expected,
        },
        expect.objectContaining({ messageId: secondId, numberOfTransfers: 1, totalCents: expected }),
      ]);
      // Another month's preview has none of them.
      expect((await previewOf('2020-06')).downloads).toEqual([]);
    } finally {
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['platformName', 'platformIban']));
    }
  });

  it('a refused file (nothing to pay) records nothing', async () => {
    await setPlatform(PLATFORM);
    try {
      expect((await t.call('GET', '/api/files/payouts?month=2001-02', { token: superAdmin })).status).toBe(409);
      expect(await t.ctx.db.select().from(payoutDownloads).where(eq(payoutDownloads.month, '2001-02'))).toEqual([]);
      expect((await previewOf('2001-02')).downloads).toEqual([]);
    } finally {
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['platformName', 'platformIban']));
    }
  });
});

// PGlite has one connection: a second transaction cannot start while one is open, so there is no race to lose there.
describe.runIf(process.env.DATABASE_URL)('payouts: two downloads at once (runs with DATABASE_URL)', () => {
  it('a download waits for one under way of the same month, then sees it and is 409', async () => {
    const month = '2020-08';
    await paidAt(WORKSHOP_A, adminA, '2020-08-08T10:00:00Z');
    await setAccount(workshopA, IBAN_A);
    await setPlatform(PLATFORM);
    try {
      let request: Promise<{ status: number }> | undefined;
      // The first download, under way: it holds the month's lock and has written its row, not yet committed.
      await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payout-file:${month}`}, 0))`);
        await tx
          .insert(payoutDownloads)
          .values({ month, messageId: 'AM-2020-08-UNDERWAY', numberOfTransfers: 1, totalCents: 1 });
        request = t.call('GET', `/api/files/payouts?month=${month}`, { token: superAdmin });
        // Committed only once the second one waits for the lock (without the lock it would not wait: a 200 then).
        const waiting = async () => {
          const result = await t.ctx.db.execute(
            sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          );
          return (result as unknown as { rows: unknown[] }).rows.length;
        };
        await expect.poll(waiting, { timeout: 20_000 }).toBeGreaterThan(0);
      });
      expect((await request)?.status).toBe(409);
      expect(await t.ctx.db.select().from(payoutDownloads).where(eq(payoutDownloads.month, month))).toHaveLength(1);
    } finally {
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['platformName', 'platformIban']));
    }
  });
});

describe('payouts of a month that is not over', () => {
  it('are shown but not paid: the file of this month is 409 until midnight in Amsterdam, then the month is over', async () => {
    // The app's clock at New Year's Eve, 23:59 in Amsterdam (22:59 UTC): the reservation is paid in December.
    t.clock.set(new Date('2026-12-31T22:59:00Z'));
    const thisMonth = '2026-12';
    await reservationIn(t, adminA, 'paid', { workshop: WORKSHOP_A });
    await setAccount(workshopA, IBAN_A);
    await setPlatform(PLATFORM);
    try {
      const preview = await previewOf(thisMonth);
      expect(preview.monthEnded).toBe(false);
      expect(preview.transfers.map((p) => p.tenantId)).toContain(workshopA);
      const res = await t.call<{ error: { message: string } }>('GET', `/api/files/payouts?month=${thisMonth}`, {
        token: superAdmin,
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(MESSAGES.payoutMonthNotOver);
      expect((await t.call('GET', '/api/files/payouts?month=2999-01', { token: superAdmin })).status).toBe(409);
      expect((await previewOf('2020-05')).monthEnded).toBe(true);
      // Two minutes later it is 00:01 on New Year's Day in Amsterdam (still 23:01 on the 31st in UTC).
      t.clock.advance(2 * 60_000);
      const after = await previewOf(thisMonth);
      expect(after.monthEnded).toBe(true);
      expect(after.transfers).toEqual(preview.transfers);
    } finally {
      t.clock.set(null);
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['platformName', 'platformIban']));
    }
  });
});

describe('payouts: the bank file pays exactly the statements', () => {
  it("for random months of random reservations: CtrlSum is the statements' net of the workshops with an IBAN", async () => {
    await setPlatform(PLATFORM);
    const reservation = fc.record({
      workshop: fc.constantFrom(WORKSHOP_A, WORKSHOP_B),
      stage: fc.constantFrom<ReservationStage>('paid', 'shipped', 'pickedUp'),
      day: fc.integer({ min: 1, max: 28 }),
      /** Returned and received in the month, after being paid in the month before: a credit only. */
      returnedFromEarlier: fc.boolean(),
    });
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(reservation, { minLength: 1, maxLength: 4 }),
          fc.constantFrom(IBAN_A, null, 'NL00RABO0000000000'),
          fc.constantFrom(IBAN_B, null),
          async (planned, ibanA, ibanB) => {
            run += 1;
            const month = `2011-${String(run).padStart(2, '0')}`;
            for (const r of planned) {
              const day = String(r.day).padStart(2, '0');
              const token = r.workshop === WORKSHOP_A ? adminA : adminB;
              if (!r.returnedFromEarlier) {
                await paidAt(r.workshop, token, `${month}-${day}T10:00:00Z`, r.stage);
                continue;
              }
              const made = await reservationIn(t, token, 'returning', { workshop: r.workshop });
              expectOk(await t.call('POST', `/api/reservations/${made.id}/returned`, { token }), 'returned');
              await t.ctx.db
                .update(reservations)
                .set({
                  paidAt: new Date('2010-12-15T10:00:00Z'),
                  returnReceivedAt: new Date(`${month}-${day}T10:00:00Z`),
                })
                .where(eq(reservations.id, made.id));
            }
            await setAccount(workshopA, ibanA);
            await setAccount(workshopB, ibanB);
            const ibanOfWorkshop = new Map([
              [workshopA, ibanA],
              [workshopB, ibanB],
            ]);
            const statements = await statementsOf(month);
            const paid = statements.filter(
              (s) => s.totals.netCents > 0 && [IBAN_A, IBAN_B].includes(ibanOfWorkshop.get(s.tenantId) ?? ''),
            );
            const expected = paid.reduce((sum, s) => sum + s.totals.netCents, 0);

            const preview = await previewOf(month);
            expect(preview.totalCents).toBe(expected);
            expect(preview.transfers.map((p) => [p.tenantId, p.amountCents])).toEqual(
              paid.map((s) => [s.tenantId, s.totals.netCents]),
            );
            expect(preview.transfers.length + preview.skipped.length).toBe(statements.length);

            const res = await t.call<string>('GET', `/api/files/payouts?month=${month}`, { token: superAdmin });
            if (paid.length === 0) {
              expect(res.status).toBe(409);
              return;
            }
            expect(res.status).toBe(200);
            expect(values(res.body, 'CtrlSum')).toEqual([sepaAmount(expected), sepaAmount(expected)]);
            expect(values(res.body, 'NbOfTxs')).toEqual([String(paid.length), String(paid.length)]);
            expect(await pain001SchemaErrors(res.body)).toEqual([]);
          },
        ),
        { numRuns: 6, endOnFailure: true },
      );
    } finally {
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['platformName', 'platformIban']));
    }
  }, 120_000);
});
