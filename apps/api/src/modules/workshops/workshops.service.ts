import {
  type CreateWorkshop,
  ERROR_CODES,
  holidayOfColumns,
  type ImageRef,
  MESSAGES,
  maskIban,
  ROLE_ADMIN,
  type UpdateWorkshopParsed,
  WORKSHOP_READ_ONLY,
  type Workshop,
} from '@ateliermarkt/contract';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { images, reservations, roles, tenants, users, workspaces } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { createInTransaction } from '../../lib/idempotency.ts';
import { readOnlyError, refuseChangedImageUrls, refuseChanges } from '../../lib/read-only.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { uniqueSlug, WORKSHOP_SLUG } from '../../lib/slug.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  assertEmailFree,
  assertReconfirmed,
  createAccount,
  queueChangeNotice,
  sendPasswordLink,
} from '../auth/index.ts';
import { imagesByIds, toImage } from '../images/index.ts';
import { notifyPayoutAccountChanged, payoutAccountChanged } from './payout-account-notice.ts';

type WorkshopRow = typeof workspaces.$inferSelect;

/** The workshops an actor may see: every one for the super admin, the own one for a workshop admin. */
function visibleTo(actor: Actor) {
  if (actor.kind === 'superAdmin') return undefined;
  return actor.tenantId ? eq(workspaces.tenantId, actor.tenantId) : sql`false`;
}

/**
 * Who sees a workshop's IBAN whole and may change it: the super admin and the workshop's own admin.
 * Anyone else who can read the workshop sees it masked (today nobody else may read a workshop).
 */
export const mayManagePayouts = (actor: Actor, workshopId: string) =>
  actor.kind === 'superAdmin' || (actor.kind === 'workshopAdmin' && actor.tenantId === workshopId);

/** The payout account as `actor` may see it. */
export function payoutView(actor: Actor, row: Pick<WorkshopRow, 'tenantId' | 'iban' | 'ibanHolder'>) {
  const whole = mayManagePayouts(actor, row.tenantId);
  return { iban: row.iban && !whole ? maskIban(row.iban) : row.iban, ibanHolder: row.ibanHolder };
}

const holidayOf = (r: WorkshopRow) => holidayOfColumns(r.holidayFrom, r.holidayTo, r.holidayMessage);

async function toWorkshops(db: DbOrTx, actor: Actor, rows: WorkshopRow[]): Promise<Workshop[]> {
  const ids = rows.flatMap((r) => [r.mainImageId, r.teamImageId]).filter((id): id is string => Boolean(id));
  const found = await imagesByIds(db, ids);
  const image = (id: string | null) => {
    const row = id ? found.get(id) : undefined;
    return row ? toImage(row) : null;
  };
  const seesNumbers = actor.kind === 'superAdmin';
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    name: r.name,
    description: r.description ?? '',
    street: r.street,
    streetNumber: r.streetNumber,
    zipCode: r.zipCode,
    city: r.city,
    province: r.province,
    email: r.email,
    phone: r.phone,
    openingTimes: r.openingTimes,
    creditorNumber: seesNumbers ? r.creditorNumber : null,
    debtorNumber: seesNumbers ? r.debtorNumber : null,
    mainImage: image(r.mainImageId),
    teamImage: image(r.teamImageId),
    label: r.label,
    isFeatured: r.isFeatured,
    isPublished: r.isPublished,
    ...payoutView(actor, r),
    ibanChangedAt: r.ibanChangedAt?.toISOString() ?? null,
    holiday: holidayOf(r),
    legalName: r.legalName,
    kvkNumber: r.kvkNumber,
    kvkBranchNumber: r.kvkBranchNumber,
    vatId: r.vatId,
    vatRegime: r.vatRegime,
  }));
}

async function one(db: DbOrTx, actor: Actor, row: WorkshopRow | undefined): Promise<Workshop> {
  if (!row) throw notFound();
  const [workshop] = await toWorkshops(db, actor, [row]);
  if (!workshop) throw notFound();
  return workshop;
}

async function findVisible(db: DbOrTx, actor: Actor, id: string): Promise<WorkshopRow | undefined> {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, id), visibleTo(actor)))
    .limit(1);
  return row;
}

export async function listAll(ctx: AppContext, actor: Actor): Promise<Workshop[]> {
  const rows = await ctx.db.select().from(workspaces).where(visibleTo(actor)).orderBy(asc(workspaces.name));
  return toWorkshops(ctx.db, actor, rows);
}

export async function getById(ctx: AppContext, actor: Actor, id: string): Promise<Workshop> {
  return one(ctx.db, actor, await findVisible(ctx.db, actor, id));
}

export async function getByWorkshop(ctx: AppContext, actor: Actor, workshopId: string): Promise<Workshop> {
  const [row] = await ctx.db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.tenantId, workshopId), visibleTo(actor)))
    .limit(1);
  return one(ctx.db, actor, row);
}

async function assertNameFree(db: DbOrTx, name: string, exceptWorkshopId?: string) {
  const sameName = sql`lower(${tenants.name}) = lower(${name})`;
  const [taken] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(exceptWorkshopId ? and(sameName, ne(tenants.id, exceptWorkshopId)) : sameName)
    .limit(1);
  if (taken) throw fieldError('name', MESSAGES.workspaceNameTaken);
}

/** Creates the tenant, its workshop and its admin (no password yet), and mails the admin a set-password link. */
export async function create(ctx: AppContext, actor: Actor, input: CreateWorkshop): Promise<Workshop> {
  const created = await createInTransaction(ctx.db, async (tx) => {
    await assertNameFree(tx, input.name);
    const [workshop] = await tx
      .insert(tenants)
      .values({ name: input.name, slug: await uniqueSlug(tx, tenants, tenants, input.name, null, WORKSHOP_SLUG) })
      .returning();
    if (!workshop) throw new Error('tenant insert returned nothing');
    await assertEmailFree(tx, workshop.id, input.adminEmailAddress);
    const [workshopProfile] = await tx
      .insert(workspaces)
      .values({
        tenantId: workshop.id,
        name: input.name,
        email: input.adminEmailAddress,
        creditorNumber: input.creditorNumber,
        debtorNumber: input.debtorNumber,
      })
      .returning();
    const admin = await createAccount(tx, {
      tenantId: workshop.id,
      userName: input.adminEmailAddress,
      email: input.adminEmailAddress,
      name: '',
      surname: '',
      role: 'admin',
      password: null,
    });
    await sendPasswordLink(ctx, tx, admin, 'set-password');
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: workshop.id,
      action: 'workspace.create',
      entityType: 'workspace',
      entityId: workshopProfile?.id ?? null,
      data: { name: input.name, adminEmailAddress: input.adminEmailAddress },
    });
    return one(tx, actor, workshopProfile);
  });
  ctx.jobs.nudge();
  return created;
}

/**
 * An image may be used by a workshop when it belongs to that workshop's tenant, or (super admin) to the host: then
 * it moves to the tenant, so the workshop's admin can manage it from then on. URLs sent with it must be its own.
 */
async function claimImage(tx: DbOrTx, actor: Actor, workshopId: string, ref: ImageRef | null, field: string) {
  if (!ref) return;
  const allowed =
    actor.kind === 'superAdmin'
      ? or(eq(images.tenantId, workshopId), isNull(images.tenantId))
      : eq(images.tenantId, workshopId);
  const [claimed] = await tx
    .update(images)
    .set({ tenantId: workshopId })
    .where(and(eq(images.id, ref.id), allowed))
    .returning({ id: images.id, format: images.format });
  if (!claimed) throw fieldError(field, MESSAGES.imageNotOwned);
  refuseChangedImageUrls(toImage(claimed), ref, field);
}

/**
 * What a caller who is not the super admin sends back of the name and numbers must be what the GET showed them
 * (the numbers as null) or what is stored; anything else is a change only the super admin may make.
 */
function refuseSuperAdminFields(actor: Actor, current: WorkshopRow, input: UpdateWorkshopParsed) {
  if (actor.kind === 'superAdmin') return;
  const changed: string[] = [];
  if (input.name !== undefined && input.name !== current.name) changed.push('name');
  for (const key of ['creditorNumber', 'debtorNumber'] as const) {
    const sent = input[key];
    if (sent !== undefined && sent !== null && sent !== current[key]) changed.push(key);
  }
  if (changed.length) throw readOnlyError(changed, MESSAGES.workspaceFieldsSuperAdminOnly);
}

/** The payout account after this update (absent fields stay as stored); an IBAN needs its holder. */
function payoutAccount(current: WorkshopRow, input: UpdateWorkshopParsed) {
  const iban = input.iban === undefined ? current.iban : input.iban;
  const ibanHolder = input.ibanHolder === undefined ? current.ibanHolder : input.ibanHolder;
  if (iban && !ibanHolder) throw fieldError('ibanHolder', MESSAGES.ibanHolderRequired);
  return { iban, ibanHolder };
}

/** The holiday columns for this update: absent leaves them, null ends holiday mode. */
function holidayColumns(input: UpdateWorkshopParsed) {
  if (input.holiday === undefined) return {};
  const h = input.holiday;
  return { holidayFrom: h?.from ?? null, holidayTo: h?.to ?? null, holidayMessage: h?.message ?? null };
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateWorkshopParsed,
): Promise<Workshop> {
  const current = await findVisible(ctx.db, actor, id);
  if (!current) throw notFound();
  refuseChanges(await one(ctx.db, actor, current), input, WORKSHOP_READ_ONLY);
  refuseSuperAdminFields(actor, current, input);
  const payout = payoutAccount(current, input);
  const accountChanged = payoutAccountChanged(current, payout);
  const emailChanged = (input.email ?? '').trim().toLowerCase() !== (current.email ?? '').trim().toLowerCase();
  // What moves money or where its notices go needs the password (or second factor) in this request.
  if (accountChanged || emailChanged) await assertReconfirmed(ctx, actor, input);
  const isSuper = actor.kind === 'superAdmin';
  const name = isSuper && input.name !== undefined ? input.name : current.name;
  const mainImageId = input.mainImage?.id ?? null;
  const teamImageId = input.teamImage?.id ?? null;
  const replaced = [current.mainImageId, current.teamImageId].filter(
    (old): old is string => Boolean(old) && old !== mainImageId && old !== teamImageId,
  );
  const row = await ctx.db.transaction(async (tx) => {
    if (name !== current.name) await assertNameFree(tx, name, current.tenantId);
    await claimImage(tx, actor, current.tenantId, input.mainImage, 'mainImage');
    await claimImage(tx, actor, current.tenantId, input.teamImage, 'teamImage');
    const [updated] = await tx
      .update(workspaces)
      .set({
        name,
        creditorNumber: isSuper && input.creditorNumber !== undefined ? input.creditorNumber : undefined,
        debtorNumber: isSuper && input.debtorNumber !== undefined ? input.debtorNumber : undefined,
        description: sanitizeRichText(input.description, { profile: 'full', publicUrl: ctx.config.publicUrl }),
        openingTimes: input.openingTimes,
        street: input.street,
        streetNumber: input.streetNumber,
        zipCode: input.zipCode,
        city: input.city,
        province: input.province,
        email: input.email,
        phone: input.phone,
        label: input.label,
        mainImageId,
        teamImageId,
        ...payout,
        ibanChangedAt: accountChanged ? new Date() : undefined,
        ...holidayColumns(input),
        legalName: input.legalName,
        kvkNumber: input.kvkNumber,
        kvkBranchNumber: input.kvkBranchNumber,
        vatId: input.vatId,
        vatRegime: input.vatRegime,
        updatedAt: new Date(),
      })
      .where(eq(workspaces.id, current.id))
      .returning();
    if (name !== current.name) await tx.update(tenants).set({ name }).where(eq(tenants.id, current.tenantId));
    if (replaced.length) {
      await tx.delete(images).where(and(inArray(images.id, replaced), eq(images.tenantId, current.tenantId)));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: current.tenantId,
      action: 'workspace.update',
      entityType: 'workspace',
      entityId: current.id,
      data: auditedChanges(current, updated),
    });
    if (accountChanged && updated) await notifyPayoutAccountChanged(ctx, tx, actor, updated, current.email);
    if (emailChanged && updated) {
      await queueChangeNotice(ctx, tx, {
        actor,
        subject: `atelier ${updated.name}`,
        items: [{ label: 'E-mailadres van het atelier', from: current.email, to: updated.email }],
        addresses: [current.email, updated.email, ...(await workshopAdminAddresses(tx, current.tenantId))],
      });
    }
    return updated;
  });
  if (accountChanged || emailChanged) ctx.jobs.nudge();
  return one(ctx.db, actor, row);
}

/** The addresses of a workshop's admins, who hear of a change to its e-mail address. */
async function workshopAdminAddresses(db: DbOrTx, workshopId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.tenantId, workshopId), eq(roles.name, ROLE_ADMIN)));
  return rows.map((r) => r.email);
}

/** What the audit log keeps of an update: the payout account (masked) and the holiday, when they changed. */
function auditedChanges(before: WorkshopRow, after: WorkshopRow | undefined) {
  if (!after) return undefined;
  const data: Record<string, unknown> = {};
  if (before.iban !== after.iban || before.ibanHolder !== after.ibanHolder)
    data.payoutAccount = { iban: after.iban && maskIban(after.iban), holder: after.ibanHolder };
  // Old → new for the Logboek, the IBAN masked.
  if (before.iban !== after.iban)
    data.iban = { from: before.iban && maskIban(before.iban), to: after.iban && maskIban(after.iban) };
  if (before.ibanHolder !== after.ibanHolder) data.ibanHolder = { from: before.ibanHolder, to: after.ibanHolder };
  if (before.email !== after.email) data.email = { from: before.email, to: after.email };
  for (const key of ['legalName', 'kvkNumber', 'kvkBranchNumber', 'vatId', 'vatRegime'] as const)
    if (before[key] !== after[key]) data[key] = { from: before[key], to: after[key] };
  const [was, is] = [holidayOf(before), holidayOf(after)];
  if (JSON.stringify(was) !== JSON.stringify(is)) data.holiday = is;
  return Object.keys(data).length ? data : undefined;
}

/**
 * Deletes a workshop with everything of its tenant, in one transaction (docs/decisions/0006): refused while the
 * workshop is published, so a live shop never disappears by one click, and refused when it has reservations.
 */
export async function remove(ctx: AppContext, actor: Actor, id: string) {
  const current = await findVisible(ctx.db, actor, id);
  if (!current) throw notFound();
  if (current.isPublished) throw new AppError(ERROR_CODES.conflict, MESSAGES.workspacePublishedCannotDelete);
  await ctx.db.transaction(async (tx) => {
    const [still] = await tx
      .select({ isPublished: workspaces.isPublished })
      .from(workspaces)
      .where(eq(workspaces.id, id))
      .for('update');
    if (!still) throw notFound();
    if (still.isPublished) throw new AppError(ERROR_CODES.conflict, MESSAGES.workspacePublishedCannotDelete);
    // Reservations are the bookkeeping of sales and are kept: a workshop that has any is never deleted.
    const [booked] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.tenantId, current.tenantId))
      .limit(1);
    if (booked) throw new AppError(ERROR_CODES.conflict, MESSAGES.workspaceHasReservations);
    const owned = await tx.select({ id: images.id }).from(images).where(eq(images.tenantId, current.tenantId));
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.tenantId, current.tenantId));
    // Users with their sessions and codes, the workshop, its products and the tenant's images go by the cascade.
    await tx.delete(tenants).where(eq(tenants.id, current.tenantId));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: current.tenantId,
      action: 'workspace.delete',
      entityType: 'workspace',
      entityId: id,
      data: { name: current.name, users: counted?.n ?? 0, images: owned.length },
    });
  });
  // The workshop's users and their sessions are gone: their tokens end on this instance's next request too.
  ctx.sessions.forget();
}

export async function setPublished(ctx: AppContext, actor: Actor, id: string, isPublished: boolean) {
  const [row] = await ctx.db
    .update(workspaces)
    .set({ isPublished, updatedAt: new Date() })
    .where(and(eq(workspaces.id, id), visibleTo(actor)))
    .returning({ tenantId: workspaces.tenantId });
  if (!row) throw notFound();
  await audit(ctx.db, {
    actorUserId: actor.userId,
    tenantId: row.tenantId,
    action: isPublished ? 'workspace.publish' : 'workspace.unpublish',
    entityType: 'workspace',
    entityId: id,
  });
}

/** Saves the featured list: exactly these workshops are featured afterwards. */
export async function setFeatured(ctx: AppContext, actor: Actor, ids: string[]): Promise<Workshop[]> {
  const rows = await ctx.db.transaction(async (tx) => {
    if (ids.length) {
      const found = await tx.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, ids));
      if (found.length !== new Set(ids).size) throw notFound();
    }
    await tx.update(workspaces).set({ isFeatured: false }).where(eq(workspaces.isFeatured, true));
    const featured = ids.length
      ? await tx.update(workspaces).set({ isFeatured: true }).where(inArray(workspaces.id, ids)).returning()
      : [];
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'workspace.featured',
      entityType: 'workspace',
      entityId: null,
      data: { featured: ids },
    });
    return featured;
  });
  return toWorkshops(ctx.db, actor, rows);
}
