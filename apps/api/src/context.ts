import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Jobs } from './lib/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PaymentProvider } from './lib/payments/index.ts';
import type { SessionGate, TokenSigner } from './plugins/auth.ts';

/** The configuration with its secrets resolved (configured, or generated and kept: lib/secrets.ts). */
export type RuntimeConfig = Omit<Config, 'jwtSecret' | 'paymentWebhookSecret'> & {
  jwtSecret: string;
  paymentWebhookSecret: string;
};

/** What services need from the outside world; built once in app.ts and handed to every module. */
export type AppContext = {
  config: RuntimeConfig;
  db: Db;
  database: Database;
  /** Delivers a mail; only the outbox's job handler calls it (lib/outbox.ts). */
  mailer: Mailer;
  signer: TokenSigner;
  /** Whether a token's session is live; `forget()` after committing a change to sessions or users. */
  sessions: SessionGate;
  log: Logger;
  /** The database-backed job runner: the mail outbox and scheduled work (lib/jobs.ts). */
  jobs: Jobs;
  /** Whoever holds the customers' money: PAYMENT_PROVIDER (lib/payments, docs/payments.md). */
  payments: PaymentProvider;
  /** The time for date-bound rules (lib/clock.ts): the system clock, or the one a test set. */
  now: Clock;
  /**
   * The time of session lifetimes and second-factor codes: the system clock, or a test's of those. Apart
   * from `now` on purpose: a test that moves the business date (a month's end) keeps its log-ins and its authenticator.
   */
  sessionClock: Clock;
};
