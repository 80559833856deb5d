import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_MINUTES_DEFAULT, PLATFORM_SETTING_ENV, parseDuration } from '@ateliermarkt/contract';
import { z } from 'zod';

/** Everything the server reads from its environment (docs/configuration.md). */
export type Config = {
  /** NODE_ENV=production: secrets required, no demo data unless asked, JSON logs (docs/decisions/0020). */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  shopUrl: string | null;
  /** SHOP_ORIGINS: the storefronts' origins that may call the shop API from a browser (CORS, docs/storefront.md). */
  shopOrigins: string[];
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
  /** REQUIRE_2FA: which roles must log in with a second factor; led through set-up when they have none. */
  requireTwoFactor: 'superAdmin' | 'admins' | 'none';
  /** SESSION_MAX_AGE: a session's absolute lifetime in ms; refreshing cannot extend it. */
  sessionMaxAgeMs: number;
  /** SESSION_MAX_AGE_SUPER_ADMIN: the same for a super admin (default 12 hours). */
  sessionMaxAgeSuperAdminMs: number;
  /** SESSION_IDLE_TIMEOUT: a session not used (no log-in or refresh) for this long ends. */
  sessionIdleMs: number;
  /** Requests per minute per client on log-in, reset request and shop ordering. */
  rateLimitPerMinute: number;
  /** Image uploads per user per `uploadRateWindowMs`. */
  uploadRateLimit: number;
  uploadRateWindowMs: number;
  /** Bytes of stored images (every variant) a workshop may hold. */
  workshopStorageBytes: number;
  importPhotosMaxBytes: number;
  webDistDir: string | null;
  logLevel: LogLevel;
  /** Embedded database: writes are refused (503) while DATA_DIR's disk has less free space than this (disk-guard.ts). */
  minFreeDiskMb: number;
  /** SCHEDULER_INTERVAL: recurring work (lib/jobs.ts) runs at least this often, in ms. */
  schedulerIntervalMs: number;
  /** `json`: one JSON line per event and per request (production); `text`: readable lines, requests only at debug. */
  logFormat: 'json' | 'text';
  /** Milliseconds: to receive a whole request, its headers, and how long an idle keep-alive connection stays open. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Milliseconds the server takes at most to stop on SIGTERM before it exits anyway. */
  shutdownTimeoutMs: number;
  /** How long an SMTP server may take to answer one step (RFC 5321: minutes); the job lease is longer. */
  smtpTimeoutMs: number;
  /** PostgreSQL: how long opening a connection (or waiting for a free one in the pool) may take before a 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: how long one statement may run (the server's statement_timeout, and the client's own deadline). */
  databaseStatementTimeoutMs: number;
  /** EVENTS_HEARTBEAT: an open event stream gets a comment line this often, so proxies keep it open (ms). */
  eventsHeartbeatMs: number;
  /**
   * The deadline variables that are set (RESERVATION_REMIND_AFTER, …; checked durations): they override the super
   * admin's stored deadlines (modules/settings).
   */
  deadlineEnv: Record<string, string>;
  /** PAYMENT_PROVIDER: `demo` (the built-in page) or `mollie` (docs/payments.md). */
  paymentProvider: 'demo' | 'mollie';
  mollieApiKey: string | null;
  /** MOLLIE_API_ENDPOINT: the client's `apiEndpoint`; null = Mollie's own (a stand-in or sandbox in tests). */
  mollieApiEndpoint: string | null;
  /** MOLLIE_CLIENT_ID: the platform's OAuth app, added to the Connect onboarding link (docs/payments.md). */
  mollieClientId: string | null;
  /** PAYOUTS: `sepa` (the monthly payout file) or `mollie-routing` (routed per reservation, Mollie Connect). */
  payouts: 'sepa' | 'mollie-routing';
};

/** A configuration the server cannot start with; the message names every variable that is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The minimum length of JWT_SECRET and PAYMENT_WEBHOOK_SECRET in production. */
export const SECRET_MIN_LENGTH = 32;

/** Unset and empty are the same: the default. */
const unset = (value: unknown) => (value === '' ? undefined : value);
const text = () => z.preprocess(unset, z.string().optional());
const positiveInt = (fallback: number) =>
  z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d+$/, 'moet een positief geheel getal zijn')
      .transform(Number)
      .refine((n) => n > 0, 'moet een positief geheel getal zijn')
      .default(fallback),
  );
const duration = (fallback: string) =>
  z.preprocess(
    unset,
    z
      .string()
      .default(fallback)
      .transform((value, ctx) => {
        const ms = parseDuration(value);
        if (ms === null) {
          ctx.addIssue({
            code: 'custom',
            message: `moet een duur zijn zoals 500ms, 90s, 15m, 24h of 3d, niet "${value}"`,
          });
          return z.NEVER;
        }
        return ms;
      }),
  );

/** A duration that may be unset (a deadline override): kept as written, checked like the others. */
const optionalDuration = () =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .refine((value) => parseDuration(value) !== null, {
        message: 'moet een duur zijn zoals 90s, 15m, 24h of 3d',
      })
      .optional(),
  );
const DEADLINE_VARIABLES = Object.values(PLATFORM_SETTING_ENV);

/** The environment the server reads, parsed once at start. */
const envSchema = z.object({
  NODE_ENV: text(),
  PORT: positiveInt(3000).refine((n) => n <= 65_535, 'moet een poortnummer zijn (1–65535)'),
  HOST: text(),
  DATA_DIR: text(),
  DATABASE_URL: text(),
  PUBLIC_URL: text(),
  SHOP_URL: text(),
  SHOP_ORIGINS: z.preprocess(
    unset,
    z
      .string()
      .transform((value, ctx) => {
        const origins = value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        for (const origin of origins) {
          if (!isOrigin(origin))
            ctx.addIssue({
              code: 'custom',
              message: `moet een lijst van origins zijn zoals https://winkel.example.nl (zonder pad), niet "${origin}"`,
            });
        }
        return origins;
      })
      .default([]),
  ),
  SMTP_URL: text(),
  ADMIN_EMAIL: text(),
  ADMIN_PASSWORD: text(),
  DEMO_DATA: z.preprocess(unset, z.enum(['0', '1'], 'moet 0 of 1 zijn').optional()),
  JWT_SECRET: text(),
  PAYMENT_WEBHOOK_SECRET: text(),
  TRUST_PROXY: text(),
  ACCESS_TOKEN_MINUTES: positiveInt(ACCESS_TOKEN_MINUTES_DEFAULT),
  REQUIRE_2FA: z.preprocess(
    unset,
    z.enum(['superAdmin', 'admins', 'none'], 'moet superAdmin, admins of none zijn').optional(),
  ),
  SESSION_MAX_AGE: duration('7d'),
  SESSION_MAX_AGE_SUPER_ADMIN: duration('12h'),
  SESSION_IDLE_TIMEOUT: duration('2h'),
  RATE_LIMIT_PER_MINUTE: positiveInt(20),
  UPLOAD_RATE_LIMIT: positiveInt(60),
  UPLOAD_RATE_WINDOW: duration('10m'),
  WORKSHOP_STORAGE_MB: positiveInt(500),
  // The photos of one product import, unpacked from their .zip: the most it may hold in memory.
  IMPORT_PHOTOS_MAX_MB: positiveInt(400),
  // 0 turns the guard off.
  MIN_FREE_DISK_MB: z.preprocess(
    unset,
    z.string().regex(/^\d+$/, 'moet een geheel getal zijn').transform(Number).default(50),
  ),
  LOG_LEVEL: z.preprocess(unset, z.enum(LOG_LEVELS, `moet een van ${LOG_LEVELS.join(', ')} zijn`).default('info')),
  LOG_FORMAT: z.preprocess(unset, z.enum(['json', 'text'], 'moet json of text zijn').optional()),
  REQUEST_TIMEOUT: duration('60s'),
  HEADERS_TIMEOUT: duration('20s'),
  KEEP_ALIVE_TIMEOUT: duration('72s'),
  SHUTDOWN_TIMEOUT: duration('10s'),
  SMTP_TIMEOUT: duration('10m'),
  DATABASE_CONNECT_TIMEOUT: duration('5s'),
  DATABASE_STATEMENT_TIMEOUT: duration('30s'),
  SCHEDULER_INTERVAL: duration('60s'),
  EVENTS_HEARTBEAT: duration('15s'),
  PAYMENT_PROVIDER: z.preprocess(unset, z.enum(['demo', 'mollie'], 'moet demo of mollie zijn').default('demo')),
  MOLLIE_API_KEY: text(),
  MOLLIE_API_ENDPOINT: z.preprocess(unset, z.url('moet een http(s)-adres zijn').optional()),
  MOLLIE_CLIENT_ID: text(),
  PAYOUTS: z.preprocess(unset, z.enum(['sepa', 'mollie-routing'], 'moet sepa of mollie-routing zijn').optional()),
  ...Object.fromEntries(DEADLINE_VARIABLES.map((name) => [name, optionalDuration()])),
});

/** Every environment variable the server reads: docs/configuration.md documents exactly these (config-docs.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** What one variable alone cannot say: the secrets production requires, and the timeouts' order. */
function crossChecks(env: Env, parsed: z.infer<typeof envSchema> | undefined): string[] {
  const problems: string[] = [];
  if (parsed && parsed.HEADERS_TIMEOUT > parsed.REQUEST_TIMEOUT)
    problems.push('HEADERS_TIMEOUT mag niet langer zijn dan REQUEST_TIMEOUT');
  if (parsed?.PAYOUTS === 'mollie-routing' && parsed.PAYMENT_PROVIDER !== 'mollie')
    problems.push('PAYOUTS=mollie-routing kan alleen met PAYMENT_PROVIDER=mollie');
  if (env.NODE_ENV !== 'production') return problems;
  if (parsed?.PAYMENT_PROVIDER === 'mollie' && !parsed.MOLLIE_API_KEY)
    problems.push(
      'MOLLIE_API_KEY ontbreekt: verplicht met PAYMENT_PROVIDER=mollie en NODE_ENV=production (live_… of test_… uit het Mollie-dashboard)',
    );
  for (const name of ['JWT_SECRET', 'PAYMENT_WEBHOOK_SECRET'] as const) {
    const value = env[name] ?? '';
    if (value === '')
      problems.push(
        `${name} ontbreekt: verplicht met NODE_ENV=production (minstens ${SECRET_MIN_LENGTH} tekens, bijvoorbeeld uit \`openssl rand -base64 48\`)`,
      );
    else if (value.length < SECRET_MIN_LENGTH)
      problems.push(
        `${name} is te kort: minstens ${SECRET_MIN_LENGTH} tekens met NODE_ENV=production (nu ${value.length})`,
      );
  }
  return problems;
}

/** An origin as a browser sends it: http(s)://host[:port], nothing after it. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** TRUST_PROXY: unset or `false`, `true` (any), or a comma-separated list of proxy addresses or CIDRs. */
function trustProxyFrom(value: string | undefined): boolean | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  return v === 'true' ? true : v;
}

/** Reads the environment through one schema; throws a ConfigError naming every wrong or missing variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) ?? []),
    ...crossChecks(env, parsed.data),
  ];
  if (!parsed.success || problems.length > 0) {
    const lines = problems.map((problem) => `  - ${problem}`).join('\n');
    throw new ConfigError(`De configuratie is niet in orde; de server start niet:\n${lines}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  // The web app's build, from src/ in development and from dist/ when compiled (both two levels below apps/).
  const defaultDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    production,
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    shopUrl: e.SHOP_URL ? e.SHOP_URL.replace(/\/$/, '') : null,
    shopOrigins: e.SHOP_ORIGINS,
    smtpUrl: e.SMTP_URL ?? null,
    adminEmail: e.ADMIN_EMAIL ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    demoData: (e.DEMO_DATA ?? (production ? '0' : '1')) === '1',
    jwtSecret: e.JWT_SECRET ?? null,
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? null,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    requireTwoFactor: e.REQUIRE_2FA ?? (production ? 'superAdmin' : 'none'),
    sessionMaxAgeMs: e.SESSION_MAX_AGE,
    sessionMaxAgeSuperAdminMs: e.SESSION_MAX_AGE_SUPER_ADMIN,
    sessionIdleMs: e.SESSION_IDLE_TIMEOUT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    uploadRateLimit: e.UPLOAD_RATE_LIMIT,
    uploadRateWindowMs: e.UPLOAD_RATE_WINDOW,
    workshopStorageBytes: e.WORKSHOP_STORAGE_MB * 1024 * 1024,
    importPhotosMaxBytes: e.IMPORT_PHOTOS_MAX_MB * 1024 * 1024,
    webDistDir: existsSync(path.join(defaultDist, 'index.html')) ? defaultDist : null,
    logLevel: e.LOG_LEVEL,
    minFreeDiskMb: e.MIN_FREE_DISK_MB,
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'text'),
    requestTimeoutMs: e.REQUEST_TIMEOUT,
    headersTimeoutMs: e.HEADERS_TIMEOUT,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT,
    smtpTimeoutMs: e.SMTP_TIMEOUT,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT,
    deadlineEnv: Object.fromEntries(
      DEADLINE_VARIABLES.flatMap((name) => {
        const value = (e as Record<string, unknown>)[name];
        return typeof value === 'string' ? [[name, value]] : [];
      }),
    ),
    paymentProvider: e.PAYMENT_PROVIDER,
    mollieApiKey: e.MOLLIE_API_KEY ?? null,
    mollieApiEndpoint: e.MOLLIE_API_ENDPOINT ?? null,
    mollieClientId: e.MOLLIE_CLIENT_ID ?? null,
    payouts: e.PAYOUTS ?? (e.PAYMENT_PROVIDER === 'mollie' ? 'mollie-routing' : 'sepa'),
    ...overrides,
  };
}
