import { z } from 'zod';
import { isValidIban, normalizeIban } from '../common/iban.ts';
import { FEE_PERCENT, TAX_PERCENT } from '../constants.ts';
import { parseDuration } from '../duration.ts';
import { LEGAL_MESSAGES, normalizeVatId, vatIdProblem } from '../workshops/legal-profile.ts';

/** The BTW rate on the platform's fee: the Dutch standard rate. */
export const FEE_VAT_PERCENT = 21;

/**
 * The settings the super admin edits on 'Instellingen': the
 * deadlines of reservations, the tax and fee percentages of new reservations, and the platform's own bank account
 * for payout files. Stored per key in `app_settings`; a key never written has its default; a deadline's
 * environment variable overrides what is stored.
 */
export const PLATFORM_SETTING_DEFAULTS = {
  reservationRemindAfter: '24h',
  reservationExpireAfter: '72h',
  paymentRemindAfter: '2d',
  paymentExpireAfter: '7d',
  taxPercent: TAX_PERCENT,
  feePercent: FEE_PERCENT,
  platformIban: '',
  platformName: '',
  platformLegalName: '',
  platformAddress: '',
  platformKvkNumber: '',
  platformVatId: '',
  feeVatPercent: FEE_VAT_PERCENT,
} as const;

/** The environment variable that overrides each deadline (docs/configuration.md). */
export const PLATFORM_SETTING_ENV = {
  reservationRemindAfter: 'RESERVATION_REMIND_AFTER',
  reservationExpireAfter: 'RESERVATION_EXPIRE_AFTER',
  paymentRemindAfter: 'PAYMENT_REMIND_AFTER',
  paymentExpireAfter: 'PAYMENT_EXPIRE_AFTER',
} as const;

export type DeadlineSetting = keyof typeof PLATFORM_SETTING_ENV;

const durationText = z
  .string()
  .trim()
  .refine((text) => parseDuration(text) !== null, 'Vul een duur in: een aantal minuten, uren of dagen.');
const percent = z
  .number()
  .min(0, 'Vul een percentage van 0 tot 100 in.')
  .max(100, 'Vul een percentage van 0 tot 100 in.');

export const platformSettingsSchema = z.object({
  reservationRemindAfter: durationText,
  reservationExpireAfter: durationText,
  paymentRemindAfter: durationText,
  paymentExpireAfter: durationText,
  taxPercent: percent,
  feePercent: percent,
  /** Empty: not set (a payout file cannot be made then). */
  platformIban: z
    .string()
    .transform(normalizeIban)
    .refine((iban) => iban === '' || isValidIban(iban), 'Vul een geldig IBAN in.'),
  platformName: z.string().trim().max(70, 'Gebruik hoogstens 70 tekens.'),
  /** The platform as supplier on its fee invoices; empty: not set (no invoice can be issued then). */
  platformLegalName: z.string().trim().max(128, LEGAL_MESSAGES.legalNameTooLong),
  platformAddress: z.string().trim().max(300, LEGAL_MESSAGES.platformAddressTooLong),
  platformKvkNumber: z
    .string()
    .transform((v) => v.replace(/[\s.]/g, ''))
    .refine((v) => v === '' || /^\d{8}$/.test(v), LEGAL_MESSAGES.kvkNumberInvalid),
  platformVatId: z
    .string()
    .transform(normalizeVatId)
    .refine((v) => v === '' || vatIdProblem(v) === null, LEGAL_MESSAGES.vatIdInvalid),
  /** The BTW rate on the fee of reservations placed from now on; each line keeps its own. */
  feeVatPercent: z.number().min(0, LEGAL_MESSAGES.feeVatPercentInvalid).max(100, LEGAL_MESSAGES.feeVatPercentInvalid),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export type PlatformSettingKey = keyof PlatformSettings;
