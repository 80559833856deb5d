import { existsSync, mkdirSync } from 'node:fs';
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
  /** From the environment; null: generated once and kept (lib/secrets.ts, docs/decisions/0008). */
  jwtSecret: string | null;
  paymentWebhookSecret: string | null;
  /** Fastify's trustProxy: false, true, or the addresses/CIDRs of the proxies in front (for X-Forwarded-For). */
  trustProxy: boolean | string;
  accessTokenMinutes: number;
  /** Requests per minute per client on log-in, reset request and shop ordering. */
  rateLimitPerMinute: number;
  /** Image uploads per user per `uploadRateWindowMs`. */
  uploadRateLimit: number;
  uploadRateWindowMs: number;
  /** Bytes of stored images (every variant) a workshop may hold. */
  workshopStorageBytes: number;
  webDistDir: string | null;
  logLevel: string;
  /** Embedded database: writes are refused (503) while DATA_DIR's disk has less free space than this (disk-guard.ts). */
  minFreeDiskMb: number;
};

type Env = Record<string, string | undefined>;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} moet een positief geheel getal zijn, niet "${value}"`);
  return n;
}

const DURATION_UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration written as in DECISIONS.md: `90s`, `15m`, `24h`, `3d`. */
function durationFrom(value: string | undefined, fallback: string, name: string): number {
  const v = value === undefined || value === '' ? fallback : value.trim();
  const match = /^([1-9][0-9]*)(s|m|h|d)$/.exec(v);
  if (!match) throw new Error(`${name} moet een duur zijn zoals 90s, 15m, 24h of 3d, niet "${v}"`);
  return Number(match[1]) * DURATION_UNIT_MS[match[2] as keyof typeof DURATION_UNIT_MS];
}

/** TRUST_PROXY: unset or `false`, `true` (any), or a comma-separated list of proxy addresses or CIDRs. */
function trustProxyFrom(value: string | undefined): boolean | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  return v === 'true' ? true : v;
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
    jwtSecret: env.JWT_SECRET || null,
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || null,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    accessTokenMinutes: intFrom(env.ACCESS_TOKEN_MINUTES, ACCESS_TOKEN_MINUTES_DEFAULT, 'ACCESS_TOKEN_MINUTES'),
    rateLimitPerMinute: intFrom(env.RATE_LIMIT_PER_MINUTE, 20, 'RATE_LIMIT_PER_MINUTE'),
    uploadRateLimit: intFrom(env.UPLOAD_RATE_LIMIT, 60, 'UPLOAD_RATE_LIMIT'),
    uploadRateWindowMs: durationFrom(env.UPLOAD_RATE_WINDOW, '10m', 'UPLOAD_RATE_WINDOW'),
    workshopStorageBytes: intFrom(env.WORKSHOP_STORAGE_MB, 500, 'WORKSHOP_STORAGE_MB') * 1024 * 1024,
    webDistDir: existsSync(path.join(defaultDist, 'index.html')) ? defaultDist : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    minFreeDiskMb: env.MIN_FREE_DISK_MB === '0' ? 0 : intFrom(env.MIN_FREE_DISK_MB, 50, 'MIN_FREE_DISK_MB'),
    ...overrides,
  };
}
