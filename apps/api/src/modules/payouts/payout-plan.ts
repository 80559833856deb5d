import { isValidIban, normalizeIban, type PayoutPreview, type PayoutSkipReason } from '@ateliermarkt/contract';
import { amsterdamDateTime, creditTransferXml } from '../../lib/sepa/pain001.ts';
import { payoutRemittance } from '../../templates/documents/payout-file.ts';

/**
 * Who is paid, as a pure function of the month's statements and the workshops' bank accounts: one
 * transfer per workshop with a positive net and a valid IBAN; every other workshop with a statement is listed as
 * skipped with its reason. The file's NbOfTxs and CtrlSum are those of the transfers (payout-plan.test.ts).
 */

/** One workshop's month as the payout needs it: the net of its statement and its account. */
export type PayoutWorkshop = {
  tenantId: string;
  workshopName: string;
  creditorNumber: string | null;
  netCents: number;
  iban: string | null;
  ibanHolder: string | null;
  /** When the account last changed (docs/decisions/0038): the preview shows a recent change before paying. */
  ibanChangedAt?: Date | null;
};

export type PlannedTransfer = PayoutWorkshop & { iban: string; accountHolder: string; amountCents: number };
export type PlannedSkip = PayoutWorkshop & { reason: PayoutSkipReason };
export type PayoutPlan = { transfers: PlannedTransfer[]; skipped: PlannedSkip[]; totalCents: number };
export type PlatformAccount = { name: string; iban: string };

function skipReason(workshop: PayoutWorkshop): PayoutSkipReason | null {
  if (workshop.netCents <= 0) return 'nothingToPay';
  if (!workshop.iban?.trim()) return 'noIban';
  if (!isValidIban(workshop.iban)) return 'invalidIban';
  return null;
}

export function planPayouts(workshops: readonly PayoutWorkshop[]): PayoutPlan {
  const plan: PayoutPlan = { transfers: [], skipped: [], totalCents: 0 };
  for (const workshop of workshops) {
    if (!Number.isSafeInteger(workshop.netCents)) throw new Error(`Net of ${workshop.tenantId} is not whole cents`);
    const reason = skipReason(workshop);
    if (reason !== null) {
      plan.skipped.push({ ...workshop, reason });
      continue;
    }
    plan.transfers.push({
      ...workshop,
      iban: normalizeIban(workshop.iban ?? ''),
      accountHolder: workshop.ibanHolder?.trim() || workshop.workshopName,
      amountCents: workshop.netCents,
    });
    plan.totalCents += workshop.netCents;
  }
  return plan;
}

/**
 * Whether `month` is over in Amsterdam at `now`. A month is paid once, when it is complete: a file made halfway would
 * leave the rest of the month to a second file that pays the first half again.
 */
export function monthHasEnded(month: string, now: Date): boolean {
  return month < amsterdamDateTime(now).slice(0, 7);
}

/** The preview the super admin reads before downloading. */
export function payoutPreview(
  month: string,
  platform: PlatformAccount | null,
  plan: PayoutPlan,
  now: Date,
  downloads: PayoutPreview['downloads'] = [],
): PayoutPreview {
  return {
    month,
    monthEnded: monthHasEnded(month, now),
    platformAccount: platform,
    transfers: plan.transfers.map((transfer) => ({
      tenantId: transfer.tenantId,
      workshopName: transfer.workshopName,
      creditorNumber: transfer.creditorNumber,
      accountHolder: transfer.accountHolder,
      iban: transfer.iban,
      amountCents: transfer.amountCents,
      ibanChangedAt: transfer.ibanChangedAt?.toISOString() ?? null,
    })),
    skipped: plan.skipped.map((skip) => ({
      tenantId: skip.tenantId,
      workshopName: skip.workshopName,
      creditorNumber: skip.creditorNumber,
      netCents: skip.netCents,
      reason: skip.reason,
    })),
    numberOfTransfers: plan.transfers.length,
    totalCents: plan.totalCents,
    downloads,
  };
}

/** The file's MsgId: `AM-<month>-<Amsterdam time, digits only>-<unique>` (recorded with the download). */
export const payoutMessageId = (month: string, now: Date, unique: string) =>
  `AM-${month}-${amsterdamDateTime(now).replace(/\D/g, '')}-${unique}`;

/**
 * The pain.001.001.03 file of a plan with at least one transfer: from the platform's account, executed on the day it
 * is made (Amsterdam), the creditor number as each transfer's end-to-end reference. `unique` makes the MsgId unique
 * (a bank refuses a MsgId it has seen): the caller passes random characters.
 */
export function payoutFileXml(input: {
  month: string;
  platform: PlatformAccount;
  plan: PayoutPlan;
  now: Date;
  unique: string;
}): string {
  const created = amsterdamDateTime(input.now);
  return creditTransferXml({
    messageId: payoutMessageId(input.month, input.now, input.unique),
    createdAt: input.now,
    executionDate: created.slice(0, 10),
    debtor: input.platform,
    transfers: input.plan.transfers.map((transfer) => ({
      endToEndId: transfer.creditorNumber ?? '',
      amountCents: transfer.amountCents,
      creditor: { name: transfer.accountHolder, iban: transfer.iban },
      remittance: payoutRemittance(input.month, transfer.creditorNumber),
    })),
  });
}
