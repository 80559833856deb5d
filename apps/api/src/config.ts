import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_MINUTES_DEFAULT, PLATFORM_SETTING_ENV, parseDuration } from '@ateliermarkt/contract';
import { z } from 'zod';

/**
 * Everything the server reads from its environment (docs/configuration.md), written once: each field of
 * `configSchema` names its variable and turns its text into the value the server uses. A new variable is one entry
 * there plus its row in docs/configuration.md (config-docs.test.ts keeps the two in step).
 */

/** A configuration the server cannot start with; the message names every variable that is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The minimum length of JWT_SECRET and PAYMENT_WEBHOOK_SECRET in production. */
export const SECRET_MIN_LENGTH = 32;

/** Which environment variable (or, for a group, variables) a config field is read from. */
const variables = z.registry<{ variable: string } | { group: readonly string[] }>();

/** A config field read from the variable `name`. */
function fromEnv<S extends z.ZodType>(name: string, schema: S): S {
  variables.add(schema, { variable: name });
  return schema;
}

/** Unset and empty are the same: the default. */
const unset = (value: unknown) => (value === '' ? undefined : value);
const text = () => z.preprocess(unset, z.string().optional());
/** A text that may be unset: null then. */
const textOrNull = () => text().transform((value) => value ?? null);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(unset, z.enum(values, message).optional());
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
const megabytes = (fallback: number) => positiveInt(fallback).transform((mb) => mb * 1024 * 1024);
/** A duration (500ms, 90s, 15m, 24h, 3d) in milliseconds. */
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

/** Each config field with its variable; a field left undefined here gets a default that depends on another one. */
const fields = z.object({
  /** NODE_ENV=production: secrets required, no demo data unless asked, JSON logs (docs/decisions/0020). */
  production: fromEnv(
    'NODE_ENV',
    text().transform((value) => value === 'production'),
  ),
  port: fromEnv(
    'PORT',
    positiveInt(3000).refine((n) => n <= 65_535, 'moet een poortnummer zijn (1–65535)'),
  ),
  host: fromEnv(
    'HOST',
    text().transform((value) => value ?? '0.0.0.0'),
  ),
  dataDir: fromEnv(
    'DATA_DIR',
    text().transform((value) => path.resolve(value ?? './data')),
  ),
  databaseUrl: fromEnv('DATABASE_URL', textOrNull()),
  /** Default: http://localhost:PORT. */
  publicUrl: fromEnv(
    'PUBLIC_URL',
    text().transform((value) => value?.replace(/\/$/, '')),
  ),
  shopUrl: fromEnv(
    'SHOP_URL',
    text().transform((value) => (value ? value.replace(/\/$/, '') : null)),
  ),
  /** SHOP_ORIGINS: the storefronts' origins that may call the shop API from a browser (CORS, docs/storefront.md). */
  shopOrigins: fromEnv(
    'SHOP_ORIGINS',
    z.preprocess(
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
  ),
  smtpUrl: fromEnv('SMTP_URL', textOrNull()),
  adminEmail: fromEnv('ADMIN_EMAIL', textOrNull()),
  adminPassword: fromEnv('ADMIN_PASSWORD', textOrNull()),
  /** Default: on outside production. */
  demoData: fromEnv(
    'DEMO_DATA',
    oneOf(['0', '1'], 'moet 0 of 1 zijn').transform((value) => (value === undefined ? undefined : value === '1')),
  ),
  /** From the environment; null: generated once and kept (lib/secrets.ts, docs/decisions/0008). */
  jwtSecret: fromEnv('JWT_SECRET', textOrNull()),
  paymentWebhookSecret: fromEnv('PAYMENT_WEBHOOK_SECRET', textOrNull()),
  /** Fastify's trustProxy: false, true, or the addresses/CIDRs of the proxies in front (for X-Forwarded-For). */
  trustProxy: fromEnv('TRUST_PROXY', text().transform(trustProxyFrom)),
  accessTokenMinutes: fromEnv('ACCESS_TOKEN_MINUTES', positiveInt(ACCESS_TOKEN_MINUTES_DEFAULT)),
  /** REQUIRE_2FA: which roles must log in with a second factor; led through set-up when they have none. */
  requireTwoFactor: fromEnv(
    'REQUIRE_2FA',
    oneOf(['superAdmin', 'admins', 'none'], 'moet superAdmin, admins of none zijn'),
  ),
  /** A session's absolute lifetime in ms; refreshing cannot extend it. */
  sessionMaxAgeMs: fromEnv('SESSION_MAX_AGE', duration('7d')),
  /** The same for a super admin. */
  sessionMaxAgeSuperAdminMs: fromEnv('SESSION_MAX_AGE_SUPER_ADMIN', duration('12h')),
  /** A session not used (no log-in or refresh) for this long ends. */
  sessionIdleMs: fromEnv('SESSION_IDLE_TIMEOUT', duration('2h')),
  /** Requests per minute per client on log-in, reset request and shop ordering. */
  rateLimitPerMinute: fromEnv('RATE_LIMIT_PER_MINUTE', positiveInt(20)),
  /** Image uploads per user per `uploadRateWindowMs`. */
  uploadRateLimit: fromEnv('UPLOAD_RATE_LIMIT', positiveInt(60)),
  uploadRateWindowMs: fromEnv('UPLOAD_RATE_WINDOW', duration('10m')),
  /** Bytes of stored images (every variant) a workshop may hold. */
  workshopStorageBytes: fromEnv('WORKSHOP_STORAGE_MB', megabytes(500)),
  /** The photos of one product import, unpacked from their .zip: the most it may hold in memory. */
  importPhotosMaxBytes: fromEnv('IMPORT_PHOTOS_MAX_MB', megabytes(400)),
  /** Embedded database: writes are refused (503) while DATA_DIR's disk has less free space than this; 0: no guard. */
  minFreeDiskMb: fromEnv(
    'MIN_FREE_DISK_MB',
    z.preprocess(unset, z.string().regex(/^\d+$/, 'moet een geheel getal zijn').transform(Number).default(50)),
  ),
  logLevel: fromEnv(
    'LOG_LEVEL',
    z.preprocess(unset, z.enum(LOG_LEVELS, `moet een van ${LOG_LEVELS.join(', ')} zijn`).default('info')),
  ),
  /** `json`: one JSON line per event and per request (production); `text`: readable lines, requests only at debug. */
  logFormat: fromEnv('LOG_FORMAT', oneOf(['json', 'text'], 'moet json of text zijn')),
  /** Milliseconds: to receive a whole request, its headers, and how long an idle keep-alive connection stays open. */
  requestTimeoutMs: fromEnv('REQUEST_TIMEOUT', duration('60s')),
  headersTimeoutMs: fromEnv('HEADERS_TIMEOUT', duration('20s')),
  keepAliveTimeoutMs: fromEnv('KEEP_ALIVE_TIMEOUT', duration('72s')),
  /** Milliseconds the server takes at most to stop on SIGTERM before it exits anyway. */
  shutdownTimeoutMs: fromEnv('SHUTDOWN_TIMEOUT', duration('10s')),
  /** How long an SMTP server may take to answer one step (RFC 5321: minutes); the job lease is longer. */
  smtpTimeoutMs: fromEnv('SMTP_TIMEOUT', duration('10m')),
  /** PostgreSQL: how long opening a connection (or waiting for a free one in the pool) may take before a 503. */
  databaseConnectTimeoutMs: fromEnv('DATABASE_CONNECT_TIMEOUT', duration('5s')),
  /** PostgreSQL: how long one statement may run (the server's statement_timeout, and the client's own deadline). */
  databaseStatementTimeoutMs: fromEnv('DATABASE_STATEMENT_TIMEOUT', duration('30s')),
  /** Recurring work (lib/jobs.ts) runs at least this often, in ms. */
  schedulerIntervalMs: fromEnv('SCHEDULER_INTERVAL', duration('60s')),
  /** An open event stream gets a comment line this often, so proxies keep it open (ms). */
  eventsHeartbeatMs: fromEnv('EVENTS_HEARTBEAT', duration('15s')),
  /** `demo` (the built-in page) or `mollie` (docs/payments.md). */
  paymentProvider: fromEnv(
    'PAYMENT_PROVIDER',
    z.preprocess(unset, z.enum(['demo', 'mollie'], 'moet demo of mollie zijn').default('demo')),
  ),
  mollieApiKey: fromEnv('MOLLIE_API_KEY', textOrNull()),
  /** The client's `apiEndpoint`; null = Mollie's own (a stand-in or sandbox in tests). */
  mollieApiEndpoint: fromEnv(
    'MOLLIE_API_ENDPOINT',
    z.preprocess(unset, z.url('moet een http(s)-adres zijn').optional()).transform((value) => value ?? null),
  ),
  /** The platform's OAuth app, added to the Connect onboarding link (docs/payments.md). */
  mollieClientId: fromEnv('MOLLIE_CLIENT_ID', textOrNull()),
  /** `sepa` (the monthly payout file) or `mollie-routing` (routed per reservation, Mollie Connect). */
  payouts: fromEnv('PAYOUTS', oneOf(['sepa', 'mollie-routing'], 'moet sepa of mollie-routing zijn')),
  /**
   * The deadline variables that are set (RESERVATION_REMIND_AFTER, …; checked durations): they override the super
   * admin's stored deadlines (modules/settings).
   */
  deadlineEnv: z
    .object(Object.fromEntries(DEADLINE_VARIABLES.map((name) => [name, optionalDuration()])))
    .transform((set) =>
      Object.fromEntries(
        Object.entries(set).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
      ),
    )
    .register(variables, { group: DEADLINE_VARIABLES }),
});

/** The variable(s) each field reads, in the order of the schema. */
const sources = Object.entries(fields.shape).map(([field, schema]) => {
  const source = variables.get(schema);
  if (!source) throw new Error(`config field ${field} names no environment variable`);
  return [field, source] as const;
});

/** Every environment variable the server reads: docs/configuration.md documents exactly these (config-docs.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = sources.flatMap(([, source]) =>
  'variable' in source ? [source.variable] : source.group,
);

/** The environment as the fields' input: a field's variable, or for a group an object of its variables. */
function byField(input: unknown): Record<string, unknown> {
  const env = input as Env;
  return Object.fromEntries(
    sources.map(([field, source]) => [
      field,
      'variable' in source ? env[source.variable] : Object.fromEntries(source.group.map((name) => [name, env[name]])),
    ]),
  );
}

type Fields = z.output<typeof fields>;

/** What one variable alone cannot say: the timeouts' order and the payout mode's provider. */
function crossChecks(value: Fields, ctx: z.RefinementCtx<Fields>) {
  if (value.headersTimeoutMs > value.requestTimeoutMs)
    ctx.addIssue({ code: 'custom', message: 'HEADERS_TIMEOUT mag niet langer zijn dan REQUEST_TIMEOUT' });
  if (value.payouts === 'mollie-routing' && value.paymentProvider !== 'mollie')
    ctx.addIssue({ code: 'custom', message: 'PAYOUTS=mollie-routing kan alleen met PAYMENT_PROVIDER=mollie' });
  if (value.production && value.paymentProvider === 'mollie' && !value.mollieApiKey)
    ctx.addIssue({
      code: 'custom',
      message:
        'MOLLIE_API_KEY ontbreekt: verplicht met PAYMENT_PROVIDER=mollie en NODE_ENV=production (live_… of test_… uit het Mollie-dashboard)',
    });
}

/**
 * The secrets production requires. Checked even when another variable is wrong (the texts it reads cannot be), so
 * one message names them all.
 */
function productionSecrets(value: Fields, ctx: z.RefinementCtx<Fields>) {
  if (!value.production) return;
  for (const [name, secret] of [
    ['JWT_SECRET', value.jwtSecret],
    ['PAYMENT_WEBHOOK_SECRET', value.paymentWebhookSecret],
  ] as const) {
    if (secret === null)
      ctx.addIssue({
        code: 'custom',
        message: `${name} ontbreekt: verplicht met NODE_ENV=production (minstens ${SECRET_MIN_LENGTH} tekens, bijvoorbeeld uit \`openssl rand -base64 48\`)`,
      });
    else if (secret.length < SECRET_MIN_LENGTH)
      ctx.addIssue({
        code: 'custom',
        message: `${name} is te kort: minstens ${SECRET_MIN_LENGTH} tekens met NODE_ENV=production (nu ${secret.length})`,
      });
  }
}

// The web app's build, from src/ in development and from dist/ when compiled (both two levels below apps/).
const defaultDist = path.resolve(import.meta.dirname, '../../web/dist');

/** The environment, parsed field by field, checked across fields, with the defaults that depend on another field. */
const configSchema = z
  .preprocess(
    byField,
    fields.superRefine(crossChecks).superRefine(productionSecrets, {
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  )
  .transform((config) => ({
    ...config,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    demoData: config.demoData ?? !config.production,
    requireTwoFactor: config.requireTwoFactor ?? (config.production ? 'superAdmin' : 'none'),
    logFormat: config.logFormat ?? (config.production ? 'json' : 'text'),
    payouts: config.payouts ?? (config.paymentProvider === 'mollie' ? 'mollie-routing' : 'sepa'),
    webDistDir: existsSync(path.join(defaultDist, 'index.html')) ? defaultDist : null,
  }));

export type Config = z.output<typeof configSchema>;

/** An issue as one line of the message: the variable it is about, then what is wrong. */
function problemOf(issue: z.core.$ZodIssue): string {
  const [field, inGroup] = issue.path;
  const source = sources.find(([name]) => name === field)?.[1];
  if (!source) return issue.message;
  return `${'variable' in source ? source.variable : String(inGroup)} ${issue.message}`;
}

/** Reads the environment through one schema; throws a ConfigError naming every wrong or missing variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${problemOf(issue)}`).join('\n');
    throw new ConfigError(`De configuratie is niet in orde; de server start niet:\n${lines}`);
  }
  const config = { ...parsed.data, ...overrides };
  mkdirSync(path.resolve(config.dataDir), { recursive: true });
  return config;
}
