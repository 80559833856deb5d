import { z } from 'zod';
import { PLATFORM_SETTING_ENV } from './platform-settings.schema.ts';

/** GET/PUT admin/settings: what the super admin's 'Instellingen' screen shows. */
export const DEADLINE_SETTINGS = Object.keys(PLATFORM_SETTING_ENV) as [keyof typeof PLATFORM_SETTING_ENV];

/** The values as stored and read back (no transform: the same shape goes back in a PUT). */
export const platformSettingsValuesSchema = z.object({
  reservationRemindAfter: z.string(),
  reservationExpireAfter: z.string(),
  paymentRemindAfter: z.string(),
  paymentExpireAfter: z.string(),
  taxPercent: z.number(),
  feePercent: z.number(),
  platformIban: z.string(),
  platformName: z.string(),
  platformLegalName: z.string(),
  platformAddress: z.string(),
  platformKvkNumber: z.string(),
  platformVatId: z.string(),
  feeVatPercent: z.number(),
});

export const adminSettingsSchema = z.object({
  /** What holds now: stored, else default; a deadline's environment variable wins. */
  values: platformSettingsValuesSchema,
  /** Deadlines fixed by their environment variable (`PLATFORM_SETTING_ENV`): read-only on the screen. */
  overridden: z.array(z.enum(DEADLINE_SETTINGS)),
  defaults: platformSettingsValuesSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
