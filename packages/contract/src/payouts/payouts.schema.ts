import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { statementMonthSchema } from '../statements/statements.schema.ts';

/**
 * The monthly payout to the workshops as a SEPA bank file: who is paid how much from the platform's
 * account, and who is left out and why. Amounts in integer cents, as the statements it is built from
 * (docs/decisions/0039, 0040).
 */

export const payoutsQuerySchema = z.strictObject({ month: statementMonthSchema });
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

/**
 * The bank file's query: `again=true` says a second file of a month that was downloaded before is meant (uploading
 * both pays every workshop twice); without it such a download is 409.
 */
export const payoutFileQuerySchema = z.strictObject({
  month: statementMonthSchema,
  again: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type PayoutFileQuery = z.input<typeof payoutFileQuerySchema>;

/**
 * Why a workshop with a statement this month is not in the file: no IBAN on its workshop form, an IBAN that fails
 * the mod-97 check (stored before the check existed), or nothing to pay (a net of 0 or less: its returns outweigh its
 * sales; the balance is not carried over by the file).
 */
export const PAYOUT_SKIP_REASONS = ['noIban', 'invalidIban', 'nothingToPay'] as const;
export type PayoutSkipReason = (typeof PAYOUT_SKIP_REASONS)[number];

export const payoutTransferSchema = z.object({
  tenantId: z.string(),
  workshopName: z.string(),
  creditorNumber: z.string().nullable(),
  /** The account holder of the workshop form, else the workshop's name: the creditor's name in the file. */
  accountHolder: z.string(),
  /** Compact, in capitals (the super admin sees it whole). */
  iban: z.string(),
  amountCents: z.number().int(),
  /** When the workshop's IBAN or holder last changed (ISO 8601), or null: a recent change is worth a second look. */
  ibanChangedAt: z.string().nullable(),
});
export type PayoutTransfer = z.infer<typeof payoutTransferSchema>;

export const skippedPayoutSchema = z.object({
  tenantId: z.string(),
  workshopName: z.string(),
  creditorNumber: z.string().nullable(),
  /** The net of the workshop's statement. */
  netCents: z.number().int(),
  reason: z.enum(PAYOUT_SKIP_REASONS),
});
export type SkippedPayout = z.infer<typeof skippedPayoutSchema>;

/** One earlier download of a month's bank file: when, by whom (the user's name; null once the user is deleted). */
export const payoutDownloadSchema = z.object({
  downloadedAt: z.string(),
  downloadedBy: z.string().nullable(),
  messageId: z.string(),
  numberOfTransfers: z.number().int(),
  totalCents: z.number().int(),
});
export type PayoutDownload = z.infer<typeof payoutDownloadSchema>;

export const payoutPreviewSchema = z.object({
  month: z.string(),
  /** Whether the month is over (Amsterdam time): only then is there a file, so a month is never paid twice in part. */
  monthEnded: z.boolean(),
  /** The platform's name and IBAN from 'Instellingen'; null while either is empty (no file can be made then). */
  platformAccount: z.object({ name: z.string(), iban: z.string() }).nullable(),
  transfers: z.array(payoutTransferSchema),
  skipped: z.array(skippedPayoutSchema),
  /** NbOfTxs and CtrlSum of the file. */
  numberOfTransfers: z.number().int(),
  totalCents: z.number().int(),
  /** The month's files downloaded before, oldest first: a further one pays every workshop again. */
  downloads: z.array(payoutDownloadSchema),
});
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;

/** The file's name: the web app saves the download under it. */
export const payoutFileName = (month: string) => `uitbetalingen-${month}.xml`;
export const SEPA_XML_MIME = 'application/xml';

/** The Dutch words for a skip reason, for the super admin's list. */
export const PAYOUT_SKIP_REASON_TEXT: Record<PayoutSkipReason, string> = {
  noIban: MESSAGES.payoutSkippedNoIban,
  invalidIban: MESSAGES.payoutSkippedInvalidIban,
  nothingToPay: MESSAGES.payoutSkippedNothingToPay,
};
