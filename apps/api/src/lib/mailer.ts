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
export function createMailer(options: { smtpUrl: string | null; dataDir: string; log: Logger }): Mailer {
  if (options.smtpUrl) {
    // Bounded well below the job runner's lease (lib/jobs.ts): a hanging server fails the attempt, which is retried.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
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
