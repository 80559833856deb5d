import {
  type AdminEntry,
  type CreateUser,
  ERROR_CODES,
  MESSAGES,
  ROLE_ADMIN,
  type RoleName,
  USER_READ_ONLY,
  type updateUserSchema,
  type WorkshopUser,
} from '@ateliermarkt/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { roles, tenants, users, workspaces } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertNotBreached } from '../../lib/breached-passwords.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { createInTransaction } from '../../lib/idempotency.ts';
import { readOnlyError } from '../../lib/read-only.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  assertEmailFree,
  assertReconfirmed,
  createAccount,
  findUserInTenant,
  inTenant,
  normalize,
  personalDetails,
  queueChangeNotice,
  revokeUserSessions,
  roleId,
  type UserRow,
} from '../auth/index.ts';

type UpdateUserInput = z.output<typeof updateUserSchema>;

/** The users of the caller's own tenant (the workshop admin's user overview). Never another tenant's. */
function workshopOf(actor: Actor): string {
  if (!actor.tenantId) throw notFound();
  return actor.tenantId;
}

function toWorkshopUser(row: UserRow): WorkshopUser {
  const { user } = row;
  const role = row.roleName === ROLE_ADMIN ? 'admin' : 'user';
  return {
    id: user.id,
    tenantId: user.tenantId,
    userName: user.userName,
    name: user.name,
    surname: user.surname,
    fullName: `${user.name} ${user.surname}`.trim(),
    email: user.email,
    phoneNumber: user.phoneNumber,
    role,
    roles: [role],
    concurrencyStamp: user.concurrencyStamp,
  };
}

async function listRows(db: DbOrTx, workshopId: string) {
  return db
    .select({
      user: users,
      roleName: roles.name,
      tenantName: tenants.name,
      tenantSlug: tenants.slug,
      workspacePublished: workspaces.isPublished,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(workspaces, eq(workspaces.tenantId, users.tenantId))
    .where(inTenant(workshopId))
    .orderBy(asc(users.name), asc(users.surname), asc(users.userName));
}

export async function list(ctx: AppContext, actor: Actor) {
  const rows = await listRows(ctx.db, workshopOf(actor));
  const items = rows.map(toWorkshopUser);
  return { items, totalCount: items.length };
}

export async function getOne(ctx: AppContext, actor: Actor, id: string): Promise<WorkshopUser> {
  const row = await findUserInTenant(ctx.db, workshopOf(actor), eq(users.id, id));
  if (!row) throw notFound();
  return toWorkshopUser(row);
}

async function assertUserNameFree(db: DbOrTx, workshopId: string, userName: string) {
  const taken = await findUserInTenant(db, workshopId, eq(users.normalizedUserName, normalize(userName)));
  if (taken) throw fieldError('userName', MESSAGES.userNameTaken);
}

export async function create(ctx: AppContext, actor: Actor, input: CreateUser): Promise<WorkshopUser> {
  const workshopId = workshopOf(actor);
  assertNotBreached(input.password, 'password');
  return createInTransaction(ctx.db, async (tx) => {
    await assertUserNameFree(tx, workshopId, input.userName);
    await assertEmailFree(tx, workshopId, input.email);
    const created = await createAccount(tx, {
      tenantId: workshopId,
      userName: input.userName,
      email: input.email,
      name: input.name,
      surname: input.surname,
      phoneNumber: input.phoneNumber,
      role: input.roleNames[0] ?? 'user',
      password: input.password,
    });
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: workshopId,
      action: 'user.create',
      entityType: 'user',
      entityId: created.id,
    });
    const row = await findUserInTenant(tx, workshopId, eq(users.id, created.id));
    if (!row) throw notFound();
    return toWorkshopUser(row);
  });
}

/**
 * The role the body names: `roleNames` (the user form), or `roles`/`role` as GET returns them. Those two
 * count only when changed from what GET showed, so a GET body with a new `roleNames` is no contradiction; two
 * different roles asked for at once are.
 */
function roleOf(shown: WorkshopUser, input: UpdateUserInput): RoleName {
  const asked = [
    input.roleNames?.[0],
    input.roles && input.roles[0] !== shown.role ? input.roles[0] : undefined,
    input.role !== undefined && input.role !== shown.role ? input.role : undefined,
  ].filter((r): r is RoleName => Boolean(r));
  const [role] = asked;
  if (asked.some((r) => r !== role)) throw fieldError('roles', MESSAGES.fieldInvalid);
  if (role) return role;
  if (input.roles || input.role) return shown.role;
  throw fieldError('roleNames', MESSAGES.roleRequired);
}

/** The read-only fields of the GET, sent back: unchanged, or a 403 naming them. The full name follows the names. */
function refuseReadOnlyChanges(shown: WorkshopUser, input: UpdateUserInput) {
  const changed = USER_READ_ONLY.filter((k) => {
    const sent = input[k];
    if (sent === undefined || sent === shown[k]) return false;
    return !(k === 'fullName' && sent === `${input.name} ${input.surname}`.trim());
  });
  if (changed.length) throw readOnlyError([...changed]);
}

/**
 * Saves a user when the stamp the client read is still current; otherwise 409 and nothing changes. A new role or
 * password ends the user's sessions (a new password set by the admin for the own account: the other sessions), so
 * the next request with an old token is a 401 and the next log-in carries the new rights (docs/decisions/0018).
 */
export async function update(ctx: AppContext, actor: Actor, id: string, input: UpdateUserInput): Promise<WorkshopUser> {
  const workshopId = workshopOf(actor);
  const current = await findUserInTenant(ctx.db, workshopId, eq(users.id, id));
  if (!current) throw notFound();
  // A stale form is a conflict, whatever else it changed (a changed full name answered 403 first).
  if (current.user.concurrencyStamp !== input.concurrencyStamp)
    throw new AppError(ERROR_CODES.conflict, MESSAGES.userStale);
  const shown = toWorkshopUser(current);
  refuseReadOnlyChanges(shown, input);
  const role = roleOf(shown, input);
  if (id === actor.userId && role !== current.roleName) throw fieldError('roleNames', MESSAGES.cannotChangeOwnRole);
  const emailChanged = normalize(input.email) !== current.user.normalizedEmail;
  // A log-in e-mail or password is how an account is taken over: the acting admin confirms.
  if (input.password) assertNotBreached(input.password, 'password');
  if (emailChanged || input.password) await assertReconfirmed(ctx, actor, input);
  await assertEmailFree(ctx.db, workshopId, input.email, id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(users)
      .set({
        ...personalDetails(input),
        roleId: await roleId(tx, role),
        ...(passwordHash ? { passwordHash } : {}),
        concurrencyStamp: crypto.randomUUID(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, id), inTenant(workshopId), eq(users.concurrencyStamp, input.concurrencyStamp)))
      .returning({ id: users.id });
    if (!saved) throw new AppError(ERROR_CODES.conflict, MESSAGES.userStale);
    if (role !== current.roleName || passwordHash)
      await revokeUserSessions(tx, id, id === actor.userId ? actor.sessionId : undefined);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: workshopId,
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      data: {
        role,
        passwordChanged: Boolean(passwordHash),
        ...(role !== current.roleName ? { roleChange: { from: current.roleName, to: role } } : {}),
        ...(emailChanged ? { email: { from: current.user.email, to: input.email } } : {}),
      },
    });
    if (emailChanged || passwordHash) {
      await queueChangeNotice(ctx, tx, {
        actor,
        subject: id === actor.userId ? 'je account' : `het account ${current.user.userName}`,
        items: [
          ...(emailChanged ? [{ label: 'E-mailadres', from: current.user.email, to: input.email }] : []),
          ...(passwordHash ? [{ label: 'Wachtwoord', from: null, to: null }] : []),
        ],
        addresses: [current.user.email, input.email],
      });
    }
  });
  ctx.sessions.forget();
  if (emailChanged || passwordHash) ctx.jobs.nudge();
  return getOne(ctx, actor, id);
}

export async function remove(ctx: AppContext, actor: Actor, id: string) {
  const workshopId = workshopOf(actor);
  if (id === actor.userId) throw new AppError(ERROR_CODES.forbidden, MESSAGES.cannotDeleteSelf);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(users)
      .where(and(eq(users.id, id), inTenant(workshopId), ne(users.id, actor.userId)))
      .returning({ id: users.id });
    if (!deleted) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: workshopId,
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
    });
  });
  // The user's sessions went with the row (ON DELETE CASCADE).
  ctx.sessions.forget();
}

/** Every admin: the super admins (workspaceName null) and each workshop's admins. */
export async function listAdmins(db: DbOrTx): Promise<AdminEntry[]> {
  const rows = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      name: users.name,
      surname: users.surname,
      email: users.email,
      workspaceName: workspaces.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(workspaces, eq(workspaces.tenantId, users.tenantId))
    .where(eq(roles.name, ROLE_ADMIN))
    .orderBy(asc(workspaces.name), asc(users.name), asc(users.surname));
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    fullName: `${r.name} ${r.surname}`.trim(),
    email: r.email,
    workspaceName: r.workspaceName,
  }));
}
