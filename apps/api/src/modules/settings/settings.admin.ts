import {
  type AdminSettings,
  type DeadlineSetting,
  ERROR_CODES,
  MESSAGES,
  PLATFORM_SETTING_DEFAULTS,
  PLATFORM_SETTING_ENV,
  type PlatformSettings,
  parseDuration,
} from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { type CurrentSettings, readSettings, writeSettings } from './settings.service.ts';

/** The settings as they hold on this server: stored values under its own deadline variables (config.deadlineEnv). */
export function currentSettings(ctx: AppContext): Promise<CurrentSettings> {
  return readSettings(ctx.db, ctx.config.deadlineEnv);
}

/** GET admin/settings. */
export async function getAdminSettings(ctx: AppContext): Promise<AdminSettings> {
  const { values, overridden } = await currentSettings(ctx);
  return { values, overridden, defaults: { ...PLATFORM_SETTING_DEFAULTS } };
}

const ms = (text: string) => parseDuration(text) ?? 0;

/**
 * PUT admin/settings: every key at once. A deadline its environment variable fixes may come back unchanged (the
 * screen sends what GET gave) but not changed; an expire deadline must lie after its reminder.
 */
export async function updateAdminSettings(
  ctx: AppContext,
  actor: Actor,
  input: PlatformSettings,
): Promise<AdminSettings> {
  const before = await currentSettings(ctx);
  const problems: { message: string; members: string[] }[] = [];
  const patch: Partial<PlatformSettings> = { ...input };
  for (const key of before.overridden) {
    if (ms(input[key]) !== ms(before.values[key]))
      problems.push({ message: MESSAGES.settingsOverriddenRefused(PLATFORM_SETTING_ENV[key]), members: [key] });
    delete patch[key];
  }
  const effective = { ...input, ...Object.fromEntries(before.overridden.map((k) => [k, before.values[k]])) };
  const pairs: [DeadlineSetting, DeadlineSetting][] = [
    ['reservationRemindAfter', 'reservationExpireAfter'],
    ['paymentRemindAfter', 'paymentExpireAfter'],
  ];
  for (const [remind, expire] of pairs) {
    if (ms(effective[expire]) <= ms(effective[remind]))
      problems.push({ message: MESSAGES.settingsExpireBeforeRemind, members: [expire] });
  }
  if (problems.length > 0)
    throw new AppError(ERROR_CODES.validation, problems[0]?.message ?? MESSAGES.generalError, problems);
  const changed = Object.fromEntries(
    Object.entries(patch).filter(([key, value]) => before.values[key as keyof PlatformSettings] !== value),
  );
  await ctx.db.transaction(async (tx) => {
    await writeSettings(tx, patch, actor.userId);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      // Old → new for the Logboek.
      data: {
        changed,
        previous: Object.fromEntries(
          Object.keys(changed).map((key) => [key, before.values[key as keyof PlatformSettings]]),
        ),
      },
    });
  });
  return getAdminSettings(ctx);
}
