import {
  ERROR_CODES,
  MESSAGES,
  type OnboardingState,
  type SetWorkshopMollie,
  type WorkshopMollie,
} from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentRoutes, users, workspaces } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { releaseWaitingRoutes } from '../reservations/index.ts';

/**
 * A workshop's connection with Mollie (Mollie Connect): the organisation its share is routed to (set by
 * the super admin, for a workshop onboarded by hand, or after the onboarding link), its onboarding state as Mollie
 * reports it, and what waits to be routed to it. Connecting releases the waiting routes.
 */

async function workshopOf(ctx: AppContext, actor: Actor, id: string) {
  const [w] = await ctx.db
    .select({
      id: workspaces.id,
      tenantId: workspaces.tenantId,
      name: workspaces.name,
      email: workspaces.email,
      organizationId: workspaces.mollieOrganizationId,
    })
    .from(workspaces)
    .where(
      and(
        eq(workspaces.id, id),
        actor.kind === 'superAdmin' ? undefined : eq(workspaces.tenantId, actor.tenantId ?? crypto.randomUUID()),
      ),
    );
  if (!w || (actor.kind !== 'superAdmin' && actor.kind !== 'workshopAdmin')) throw notFound();
  return w;
}

async function stateOf(
  ctx: AppContext,
  w: { tenantId: string; organizationId: string | null },
): Promise<WorkshopMollie> {
  const [waiting] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${paymentRoutes.amountCents}), 0)::int`,
    })
    .from(paymentRoutes)
    .where(and(eq(paymentRoutes.tenantId, w.tenantId), eq(paymentRoutes.status, 'waiting')));
  let onboarding: OnboardingState | null = null;
  let onboardingError: string | null = null;
  if (w.organizationId && ctx.payments.name === 'mollie') {
    try {
      onboarding = await ctx.payments.onboardingState(w.organizationId);
      if (!onboarding) onboardingError = 'Mollie kent deze organisatie niet als gekoppeld atelier.';
    } catch (err) {
      ctx.log.warn({ err }, 'mollie: onboarding state unavailable');
      onboardingError = 'Mollie is nu niet bereikbaar; de status volgt later.';
    }
  }
  return {
    provider: ctx.payments.name,
    payouts: ctx.config.payouts,
    organizationId: w.organizationId,
    onboarding,
    onboardingError,
    waitingRoutes: waiting?.count ?? 0,
    waitingCents: waiting?.cents ?? 0,
  };
}

export async function getWorkshopMollie(ctx: AppContext, actor: Actor, id: string) {
  return stateOf(ctx, await workshopOf(ctx, actor, id));
}

/** The super admin sets (or clears) the organisation; its waiting routes go out in the same commit's jobs. */
export async function setWorkshopMollie(ctx: AppContext, actor: Actor, id: string, input: SetWorkshopMollie) {
  const w = await workshopOf(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({ mollieOrganizationId: input.organizationId, updatedAt: new Date() })
      .where(eq(workspaces.id, w.id));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: w.tenantId,
      action: 'workspace.mollie-organization',
      entityType: 'workspace',
      entityId: w.id,
      data: { from: w.organizationId, to: input.organizationId },
    });
    if (input.organizationId) await releaseWaitingRoutes(ctx, tx, w.tenantId);
  });
  ctx.jobs.nudge();
  return stateOf(ctx, { ...w, organizationId: input.organizationId });
}

/** Mollie's Client Link for the workshop's admin: sign up (or log in) at Mollie and connect to the platform. */
export async function createOnboardingLink(ctx: AppContext, actor: Actor, id: string) {
  const w = await workshopOf(ctx, actor, id);
  if (ctx.payments.name !== 'mollie') throw new AppError(ERROR_CODES.conflict, MESSAGES.mollieNotConfigured);
  if (!ctx.config.mollieClientId) throw new AppError(ERROR_CODES.conflict, MESSAGES.mollieClientIdMissing);
  const [owner] = await ctx.db
    .select({ email: users.email, name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.id, actor.userId));
  const url = await ctx.payments.onboardingLink({
    workshopName: w.name,
    ownerEmail: w.email ?? owner?.email ?? '',
    givenName: owner?.name || w.name,
    familyName: owner?.surname || w.name,
    state: w.tenantId,
  });
  return { url };
}
