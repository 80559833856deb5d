import net from 'node:net';
import type { OutboxResponse, Reservation } from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../../db/schema/index.ts';
import { decodeQuotedPrintable } from '../../../test/outbox.ts';
import { freePort } from '../../../test/server-process.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { customer, makeProduct, order } from '../reservation-fixtures.ts';

/**
 * Mail goes through the outbox: a transition queues its mail in its own transaction and answers without
 * waiting for the mail server; the job runner delivers the mail when the server is back, and after a day of retries
 * shows it to the super admin, who can send it again. (Before, the mail was sent inside the transaction and a mail
 * server that was not there rolled the approval back.)
 */
type Received = { to: string[]; text: string };
const received: Received[] = [];
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

/** The retry delay has passed (the runner's backoff, lib/jobs.ts, is tested on its own). */
const retryDueNow = () =>
  t.ctx.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, 'mail'), eq(jobs.status, 'pending')));

async function newReservation(): Promise<Reservation> {
  const open = await t.call<Reservation[]>('GET', '/api/reservations/all?status=open', { token: admin });
  const target = open.body.find((r) => r.status.code === 0 && !r.isPaused);
  if (!target) throw new Error('the demo data has no new reservation in De Draaischijf');
  return target;
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

describe('a transition while the mail server does not answer', () => {
  it('answers at once and commits; its mail arrives when the mail server is back', async () => {
    // A mail server that accepts the connection and then says nothing: sending inside the transaction would hold the
    // approval (and its product locks) until the SMTP timeouts.
    const hanging: net.Socket[] = [];
    const silent = net.createServer((socket) => hanging.push(socket));
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', () => resolve()));
    const target = await newReservation();
    const res = await t.call('POST', `/api/reservations/${target.id}/confirm`, { token: admin });
    expect(res.status).toBe(204);
    const after = await t.call<Reservation>('GET', `/api/reservations/${target.id}`, { token: admin });
    expect(after.body.status.code).toBe(2);
    const audited = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, target.id), eq(auditLog.action, 'reservation.confirm')));
    expect(audited).toHaveLength(1);

    // The server goes away entirely: the attempt fails and is retried later.
    for (const socket of hanging) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await t.settled();
    const [queued] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(queued).toMatchObject({ status: 'pending' });
    expect(queued?.attempts).toBeGreaterThanOrEqual(1);
    expect(queued?.lastError).toBeTruthy();
    expect(received).toEqual([]);

    // Back again: the next attempt delivers the approval mail with its payment link, once.
    const smtp = await startSmtp();
    try {
      await retryDueNow();
      await t.settled();
      await t.settled();
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual([target.email]);
      expect(received[0]?.text).toContain(target.orderNumber);
      expect(received[0]?.text).toMatch(/\/betalen\/[\w-]+/);
      const [sent] = await t.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, queued?.id ?? ''));
      expect(sent?.status).toBe('done');
      // The payment link is not kept in the database once the mail is sent.
      expect(JSON.stringify(sent?.payload)).not.toContain('/betalen/');
    } finally {
      await stopSmtp(smtp);
    }
  });
});

describe('a mail that cannot be sent for a day', () => {
  it('is given up, listed for the super admin, and sent again with Opnieuw versturen', async () => {
    received.length = 0;
    const product = await makeProduct(t, 'De Draaischijf');
    const placed = await order(t, [product.id]);
    expect(placed.status).toBe(201);
    const { id, orderNumber } = placed.body;
    expect((await t.call('POST', `/api/reservations/${id}/reject`, { token: admin })).status).toBe(204);
    await t.settled();
    const pending = await t.call<OutboxResponse>('GET', '/api/system/outbox?status=pending', { token: superAdmin });
    expect(pending.body.items.map((m) => m.subject).sort()).toEqual([
      `Je reservering is afgewezen (${orderNumber})`,
      `Nieuwe reservering ${orderNumber}`,
      `We hebben je reservering ontvangen (${orderNumber})`,
    ]);
    expect(pending.body.items.every((m) => m.nextAttemptAt && m.attempts >= 1)).toBe(true);

    // A day later, the last attempts fail too.
    await t.ctx.db
      .update(jobs)
      .set({ runAt: sql`now()`, giveUpAt: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.kind, 'mail'), eq(jobs.status, 'pending')));
    await t.settled();
    const failed = await t.call<OutboxResponse>('GET', '/api/system/outbox?status=failed', { token: superAdmin });
    expect(failed.status).toBe(200);
    expect(failed.body.totalCount).toBe(3);
    const rejection = failed.body.items.find((m) => m.subject.includes('afgewezen'));
    expect(rejection).toMatchObject({ to: customer.email, nextAttemptAt: null });
    expect(rejection?.lastError).toBeTruthy();
    expect(rejection?.failedAt).toBeTruthy();

    // Given up: no more attempts, even when the server is back, until the super admin sends one again.
    const smtp = await startSmtp();
    try {
      await t.settled();
      expect(received).toEqual([]);
      const resend = await t.call('POST', `/api/system/outbox/${rejection?.id}/resend`, { token: superAdmin });
      expect(resend.status).toBe(204);
      await t.settled();
      expect(received.map((m) => m.to)).toEqual([[customer.email]]);
      expect(received[0]?.text).toContain('Helaas kan');
      const after = await t.call<OutboxResponse>('GET', '/api/system/outbox', { token: superAdmin });
      expect(after.body.items.map((m) => m.subject).sort()).toEqual([
        `Nieuwe reservering ${orderNumber}`,
        `We hebben je reservering ontvangen (${orderNumber})`,
      ]);
      const again = await t.call('POST', `/api/system/outbox/${rejection?.id}/resend`, { token: superAdmin });
      expect(again.status).toBe(404);
    } finally {
      await stopSmtp(smtp);
    }
  });
});
