import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for host users (the super admins). */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    normalizedUserName: text('normalized_user_name').notNull(),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    email: text('email').notNull(),
    normalizedEmail: text('normalized_email').notNull(),
    phoneNumber: text('phone_number'),
    /** Null until the user has set a password (a new workshop admin). */
    passwordHash: text('password_hash'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    concurrencyStamp: uuid('concurrency_stamp').notNull().default(sql`gen_random_uuid()`),
    accessFailedCount: integer('access_failed_count').notNull().default(0),
    /** When the last failed log-in was counted: a count idle for a day starts again (docs/decisions/0018). */
    accessFailedAt: timestamp('access_failed_at', { withTimezone: true }),
    lockoutEnd: timestamp('lockout_end', { withTimezone: true }),
    /** 'Meldingen per e-mail': a workshop admin gets the mails about new and paid reservations. */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** The TOTP secret (base32) once two-factor log-in is on; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret being set up, until its first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The TOTP time step last accepted: a code works once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('users_tenant_user_name_uq').on(t.tenantId, t.normalizedUserName).nullsNotDistinct(),
    unique('users_tenant_email_uq').on(t.tenantId, t.normalizedEmail).nullsNotDistinct(),
  ],
);

/**
 * One row per log-in (docs/decisions/0018). Its id is the `sid` claim of every access token of that log-in and the
 * family id of its refresh tokens; every authenticated request checks that it is not revoked and that the user still
 * has the token's role and tenant. Deleting the user deletes the sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The absolute end: refreshing cannot move it. Null for sessions made before it existed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Last log-in or refresh: the idle timeout counts from here; 'Mijn sessies' shows it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use recovery codes of two-factor log-in, stored as SHA-256 hashes; shown once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Failed log-ins per name that matches no account with a password, so such a name is answered exactly as a real
 * account (the same refusals, then LockedOut): keyed by a hash of tenant and name, swept a day after the last failure.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    lockoutEnd: timestamp('lockout_end', { withTimezone: true }),
  },
  (t) => [index('login_failures_failed_at_idx').on(t.failedAt)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each refresh rotates the token within its family; presenting a
 * token that was already used revokes the whole family (RFC 9700 §4.14.2).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Single-use codes for a password reset or a new admin's first password; stored hashed. */
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'set-password', 'not-me'] }).notNull(),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reset_codes_user_idx').on(t.userId)],
);
