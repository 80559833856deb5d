import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../test/outbox.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** With SMTP_URL set, mail goes to that server and nothing is written to the outbox. */
type Received = { to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('sends the reset link to the SMTP server', async () => {
    const res = await t.call('POST', '/api/account/reset-password-request', {
      body: { emailAddress: 'medewerker@dedraaischijf.nl' },
      headers: { __tenant: await t.tenantId('De Draaischijf') },
    });
    expect(res.status).toBe(200);
    await t.settled();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['medewerker@dedraaischijf.nl']);
    expect(decodeQuotedPrintable(received[0]?.data ?? '')).toMatch(/\/resetPassword\?code=[\w-]+&userId=/);
    expect(await t.mails()).toEqual([]);
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail as an .eml file to the outbox', async () => {
    const other = await createTestApp();
    try {
      await other.call('POST', '/api/account/reset-password-request', {
        body: { emailAddress: 'admin@ateliermarkt.nl' },
      });
      await other.settled();
      const files = readdirSync(path.join(other.dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      expect((await other.mails())[0]?.subject).toBe('Je wachtwoord opnieuw instellen');
    } finally {
      await other.close();
    }
  });
});

describe('ADMIN_EMAIL bootstrap', () => {
  it('creates a super admin on a database without one', async () => {
    const boot = await createTestApp({
      DEMO_DATA: '0',
      ADMIN_EMAIL: 'eigenaar@example.nl',
      ADMIN_PASSWORD: 'Eigenaar2026!',
    });
    try {
      const login = await boot.login('eigenaar@example.nl', null, 'Eigenaar2026!');
      expect(login.status).toBe(200);
      const profile = await boot.call<{ isSuperAdmin: boolean }>('GET', '/api/identity/my-profile', {
        token: login.body.auth_token,
      });
      expect(profile.body.isSuperAdmin).toBe(true);
      const workshops = await boot.call<unknown[]>('GET', '/api/workspaces/available');
      expect(workshops.body).toEqual([]);
    } finally {
      await boot.close();
    }
  });
});
