import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_NAME } from '@ateliermarkt/contract';
import type { FastifyBaseLogger as Logger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string; links?: string[] };
export type Mailer = { send: (mail: Mail) => Promise<void> };

const FROM = `"${PRODUCT_NAME}" <noreply@ateliermarkt.nl>`;

/**
 * Delivers one mail for the outbox's runner (lib/outbox.ts): services never call it themselves. Sends over SMTP when SMTP_URL is set; otherwise writes each mail as an .eml file to DATA_DIR/outbox and logs its
 * links, so a developer (and the tests) can follow them without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  dataDir: string;
  log: Logger;
  /** SMTP_TIMEOUT: how long the server may take to answer one step (RFC 5321 4.5.3.2: up to 10 minutes). */
  timeoutMs?: number;
}): Mailer {
  if (options.smtpUrl) {
    // RFC 5321's timeouts, not a minute: a server that takes 65 s to accept a mail's end has accepted it, and giving up
    // at 60 s sent every mail twice. The job's lease is renewed while the send runs (lib/jobs.ts), so a slow send is
    // not taken over; a server that does not answer at all fails the attempt, which is retried.
    const timeoutMs = options.timeoutMs ?? 600_000;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: Math.min(timeoutMs, 120_000),
      greetingTimeout: Math.min(timeoutMs, 300_000),
      socketTimeout: timeoutMs,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      // Written under another name first: a reader polling the outbox never sees a half-written mail.
      writeFileSync(`${file}.part`, info.message as Buffer);
      renameSync(`${file}.part`, file);
      options.log.info({ to: mail.to, subject: mail.subject, file, links: mail.links }, 'mail written to outbox');
    },
  };
}
