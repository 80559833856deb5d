import { ERROR_CODES, type ErrorEnvelope, MESSAGES, type Profile, type Workshop } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import type { OutboxMail } from '../test/outbox.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { WORKSHOP_A } from './security-fixtures.ts';

/**
 * The audit's takeover path. With a workshop admin's session alone (no password) an attacker changed the
 * admin's log-in e-mail, then the workshop's e-mail and IBAN in one save, and the notices went to the new addresses.
 * Now each of those changes needs the current password in the same request, and the notices go to the old addresses
 * too, with a 'dit was ik niet' link that ends the account's sessions and tells the super admins.
 */
let t: TestApp;
let superToken: string;
let workshop: Workshop;
const ADMIN = 'beheer@dedraaischijf.nl';
const OLD_WORKSHOP_MAIL = 'info@dedraaischijf.test';
const ATTACKER = 'aanvaller@kwaad.test';

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  const all = (await t.call<Workshop[]>('GET', '/api/workspaces/all', { token: superToken })).body;
  workshop = all.find((w) => w.name === WORKSHOP_A) as Workshop;
  // The workshop's own address before the attack.
  const { name: _n, creditorNumber: _c, debtorNumber: _d, ...own } = workshop;
  const admin = await t.tokenFor(ADMIN, WORKSHOP_A);
  const set = await t.call('PUT', `/api/workspaces/${workshop.id}`, {
    token: admin,
    body: { ...own, email: OLD_WORKSHOP_MAIL, currentPassword: DEMO_PASSWORD },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const profile = (token: string) => t.call<Profile>('GET', '/api/identity/my-profile', { token });
const putProfile = async (token: string, changes: Record<string, unknown>) =>
  t.call<Profile & ErrorEnvelope>('PUT', '/api/identity/my-profile', {
    token,
    body: { ...(await profile(token)).body, ...changes },
  });
const getWorkshop = async () =>
  (await t.call<Workshop>('GET', `/api/workspaces/${workshop.id}`, { token: superToken })).body;
async function putWorkshop(token: string, changes: Record<string, unknown>) {
  const { name: _n, creditorNumber: _c, debtorNumber: _d, ...own } = await getWorkshop();
  return t.call<Workshop & ErrorEnvelope>('PUT', `/api/workspaces/${workshop.id}`, {
    token,
    body: { ...own, ...changes },
  });
}
const mailsSince = async (n: number): Promise<OutboxMail[]> => (await t.mails()).slice(n);
const notMeCode = (mail: OutboxMail | undefined) => {
  const link = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes('/dit-was-ik-niet?'));
  if (!link) throw new Error(`no 'dit was ik niet' link in ${mail?.text}`);
  return new URL(link).searchParams.get('code') as string;
};

describe('the takeover path of the audit', () => {
  it('fails with the session alone: log-in e-mail, then workshop e-mail and IBAN in one save', async () => {
    const stolen = await t.tokenFor(ADMIN, WORKSHOP_A);
    const before = (await t.mails()).length;

    const email = await putProfile(stolen, { email: ATTACKER });
    expect(email.status).toBe(400);
    expect(email.body.error.code).toBe(ERROR_CODES.reconfirmRequired);
    expect(email.body.error.message).toBe(MESSAGES.reconfirmRequired);
    expect(email.body.error.validationErrors?.[0]?.members).toEqual(['currentPassword']);
    expect((await profile(stolen)).body.email).toBe(ADMIN);

    const guessed = await putProfile(stolen, { email: ATTACKER, currentPassword: 'Geraden123!' });
    expect(guessed.status).toBe(400);
    expect(guessed.body.error.message).toBe(MESSAGES.reconfirmWrong);
    expect((await profile(stolen)).body.email).toBe(ADMIN);

    const money = await putWorkshop(stolen, {
      email: ATTACKER,
      iban: 'NL91 ABNA 0417 1643 00',
      ibanHolder: 'Aanvaller',
    });
    expect(money.status).toBe(400);
    expect(money.body.error.code).toBe(ERROR_CODES.reconfirmRequired);
    const after = await getWorkshop();
    expect(after.email).toBe(OLD_WORKSHOP_MAIL);
    expect(after.iban).toBe(workshop.iban);
    expect(after.ibanHolder).toBe(workshop.ibanHolder);

    // Nothing was saved, so nothing was told.
    expect(await mailsSince(before)).toEqual([]);
    // Other changes of the profile need no password.
    const phone = await putProfile(stolen, { phoneNumber: '06-12345678' });
    expect(phone.status).toBe(200);
  });

  it('locks the account after five wrong confirmations in a row, like wrong passwords', async () => {
    const token = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
    for (let i = 0; i < 4; i += 1) {
      expect((await putProfile(token, { email: ATTACKER, currentPassword: `fout${i}` })).status).toBe(400);
    }
    const fifth = await putProfile(token, { email: ATTACKER, currentPassword: 'fout5' });
    expect(fifth.body.error.code).toBe(ERROR_CODES.lockedOut);
    // Locked: now even the right password does not confirm, and the log-in is refused too.
    const right = await putProfile(token, { email: ATTACKER, currentPassword: DEMO_PASSWORD });
    expect(right.body.error.code).toBe(ERROR_CODES.lockedOut);
    expect((await profile(token)).body.email).toBe('beheer@glasatelierhelder.nl');
    expect((await t.login('beheer@glasatelierhelder.nl', 'Glasatelier Helder')).body.error.code).toBe(
      ERROR_CODES.lockedOut,
    );
  });

  it("with the password, tells the old addresses, whose 'dit was ik niet' ends the sessions and tells the super admins", async () => {
    const session = await t.tokenFor(ADMIN, WORKSHOP_A);
    const other = await t.tokenFor(ADMIN, WORKSHOP_A);
    let before = (await t.mails()).length;
    const saved = await putWorkshop(session, {
      email: 'nieuw@dedraaischijf.test',
      iban: 'NL91 ABNA 0417 1643 00',
      ibanHolder: 'Draaischijf vof',
      currentPassword: DEMO_PASSWORD,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const told = await mailsSince(before);
    const payout = told.filter((m) => m.subject === `Uitbetaalrekening van ${WORKSHOP_A} gewijzigd`);
    expect(payout.map((m) => m.to).sort()).toEqual(
      ['admin@ateliermarkt.nl', ADMIN, OLD_WORKSHOP_MAIL, 'nieuw@dedraaischijf.test'].sort(),
    );
    const address = told.filter(
      (m) => m.subject === `Beveiligingsmelding: gegevens van atelier ${WORKSHOP_A} gewijzigd`,
    );
    expect(address.map((m) => m.to).sort()).toEqual([ADMIN, OLD_WORKSHOP_MAIL, 'nieuw@dedraaischijf.test'].sort());
    expect(address[0]?.text).toContain(`${OLD_WORKSHOP_MAIL} → nieuw@dedraaischijf.test`);

    before = (await t.mails()).length;
    const moved = await putProfile(session, { email: 'marieke@nieuw.test', currentPassword: DEMO_PASSWORD });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const notices = await mailsSince(before);
    expect(notices.map((m) => m.to).sort()).toEqual([ADMIN, 'marieke@nieuw.test'].sort());
    const toOld = notices.find((m) => m.to === ADMIN);
    expect(toOld?.subject).toBe('Beveiligingsmelding: gegevens van je account gewijzigd');
    expect(toOld?.text).toContain(`${ADMIN} → marieke@nieuw.test`);

    // The real owner, at the old address, says it was not them.
    before = (await t.mails()).length;
    const report = await t.call<{ message: string }>('POST', '/api/account/not-me', {
      body: { code: notMeCode(toOld) },
    });
    expect(report.status).toBe(200);
    expect(report.body.message).toBe(MESSAGES.notMeDone);
    expect((await profile(session)).status).toBe(401);
    expect((await profile(other)).status).toBe(401);
    const supers = await mailsSince(before);
    expect(supers.map((m) => m.to)).toEqual(['admin@ateliermarkt.nl']);
    expect(supers[0]?.text).toContain("het account 'beheer@dedraaischijf.nl' (atelier De Draaischijf)");

    // Single use; and a reset-password call cannot use the code.
    const again = await t.call<ErrorEnvelope>('POST', '/api/account/not-me', { body: { code: notMeCode(toOld) } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(MESSAGES.notMeInvalid);
  });
});
