import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_MINUTES_DEFAULT } from '@ateliermarkt/contract';

/** Everything the server reads from its environment (DECISIONS.md, Configuration). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  shopUrl: string | null;
  smtpUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  demoData: boolean;
  jwtSecret: string;
  paymentWebhookSecret: string;
  accessTokenMinutes: number;
  /** Requests per minute per client on log-in, reset request and shop ordering. */
  rateLimitPerMinute: number;
  webDistDir: string | null;
  logLevel: string;
};

type Env = Record<string, string | undefined>;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} moet een positief geheel getal zijn, niet "${value}"`);
  return n;
}

/** A secret from the environment, or one generated once and kept in DATA_DIR so restarts keep sessions valid. */
function secretFrom(value: string | undefined, dataDir: string, file: string): string {
  if (value) return value;
  const secretsDir = path.join(dataDir, 'secrets');
  const target = path.join(secretsDir, file);
  if (existsSync(target)) return readFileSync(target, 'utf8').trim();
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(target, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = intFrom(env.PORT, 3000, 'PORT');
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const defaultDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    shopUrl: env.SHOP_URL ? env.SHOP_URL.replace(/\/$/, '') : null,
    smtpUrl: env.SMTP_URL || null,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    demoData: (env.DEMO_DATA ?? '1') !== '0',
    jwtSecret: secretFrom(env.JWT_SECRET, dataDir, 'jwt-secret'),
    paymentWebhookSecret: secretFrom(env.PAYMENT_WEBHOOK_SECRET, dataDir, 'payment-webhook-secret'),
    accessTokenMinutes: intFrom(env.ACCESS_TOKEN_MINUTES, ACCESS_TOKEN_MINUTES_DEFAULT, 'ACCESS_TOKEN_MINUTES'),
    rateLimitPerMinute: intFrom(env.RATE_LIMIT_PER_MINUTE, 20, 'RATE_LIMIT_PER_MINUTE'),
    webDistDir: existsSync(path.join(defaultDist, 'index.html')) ? defaultDist : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    ...overrides,
  };
}
