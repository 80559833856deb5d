import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../test/test-app.ts';
import { createJobs } from './jobs.ts';
import { createMailer } from './mailer.ts';
import { queueMail, registerMailJob } from './outbox.ts';

/**
 * A slow mail server (one answered a mail's end after 65 s; with a 60 s socket timeout and a 5-minute
 * lease every mail arrived twice, and the rest waited). Scaled down by making the times configurable: the server
 * takes 3 s to accept the slow mail, the SMTP timeout is 10 s (RFC 5321's minutes, scaled), the lease 1.2 s. Each
 * message id is counted at the receiving server: every mail exactly once, and the fast ones are not held back.
 * On PGlite, and on PostgreSQL with DATABASE_URL.
 */
const log = pino({ level: 'silent' });
const SLOW_MS = 3000;
let smtp: SMTPServer;
let port = 0;
let database: Database;
let drop = async () => {};
const dataDir = mkdtempSync(path.join(tmpdir(), 'am-slow-smtp-'));
const arrivals: { messageId: string; subject: string; at: number }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(data)?.[1] ?? '';
        const subject = /^Subject:\s*(.*)$/im.exec(data)?.[1]?.trim() ?? '';
        // Accepted (counted) at once; the answer to the mail's end comes late for the slow one.
        arrivals.push({ messageId, subject, at: performance.now() });
        setTimeout(() => callback(), subject === 'Traag' ? SLOW_MS : 0);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  ({ database, drop } = await freshDatabase(false));
}, 60_000);
afterAll(async () => {
  await database?.close();
  await drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a slow mail server', () => {
  it('gets every mail exactly once, and one slow mail does not hold back the others', async () => {
    const jobs = createJobs(database.db, log, { leaseMs: 1200 });
    registerMailJob(jobs, createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir, log, timeoutMs: 10_000 }));
    await queueMail(jobs, database.db, { to: 'a@example.nl', subject: 'Traag', text: 'langzaam' });
    const started = performance.now();
    await jobs.start();
    // The slow one is being sent; three more are queued after it.
    await new Promise((r) => setTimeout(r, 300));
    for (const n of [1, 2, 3])
      await queueMail(jobs, database.db, { to: `${n}@example.nl`, subject: `Snel ${n}`, text: 'vlot' });
    jobs.nudge();
    // Past the slow answer and several leases: time for a second send, if there were one.
    await new Promise((r) => setTimeout(r, SLOW_MS + 2500));
    await jobs.stop();

    const counts = new Map<string, number>();
    for (const a of arrivals) counts.set(a.messageId, (counts.get(a.messageId) ?? 0) + 1);
    expect([...counts.values()]).toEqual([1, 1, 1, 1]);
    expect(arrivals.map((a) => a.subject).sort()).toEqual(['Snel 1', 'Snel 2', 'Snel 3', 'Traag']);
    // The fast ones arrived while the slow one was still waiting for its answer.
    for (const a of arrivals.filter((x) => x.subject.startsWith('Snel'))) expect(a.at - started).toBeLessThan(SLOW_MS);
    const rows = await database.db.query.jobs.findMany();
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
  }, 60_000);
});
