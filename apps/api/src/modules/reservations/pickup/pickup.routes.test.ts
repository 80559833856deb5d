import {
  type ErrorEnvelope,
  MESSAGES,
  type PickupView,
  pickupWebPath,
  type ReservationHistoryEntry,
} from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../../db/schema/index.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { reservationIn } from '../../../security/security-fixtures.ts';
import { qrCodeOfPdf } from '../../../test/pdf-qr.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { pickupLink } from './pickup.service.ts';

/**
 * Scan to hand over: the pick-up slip's QR code holds the link to the counter screen, and
 * GET/POST reservations/pickup/{token} show and hand over the reservation behind it, for its own workshop only.
 */
let t: TestApp;
let admin: string;
let user: string;
let otherAdmin: string;

const USER_NAME = 'Tom Bakker';
const ADMIN_NAME = 'Marieke Jansen';

/** The slip as the workshop downloads it. */
async function slip(id: string): Promise<Buffer> {
  const res = await fetch(`${t.baseUrl}/api/files/pickup-slip?reservationId=${id}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const qrOf = qrCodeOfPdf;

const tokenOf = (link: string) => decodeURIComponent(link.split('/').at(-1) ?? '');
const show = (token: string, as = admin) =>
  t.call<PickupView & ErrorEnvelope>('GET', `/api/reservations/pickup/${token}`, { token: as });
const handOver = (token: string, as = admin) =>
  t.call<PickupView & ErrorEnvelope>('POST', `/api/reservations/pickup/${token}`, { token: as });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  user = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
  otherAdmin = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
});
afterAll(async () => {
  await t?.close();
});

describe('the pick-up slip', () => {
  it('carries a QR code that decodes to PUBLIC_URL/ophalen/{token}, the same link on every print', async () => {
    const r = await reservationIn(t, admin, 'paid', { pickup: true });
    const link = await qrOf(await slip(r.id));
    expect(link).toMatch(new RegExp(`^${t.ctx.config.publicUrl}/ophalen/[\\w-]{40,}$`));
    expect(link).toBe(`${t.ctx.config.publicUrl}${pickupWebPath(tokenOf(link))}`);
    expect(await qrOf(await slip(r.id))).toBe(link);
    // Only its hash is stored.
    const [stored] = await t.ctx.db
      .select({ hash: reservations.pickupTokenHash })
      .from(reservations)
      .where(eq(reservations.id, r.id));
    expect(stored?.hash).toBe(sha256(tokenOf(link)));
  });
});

describe('reservations/pickup/{token}', () => {
  it('the first scan hands it over, a second says when and by whom; the history names the user', async () => {
    const r = await reservationIn(t, admin, 'paid', { pickup: true });
    const token = tokenOf(await qrOf(await slip(r.id)));

    const before = await show(token, user);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      id: r.id,
      orderNumber: r.orderNumber,
      customerName: 'Anna de Klant',
      statusName: 'Betaald',
      mayHandOver: true,
      handedOver: null,
    });
    expect(before.body.products).toHaveLength(1);
    // With its photo (null when it has none).
    expect(before.body.products[0]).toHaveProperty('image');

    const first = await handOver(token, user);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ statusName: 'Afgerond', mayHandOver: false, handedOver: { by: USER_NAME } });
    const reservation = await t.call<{ status: { code: number } }>('GET', `/api/reservations/${r.id}`, {
      token: admin,
    });
    expect(reservation.body.status.code).toBe(5);

    const second = await handOver(token, admin);
    expect(second.status).toBe(200);
    expect(second.body.handedOver).toEqual(first.body.handedOver);
    expect((await show(token)).body.handedOver).toEqual({ at: expect.any(String), by: USER_NAME });

    const history = await t.call<ReservationHistoryEntry[]>('GET', `/api/reservations/${r.id}/history`, {
      token: admin,
    });
    const received = history.body.filter((e) => e.event === 'received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ actor: USER_NAME, time: first.body.handedOver?.at });
    expect(history.body.some((e) => e.actor === ADMIN_NAME && e.event === 'received')).toBe(false);
  });

  it('two scans at the same moment both answer the hand-over, which happens once', async () => {
    const r = await reservationIn(t, admin, 'paid', { pickup: true });
    const token = tokenOf(await qrOf(await slip(r.id)));
    const [a, b] = await Promise.all([handOver(token, user), handOver(token, admin)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.handedOver).toEqual(b.body.handedOver);
    const history = await t.call<ReservationHistoryEntry[]>('GET', `/api/reservations/${r.id}/history`, {
      token: admin,
    });
    expect(history.body.filter((e) => e.event === 'received')).toHaveLength(1);
  });

  it("another workshop's admin gets 404 and changes nothing", async () => {
    const r = await reservationIn(t, admin, 'paid', { pickup: true });
    const token = tokenOf(await qrOf(await slip(r.id)));
    expect((await show(token, otherAdmin)).status).toBe(404);
    expect((await handOver(token, otherAdmin)).status).toBe(404);
    expect((await show(token)).body).toMatchObject({ mayHandOver: true, handedOver: null });
  });

  it('a wrong token is 404', async () => {
    const r = await reservationIn(t, admin, 'paid', { pickup: true });
    const token = tokenOf(await qrOf(await slip(r.id)));
    const wrong = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await show(wrong)).status).toBe(404);
    expect((await handOver(wrong)).status).toBe(404);
    expect((await handOver('x')).status).toBe(404);
  });

  it('a reservation not yet paid is refused with the reason', async () => {
    const r = await reservationIn(t, admin, 'awaitingPayment', { pickup: true });
    // A slip is only made once paid; a token made before (a slip printed early) still must not hand it over.
    const token = tokenOf(await pickupLink(t.ctx, r.id));
    expect((await show(token)).body).toMatchObject({
      statusName: 'Wachten op betaling',
      mayHandOver: false,
      refusal: MESSAGES.pickupNotPaid,
      handedOver: null,
    });
    const res = await handOver(token);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MESSAGES.pickupNotPaid);
    const reservation = await t.call<{ status: { code: number } }>('GET', `/api/reservations/${r.id}`, {
      token: admin,
    });
    expect(reservation.body.status.code).toBe(2);
  });
});
