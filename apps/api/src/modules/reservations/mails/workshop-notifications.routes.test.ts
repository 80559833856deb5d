import type { Profile } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeProduct, order, sign } from '../reservation-fixtures.ts';

/**
 * The workshop's admins get a mail when a reservation arrives and when it is paid, with the link to it in
 * the back-office; a user who switched 'Meldingen per e-mail' off in the profile gets none, and nobody of another
 * workshop does.
 */
let t: TestApp;
let admin: string;
let secondAdmin: string;

const SECOND_ADMIN = {
  userName: 'joris',
  name: 'Joris',
  surname: 'Bakker',
  email: 'joris@dedraaischijf.nl',
  phoneNumber: '',
  roleNames: ['admin'],
  password: 'Klei2026!draai',
};

const profileOf = async (token: string) => (await t.call<Profile>('GET', '/api/identity/my-profile', { token })).body;

async function mailsAbout(orderNumber: string) {
  return (await t.mails()).filter((m) => m.subject.includes(orderNumber));
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://beheer.example.nl' });
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  const created = await t.call('POST', '/api/identity/users', { token: admin, body: SECOND_ADMIN });
  expect(created.status).toBe(200);
  secondAdmin = await t.tokenFor('joris', 'De Draaischijf', SECOND_ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe("'Meldingen per e-mail' in the profile", () => {
  it('is on by default; the GET returns it and the PUT accepts it back, also leaving it out keeps it', async () => {
    const shown = await profileOf(secondAdmin);
    expect(shown.emailNotifications).toBe(true);
    const off = await t.call<Profile>('PUT', '/api/identity/my-profile', {
      token: secondAdmin,
      body: { ...shown, emailNotifications: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.emailNotifications).toBe(false);
    expect((await profileOf(secondAdmin)).emailNotifications).toBe(false);

    const { emailNotifications: _, ...withoutSwitch } = await profileOf(secondAdmin);
    const unchanged = await t.call<Profile>('PUT', '/api/identity/my-profile', {
      token: secondAdmin,
      body: { ...withoutSwitch, phoneNumber: '06 87654321' },
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ emailNotifications: false, phoneNumber: '06 87654321' });

    const wrong = await t.call('PUT', '/api/identity/my-profile', {
      token: secondAdmin,
      body: { ...withoutSwitch, emailNotifications: 'nee' },
    });
    expect(wrong.status).toBe(400);
    // The other admin's switch is their own.
    expect((await profileOf(admin)).emailNotifications).toBe(true);
  });
});

describe('the mails to the workshop', () => {
  it('a new reservation: to the admins who want them, with the link to it; a payment: the same', async () => {
    expect((await profileOf(secondAdmin)).emailNotifications).toBe(false);
    const product = await makeProduct(t, 'De Draaischijf', { priceCents: 4500 });
    const placed = await order(t, [product.id], 3);
    expect(placed.status).toBe(201);
    const { id, orderNumber } = placed.body;

    const arrived = (await mailsAbout(orderNumber)).filter((m) => m.subject.startsWith('Nieuwe reservering'));
    // Only the admin who did not switch it off: not the plain user, not the opted-out admin, no other workshop.
    expect(arrived.map((m) => m.to)).toEqual(['beheer@dedraaischijf.nl']);
    const [mail] = arrived;
    expect(mail?.subject).toBe(`Nieuwe reservering ${orderNumber}`);
    expect(mail?.text).toContain(
      `Anna de Klant heeft bij De Draaischijf een nieuwe reservering geplaatst: ${orderNumber}.`,
    );
    expect(mail?.text).toContain('Totaal: €52,95');
    expect(mail?.text).toContain(`https://beheer.example.nl/reservations/${id}\n`);
    // The customer still gets their own mail.
    expect((await mailsAbout(orderNumber)).map((m) => m.to)).toContain('anna@example.nl');

    expect((await t.call('POST', `/api/reservations/${id}/confirm`, { token: admin })).status).toBe(204);
    const body = JSON.stringify({ reservationId: id, status: 'paid' });
    const paid = await t.call('POST', '/api/payments/webhook', {
      raw: body,
      headers: { 'content-type': 'application/json', 'x-signature': sign(t.ctx.config.paymentWebhookSecret, body) },
    });
    expect(paid.status).toBe(204);
    const paidMails = (await mailsAbout(orderNumber)).filter((m) => m.subject.endsWith('is betaald'));
    expect(paidMails.map((m) => m.to)).toEqual(['beheer@dedraaischijf.nl']);
    expect(paidMails[0]?.subject).toBe(`Reservering ${orderNumber} is betaald`);
    expect(paidMails[0]?.text).toContain('Je kunt de bestelling nu verzenden.');
    expect(paidMails[0]?.text).toContain(`https://beheer.example.nl/reservations/${id}\n`);
  });

  it('switched on again, the admin gets them again; another workshop gets only its own', async () => {
    const shown = await profileOf(secondAdmin);
    await t.call('PUT', '/api/identity/my-profile', {
      token: secondAdmin,
      body: { ...shown, emailNotifications: true },
    });
    const ours = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 1);
    const theirs = await order(t, [(await makeProduct(t, 'Glasatelier Helder')).id], 1);
    const toUs = (await mailsAbout(ours.body.orderNumber)).filter((m) => m.subject.startsWith('Nieuwe'));
    expect(toUs.map((m) => m.to).sort()).toEqual(['beheer@dedraaischijf.nl', 'joris@dedraaischijf.nl']);
    expect(toUs.find((m) => m.to === 'joris@dedraaischijf.nl')?.text).toMatch(/^Beste Joris,/);
    const toThem = (await mailsAbout(theirs.body.orderNumber)).filter((m) => m.subject.startsWith('Nieuwe'));
    expect(toThem.map((m) => m.to)).toEqual(['beheer@glasatelierhelder.nl']);
  });
});
