import type { Reservation, ReservationHistoryEntry } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeProduct, order, sign } from '../reservation-fixtures.ts';
import { applyTransition } from '../reservations.service.ts';

/**
 * GET reservations/{id}/history tells every status change of a reservation (when, who, from, to) and
 * every mail about it, from the audit log, for whoever may read the reservation.
 */
let t: TestApp;
let admin: string;
let user: string;
let otherAdmin: string;
let superAdmin: string;

const ADMIN_NAME = 'Marieke Jansen';

async function history(id: string, token = admin) {
  const res = await t.call<ReservationHistoryEntry[]>('GET', `/api/reservations/${id}/history`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The timeline as lines: who, from → to, what. */
const lines = (entries: ReservationHistoryEntry[]) =>
  entries.map((e) => `${e.actor} | ${e.fromStatus?.name ?? '-'} → ${e.toStatus?.name ?? '-'} | ${e.description}`);

async function post(path: string) {
  const res = await t.call('POST', path, { token: admin });
  expect(res.status).toBe(204);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  user = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
  otherAdmin = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

describe('GET reservations/{id}/history', () => {
  it('a shipped order: placed by the customer, approved by the admin, paid through the provider, returned', async () => {
    const placed = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 3);
    const { id, orderNumber } = placed.body;
    await post(`/api/reservations/${id}/confirm`);
    const body = JSON.stringify({ reservationId: id, status: 'paid' });
    const headers = {
      'content-type': 'application/json',
      'x-signature': sign(t.ctx.config.paymentWebhookSecret, body),
    };
    expect((await t.call('POST', '/api/payments/webhook', { raw: body, headers })).status).toBe(204);
    await post(`/api/reservations/${id}/shipped`);
    expect((await t.call('POST', `/api/shop/reservations/${id}/return`)).status).toBe(204);
    await post(`/api/reservations/${id}/returned`);

    const entries = await history(id);
    expect(lines(entries)).toEqual([
      'klant | - → Nieuw | Reservering geplaatst in de webshop',
      `automatisch | - → - | E-mail aan de klant: We hebben je reservering ontvangen (${orderNumber})`,
      `automatisch | - → - | E-mail aan het atelier: Nieuwe reservering ${orderNumber}`,
      `${ADMIN_NAME} | Nieuw → Wachten op betaling | Goedgekeurd`,
      `automatisch | - → - | E-mail aan de klant: Je reservering is goedgekeurd (${orderNumber})`,
      'betaalprovider | Wachten op betaling → Betaald | Betaling ontvangen',
      `automatisch | - → - | E-mail aan de klant: Je betaling is ontvangen (${orderNumber})`,
      `automatisch | - → - | E-mail aan het atelier: Reservering ${orderNumber} is betaald`,
      `${ADMIN_NAME} | Betaald → Afgerond | Pakket verzonden`,
      `automatisch | - → - | E-mail aan de klant: Je bestelling is verzonden (${orderNumber})`,
      'klant | Afgerond → Retour onderweg | Retour aangemeld',
      `${ADMIN_NAME} | Retour onderweg → Retour ontvangen | Retourpakket ontvangen`,
      `automatisch | - → - | E-mail aan de klant: Je retour is ontvangen (${orderNumber})`,
    ]);
    expect(entries.map((e) => e.event)).toEqual([
      'placed',
      'mailCustomer',
      'mailWorkshop',
      'confirm',
      'mailCustomer',
      'paid',
      'mailCustomer',
      'mailWorkshop',
      'shipped',
      'mailCustomer',
      'startReturn',
      'returned',
      'mailCustomer',
    ]);
    expect(entries[3]).toMatchObject({ fromStatus: { code: 0 }, toStatus: { code: 2 } });
    // Oldest first, each an ISO time.
    const times = entries.map((e) => Date.parse(e.time));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a pick-up order paid on the payment page, picked up; a reminder and the track & trace are there too', async () => {
    const placed = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 1);
    const { id, orderNumber } = placed.body;
    await post(`/api/reservations/${id}/confirm`);
    await post(`/api/reservations/${id}/send-payment-reminder`);
    const reminder = (await t.mails()).filter(
      (m) => m.subject.startsWith('Herinnering') && m.subject.includes(orderNumber),
    );
    const link = reminder[0]?.text.match(/https?:\/\/[^\s/]+\/betalen\/[\w-]+/)?.[0];
    if (!link) throw new Error('no payment link in the reminder');
    const paid = await fetch(`${t.baseUrl}${new URL(link).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(paid.status).toBe(200);
    await post(`/api/reservations/${id}/received`);

    const got = lines(await history(id)).filter((line) => !line.includes('E-mail'));
    expect(got).toEqual([
      'klant | - → Nieuw | Reservering geplaatst in de webshop',
      `${ADMIN_NAME} | Nieuw → Wachten op betaling | Goedgekeurd`,
      `${ADMIN_NAME} | - → - | Betaalherinnering verstuurd`,
      'betaalprovider | Wachten op betaling → Betaald | Betaling ontvangen',
      `${ADMIN_NAME} | Betaald → Afgerond | Opgehaald in het atelier`,
    ]);
    expect(lines(await history(id))).toContain(
      `automatisch | - → - | E-mail aan de klant: Herinnering: je reservering wacht op betaling (${orderNumber})`,
    );
  });

  it('a change by the scheduler is automatisch; a rejection by the super admin names them', async () => {
    const first = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 3);
    await applyTransition(t.ctx, null, first.body.id, 'reject', 'scheduler');
    expect(lines(await history(first.body.id)).filter((l) => !l.includes('E-mail'))).toEqual([
      'klant | - → Nieuw | Reservering geplaatst in de webshop',
      'automatisch | Nieuw → Afgewezen | Reservering afgewezen',
    ]);
    const second = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 3);
    expect((await t.call('POST', `/api/reservations/${second.body.id}/reject`, { token: superAdmin })).status).toBe(
      204,
    );
    const bySuper = await history(second.body.id, superAdmin);
    expect(bySuper.find((e) => e.event === 'reject')?.actor).not.toMatch(/^(klant|automatisch|betaalprovider)$/);
    expect(bySuper.find((e) => e.event === 'reject')).toMatchObject({
      fromStatus: { code: 0, name: 'Nieuw' },
      toStatus: { code: 1, name: 'Afgewezen' },
    });
  });

  it("the demo's returned reservation has the history of its statuses", async () => {
    const all = await t.call<Reservation[]>('GET', '/api/reservations/all?status=closed', { token: admin });
    const returned = all.body.find((r) => r.status.code === 7 && r.name !== 'Anna de Klant');
    if (!returned) throw new Error('no returned demo reservation');
    expect(lines(await history(returned.id))).toEqual([
      'klant | - → Nieuw | Reservering geplaatst in de webshop',
      `${ADMIN_NAME} | Nieuw → Wachten op betaling | Goedgekeurd`,
      'betaalprovider | Wachten op betaling → Betaald | Betaling ontvangen',
      `${ADMIN_NAME} | Betaald → Afgerond | Pakket verzonden`,
      'klant | Afgerond → Retour onderweg | Retour aangemeld',
      `${ADMIN_NAME} | Retour onderweg → Retour ontvangen | Retourpakket ontvangen`,
    ]);
  });

  it("is tenant-checked: another workshop's reservation and an unknown id answer 404; a plain user 403", async () => {
    const placed = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 3);
    const url = `/api/reservations/${placed.body.id}/history`;
    expect((await t.call('GET', url, { token: otherAdmin })).status).toBe(404);
    expect((await t.call('GET', url, { token: user })).status).toBe(403);
    expect((await t.call('GET', url)).status).toBe(401);
    expect(
      (await t.call('GET', '/api/reservations/00000000-0000-4000-8000-000000000000/history', { token: admin })).status,
    ).toBe(404);
    expect((await history(placed.body.id, superAdmin)).length).toBeGreaterThan(0);
  });
});

describe('POST reservations/{id}/notes', () => {
  it('keeps an internal note in the history with its author and time, never for the customer', async () => {
    const placed = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 3);
    const id = placed.body.id;
    const customerUrl = (placed.body as { customerUrl?: string }).customerUrl ?? '';
    const note = 'Klant belde, haalt vrijdag op';
    const res = await t.call('POST', `/api/reservations/${id}/notes`, { token: admin, body: { note: `  ${note}  ` } });
    expect(res.status).toBe(204);
    expect(
      (await t.call('POST', `/api/reservations/${id}/notes`, { token: superAdmin, body: { note: 'Gezien' } })).status,
    ).toBe(204);

    const entries = await history(id);
    const notes = entries.filter((e) => e.event === 'note');
    expect(notes.map((e) => `${e.actor} | ${e.description}`)).toEqual([
      `${ADMIN_NAME} | Interne notitie: ${note}`,
      'Sanne de Vries | Interne notitie: Gezien',
    ]);
    expect(notes.every((e) => e.fromStatus === null && e.toStatus === null && e.mailState === null)).toBe(true);
    expect(Number.isNaN(Date.parse(notes[0]?.time ?? ''))).toBe(false);
    // The super admin reads the same history.
    expect((await history(id, superAdmin)).filter((e) => e.event === 'note')).toEqual(notes);

    // The customer's own view through the shop API does not carry it, nor does any mail.
    const token = customerUrl.split('/').at(-1) ?? '';
    const view = await t.call('GET', `/api/shop/reservations/${token}`);
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).not.toContain('vrijdag');
    expect(JSON.stringify(await t.mails())).not.toContain('vrijdag');
  });

  it("refuses an empty note (400), another workshop's reservation (404) and a plain user (403)", async () => {
    const placed = await order(t, [(await makeProduct(t, 'De Draaischijf')).id], 3);
    const url = `/api/reservations/${placed.body.id}/notes`;
    const empty = await t.call<{ error: { validationErrors: { members: string[] }[] } }>('POST', url, {
      token: admin,
      body: { note: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Schrijf een notitie');
    expect((await t.call('POST', url, { token: admin, body: { note: 'x'.repeat(1001) } })).status).toBe(400);
    expect((await t.call('POST', url, { token: otherAdmin, body: { note: 'Niet van mij' } })).status).toBe(404);
    expect((await t.call('POST', url, { token: user, body: { note: 'Mag niet' } })).status).toBe(403);
    expect((await t.call('POST', url, { body: { note: 'Wie?' } })).status).toBe(401);
    expect((await history(placed.body.id)).filter((e) => e.event === 'note')).toEqual([]);
  });
});
