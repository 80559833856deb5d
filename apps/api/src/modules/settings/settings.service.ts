import {
  type DeadlineSetting,
  PLATFORM_SETTING_DEFAULTS,
  PLATFORM_SETTING_ENV,
  type PlatformSettingKey,
  type PlatformSettings,
  parseDuration,
  platformSettingsSchema,
  type VatRegime,
} from '@ateliermarkt/contract';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

type Env = Record<string, string | undefined>;

/** The super admin's settings as they hold now, and which deadlines an environment variable fixes. */
export type CurrentSettings = {
  values: PlatformSettings;
  /** Deadlines set by their environment variable: stored values do not apply, the screen shows them read-only. */
  overridden: DeadlineSetting[];
};

const KEYS = Object.keys(PLATFORM_SETTING_DEFAULTS) as PlatformSettingKey[];
const DEADLINES = Object.keys(PLATFORM_SETTING_ENV) as DeadlineSetting[];

/**
 * Reads every setting: the stored value, else the default; a deadline's environment variable (a valid duration)
 * wins over both. A stored value that no longer passes the schema falls back to its default.
 */
export async function readSettings(db: DbOrTx, env: Env = process.env): Promise<CurrentSettings> {
  const rows = await db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const values: Record<string, unknown> = { ...PLATFORM_SETTING_DEFAULTS };
  for (const key of KEYS) {
    const text = stored.get(key);
    if (text === undefined) continue;
    const parsed = platformSettingsSchema.shape[key].safeParse(JSON.parse(text));
    if (parsed.success) values[key] = parsed.data;
  }
  const overridden: DeadlineSetting[] = [];
  for (const key of DEADLINES) {
    const fromEnv = env[PLATFORM_SETTING_ENV[key]]?.trim();
    if (fromEnv && parseDuration(fromEnv) !== null) {
      values[key] = fromEnv;
      overridden.push(key);
    }
  }
  return { values: values as PlatformSettings, overridden };
}

/** A deadline in milliseconds, as it holds now. */
export const deadlineMs = (settings: CurrentSettings, key: DeadlineSetting): number =>
  parseDuration(settings.values[key]) ?? (parseDuration(PLATFORM_SETTING_DEFAULTS[key]) as number);

/**
 * The tax, fee and fee-BTW percent a new reservation line is fixed with: a workshop under the
 * small-business scheme (KOR) charges no BTW on its sales, so its lines carry a tax of 0 %.
 */
export async function currentRates(
  db: DbOrTx,
  vatRegime: VatRegime = 'standard',
): Promise<{ taxPercent: number; feePercent: number; feeVatPercent: number }> {
  const { values } = await readSettings(db);
  return {
    taxPercent: vatRegime === 'kor' ? 0 : values.taxPercent,
    feePercent: values.feePercent,
    feeVatPercent: values.feeVatPercent,
  };
}

/** Stores the given settings (already validated with the contract's schema), noting who changed them. */
export async function writeSettings(
  tx: DbOrTx,
  patch: Partial<PlatformSettings>,
  actorUserId: string | null,
): Promise<void> {
  const entries = Object.entries(patch).filter(([key]) => KEYS.includes(key as PlatformSettingKey));
  if (entries.length === 0) return;
  await tx
    .insert(appSettings)
    .values(entries.map(([key, value]) => ({ key, value: JSON.stringify(value), updatedBy: actorUserId })))
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}

/** Forgets stored values, so the defaults hold again (tests, and a 'terug naar standaard'). */
export async function resetSettings(tx: DbOrTx, keys: PlatformSettingKey[]): Promise<void> {
  if (keys.length > 0) await tx.delete(appSettings).where(inArray(appSettings.key, keys));
}
