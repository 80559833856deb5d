import { HISTORY_MAIL_STATES, type OutboxResponse, type ReservationHistoryEntry } from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, resetCodes, users } from '../../db/schema/index.ts';
import { decodeQuotedPrintable } from '../../test/outbox.ts';
import { freePort } from '../../test/server-process.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct, order } from '../reservations/reservation-fixtures.ts';

/**
 * 'Opnieuw versturen' while and after the mail server is down: the resent mail carries what is valid
 * now (a new password code, the reservation's current payment link), the mail stays on the super admin's list
 * until it is really delivered, the list says why in Dutch, and a reservation's history tells delivered mails from
 * waiting and failed ones.
 */
const received: { to: string[]; text: string }[] = [];
let port = 0;
let t: TestApp;
let admin: string;
let superAdmin: string;

function startSmtp(): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeQuotedPrintable(data) });
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp.listen(port, '127.0.0.1', () => resolve(smtp)));
}
const stopSmtp = (smtp: SMTPServer) => new Promise<void>((resolve) => smtp.close(() => resolve()));

/** A day of retries has passed: every waiting mail is given up at its next attempt. */
async function dayPasses() {
  await t.ctx.db
    .update(jobs)
    .set({ runAt: sql`now()`, giveUpAt: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.kind, 'mail'), eq(jobs.status, 'pending')));
  await t.settled();
}

const failedMails = async () =>
  (await t.call<OutboxResponse>('GET', '/api/system/outbox?status=failed', { token: superAdmin })).body;
const resend = (id: string) => t.call('POST', `/api/system/outbox/${id}/resend`, { token: superAdmin });

beforeAll(async () => {
  // Nothing listens on this port: every attempt is refused, as with a mail server that is down.
  port = await freePort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

describe('a password-reset mail resent after the outage', () => {
  it('stays listed while the server is down, says why in Dutch, and arrives with a code that works', async () => {
    const email = 'medewerker@dedraaischijf.nl';
    const asked = await t.call('POST', '/api/account/reset-password-request', {
      body: { emailAddress: email },
      headers: { __tenant: await t.tenantId('De Draaischijf') },
    });
    expect(asked.status).toBe(200);
    await t.settled();
    await dayPasses();
    const listed = (await failedMails()).items.find((m) => m.to === email);
    expect(listed).toMatchObject({
      state: 'failed',
      reason: 'De mailserver is niet bereikbaar: hij weigert de verbinding.',
    });
    expect(listed?.lastError).toContain('ECONNREFUSED');
    // The mail's two hours are long gone by now.
    const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.ctx.db
      .update(resetCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(resetCodes.userId, user?.id ?? ''));

    // Resent while the server is still down: it stays on the list, now waiting for its next attempt.
    expect((await resend(listed?.id ?? '')).status).toBe(204);
    await t.settled();
    const still = (await failedMails()).items.find((m) => m.id === listed?.id);
    expect(still?.state).toBe('retrying');
    expect(still?.reason).toBe('De mailserver is niet bereikbaar: hij weigert de verbinding.');

    // The server is back and the super admin sends it again: a new code, which works; only then it leaves the list.
    const smtp = await startSmtp();
    try {
      received.length = 0;
      expect((await resend(listed?.id ?? '')).status).toBe(204);
      await t.settled();
      expect(received.map((m) => m.to)).toEqual([[email]]);
      const link = new URL(
        received[0]?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes('resetPassword?')) ?? 'http://x',
      );
      const reset = await t.call('POST', '/api/account/reset-password', {
        body: {
          userId: link.searchParams.get('userId'),
          tenantId: link.searchParams.get('tenantId'),
          token: link.searchParams.get('code'),
          newPassword: 'Nieuw-wachtwoord1!',
        },
      });
      expect(reset.status).toBe(204);
      expect((await failedMails()).items.find((m) => m.id === listed?.id)).toBeUndefined();
      expect((await resend(listed?.id ?? '')).status).toBe(404);
    } finally {
      await stopSmtp(smtp);
    }
  });
});

describe('a payment mail resent after a later link replaced it', () => {
  it('carries the current payment link, and the history marks the mails failed, then sent', async () => {
    const product = await makeProduct(t, 'De Draaischijf');
    const placed = await order(t, [product.id]);
    const { id } = placed.body;
    expect((await t.call('POST', `/api/reservations/${id}/confirm`, { token: admin })).status).toBe(204);
    expect((await t.call('POST', `/api/reservations/${id}/send-payment-reminder`, { token: admin })).status).toBe(204);
    await t.settled();
    const waiting = await t.call<ReservationHistoryEntry[]>('GET', `/api/reservations/${id}/history`, { token: admin });
    const mails = () => waiting.body.filter((e) => e.event === 'mailCustomer' || e.event === 'mailWorkshop');
    expect(mails().length).toBeGreaterThanOrEqual(3);
    expect(mails().every((e) => e.mailState === 'waiting')).toBe(true);
    expect(waiting.body.filter((e) => e.mailState === null).length).toBeGreaterThan(0);

    await dayPasses();
    const history = async () =>
      (await t.call<ReservationHistoryEntry[]>('GET', `/api/reservations/${id}/history`, { token: admin })).body;
    const approval = (await history()).find((e) => e.description.includes('Je reservering is goedgekeurd'));
    expect(approval?.mailState).toBe('failed');
    expect(HISTORY_MAIL_STATES.failed).toBe('Niet verstuurd');

    const listed = (await failedMails()).items.find(
      (m) => m.subject.startsWith('Je reservering is goedgekeurd') && m.subject.includes(placed.body.orderNumber),
    );
    expect(listed).toBeTruthy();
    const smtp = await startSmtp();
    try {
      received.length = 0;
      expect((await resend(listed?.id ?? '')).status).toBe(204);
      await t.settled();
      expect(received).toHaveLength(1);
      const token = received[0]?.text.match(/\/betalen\/([\w-]+)/)?.[1];
      expect(token).toBeTruthy();
      const paid = await fetch(`${t.baseUrl}/betalen/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(paid.status).toBe(200);
      const after = await t.call<{ status: { code: number } }>('GET', `/api/reservations/${id}`, { token: admin });
      expect(after.body.status.code).toBe(3);
      const approvalNow = (await history()).find((e) => e.id === approval?.id);
      expect(approvalNow?.mailState).toBe('sent');

      // The reminder's link is not needed any more: the reservation is paid.
      const reminder = (await failedMails()).items.find(
        (m) => m.subject.includes('Herinnering') && m.subject.includes(placed.body.orderNumber),
      );
      expect(reminder).toBeTruthy();
      const refused = await resend(reminder?.id ?? '');
      expect(refused.status).toBe(409);
    } finally {
      await stopSmtp(smtp);
    }
  });
});
