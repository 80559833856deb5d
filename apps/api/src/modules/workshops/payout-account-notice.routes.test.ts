import type { ErrorEnvelope, PayoutPreview, Workshop } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, workspaces } from '../../db/schema/index.ts';
import { reservationIn, WORKSHOP_A } from '../../security/security-fixtures.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import type { OutboxMail } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { writeSettings } from '../settings/index.ts';

/**
 * A changed payout account is told (docs/decisions/0038): the workshop, its admins and every super admin get a mail
 * with the new IBAN masked, in the transaction of the change; the time of the change is kept and the payouts preview
 * shows it to the super admin before paying.
 */
let t: TestApp;
let superToken: string;
let adminA: string;
let workshop: Workshop;

const SUBJECT = `Uitbetaalrekening van ${WORKSHOP_A} gewijzigd`;
const WORKSHOP_MAIL = 'info@dedraaischijf.test';

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP_A);
  const all = (await t.call<Workshop[]>('GET', '/api/workspaces/all', { token: superToken })).body;
  workshop = all.find((w) => w.name === WORKSHOP_A) as Workshop;
});
afterAll(async () => {
  await t?.close();
});

const get = () => t.call<Workshop>('GET', `/api/workspaces/${workshop.id}`, { token: superToken });
/** PUT back what GET returned, with changes (the round-trip rule (docs/decisions/0022)), as the workshop's admin or the super admin. */
async function put(token: string, changes: Record<string, unknown>) {
  const current = (await get()).body;
  const { name: _n, creditorNumber: _c, debtorNumber: _d, ...rest } = current;
  const own = token === superToken ? current : rest;
  const res = await t.call<Workshop & ErrorEnvelope>('PUT', `/api/workspaces/${workshop.id}`, {
    token,
    body: { ...own, currentPassword: DEMO_PASSWORD, ...changes },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
/** The mails about the payout account delivered since `before` (the outbox's files are in the order written). */
async function accountMails(before: number): Promise<OutboxMail[]> {
  return (await t.mails()).slice(before).filter((m) => m.subject === SUBJECT);
}
const mailCount = async () => (await t.mails()).length;

describe('a changed payout account', () => {
  it('mails the workshop, its admins and every super admin, with the new IBAN masked; not when unchanged', async () => {
    // The workshop's own address; the account is not touched, so nobody is told.
    let before = await mailCount();
    const withMail = await put(adminA, { email: WORKSHOP_MAIL });
    expect(withMail.ibanChangedAt).toBeNull();
    expect(await accountMails(before)).toEqual([]);

    before = await mailCount();
    const t0 = Date.now();
    const saved = await put(adminA, { iban: 'NL91 ABNA 0417 1643 00', ibanHolder: 'Draaischijf vof' });
    const mails = await accountMails(before);
    expect(mails.map((m) => m.to).sort()).toEqual(
      ['admin@ateliermarkt.nl', 'beheer@dedraaischijf.nl', WORKSHOP_MAIL].sort(),
    );
    for (const mail of mails) {
      expect(mail.text).toContain('NL•• •••• •••• ••43 00');
      expect(mail.text).not.toContain('NL91ABNA0417164300');
      expect(mail.text).toContain(`De rekening waarop Ateliermarkt de opbrengst van ${WORKSHOP_A} uitbetaalt`);
      expect(mail.text).toContain('gewijzigd door Marieke Jansen op');
      expect(mail.text).toContain('Neem dan direct contact op met Ateliermarkt');
    }
    // Not the workshop's plain user, nor another workshop's admin.
    expect(mails.map((m) => m.to)).not.toContain('medewerker@dedraaischijf.nl');
    expect(mails.map((m) => m.to)).not.toContain('beheer@glasatelierhelder.nl');

    // The time of the change is kept and shown.
    expect(saved.ibanChangedAt).not.toBeNull();
    const changedAt = new Date(saved.ibanChangedAt as string).getTime();
    expect(changedAt).toBeGreaterThanOrEqual(t0 - 1000);
    const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, workshop.id));
    expect(row?.ibanChangedAt?.toISOString()).toBe(saved.ibanChangedAt);

    // The same account again (another spelling), and a PUT without the fields: no mail, the time stays.
    before = await mailCount();
    const same = await put(adminA, {
      iban: 'nl91abna0417164300',
      ibanHolder: ' Draaischijf vof ',
      phone: '030-1234567',
    });
    const { iban: _i, ibanHolder: _h, ...withoutAccount } = (await get()).body;
    const left = await t.call<Workshop>('PUT', `/api/workspaces/${workshop.id}`, {
      token: superToken,
      body: { ...withoutAccount, phone: '030-7654321' },
    });
    expect(left.status).toBe(200);
    expect(await accountMails(before)).toEqual([]);
    expect(same.ibanChangedAt).toBe(saved.ibanChangedAt);
    expect(left.body.ibanChangedAt).toBe(saved.ibanChangedAt);

    // Only the holder changed, by the super admin: told too, with the super admin's name.
    before = await mailCount();
    await put(superToken, { ibanHolder: 'De Draaischijf B.V.' });
    const holder = await accountMails(before);
    expect(holder).toHaveLength(3);
    expect(holder[0]?.text).toContain('Rekeninghouder: De Draaischijf B.V.');

    // Removed: told too.
    before = await mailCount();
    const removed = await put(adminA, { iban: null, ibanHolder: null });
    const gone = await accountMails(before);
    expect(gone).toHaveLength(3);
    expect(gone[0]?.text).toContain('Het IBAN is verwijderd');
    expect(removed.ibanChangedAt).not.toBeNull();
  });

  it('refuses a changed ibanChangedAt in the round trip (the server keeps it)', async () => {
    const current = (await get()).body;
    const res = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${workshop.id}`, {
      token: superToken,
      body: { ...current, ibanChangedAt: '2020-01-01T00:00:00.000Z' },
    });
    expect(res.status).toBe(403);
  });

  it('is in the payouts preview, so the super admin sees a recent change before paying', async () => {
    await t.ctx.db.transaction((tx) =>
      writeSettings(tx, { platformName: 'Ateliermarkt B.V.', platformIban: 'NL91ABNA0417164300' }, null),
    );
    const saved = await put(adminA, { iban: 'BE68 5390 0754 7034', ibanHolder: 'Draaischijf vof' });
    const r = await reservationIn(t, adminA, 'shipped', { workshop: WORKSHOP_A });
    await t.ctx.db
      .update(reservations)
      .set({ paidAt: new Date('2020-06-10T10:00:00Z') })
      .where(eq(reservations.id, r.id));
    const res = await t.call<PayoutPreview>('GET', '/api/payouts?month=2020-06', { token: superToken });
    expect(res.status).toBe(200);
    const transfer = res.body.transfers.find((x) => x.tenantId === workshop.tenantId);
    expect(transfer?.iban).toBe('BE68539007547034');
    expect(transfer?.ibanChangedAt).toBe(saved.ibanChangedAt);
  });
});
