import { randomBytes } from 'node:crypto';
import { ERROR_CODES, isValidIban, MESSAGES, type PayoutDownload, type PayoutPreview } from '@ateliermarkt/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { payoutDownloads, users, workspaces } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { readSettings } from '../settings/index.ts';
import { monthStatements } from '../statements/index.ts';
import {
  monthHasEnded,
  type PayoutPlan,
  type PlatformAccount,
  payoutFileXml,
  payoutMessageId,
  payoutPreview,
  planPayouts,
} from './payout-plan.ts';

/**
 * The super admin's payouts of a month (docs/decisions/0040): built from the month's statements
 * (`monthStatements`, so the file pays exactly the statements' nets), the workshops' accounts and the platform's own
 * account from 'Instellingen'. The super admin only (the endpoint's access): no tenant scoping here.
 */

type MonthPayouts = { platform: PlatformAccount | null; plan: PayoutPlan };

async function monthPayouts(db: DbOrTx, month: string): Promise<MonthPayouts> {
  const { statements } = await monthStatements(db, { month });
  const workshopIds = statements.map((statement) => statement.tenantId);
  const accounts = workshopIds.length
    ? await db
        .select({
          tenantId: workspaces.tenantId,
          iban: workspaces.iban,
          ibanHolder: workspaces.ibanHolder,
          ibanChangedAt: workspaces.ibanChangedAt,
        })
        .from(workspaces)
        .where(inArray(workspaces.tenantId, workshopIds))
    : [];
  const accountOf = new Map(accounts.map((account) => [account.tenantId, account]));
  const plan = planPayouts(
    statements.map((statement) => ({
      tenantId: statement.tenantId,
      workshopName: statement.workshopName,
      creditorNumber: statement.creditorNumber,
      netCents: statement.totals.netCents,
      iban: accountOf.get(statement.tenantId)?.iban ?? null,
      ibanHolder: accountOf.get(statement.tenantId)?.ibanHolder ?? null,
      ibanChangedAt: accountOf.get(statement.tenantId)?.ibanChangedAt ?? null,
    })),
  );
  const { platformName, platformIban } = (await readSettings(db)).values;
  const platform =
    platformName.trim() && isValidIban(platformIban) ? { name: platformName.trim(), iban: platformIban } : null;
  return { platform, plan };
}

/** The month's earlier downloads of the bank file, oldest first, with the name of who downloaded each. */
async function monthDownloads(db: DbOrTx, month: string): Promise<PayoutDownload[]> {
  const rows = await db
    .select({
      downloadedAt: payoutDownloads.downloadedAt,
      name: users.name,
      surname: users.surname,
      userName: users.userName,
      messageId: payoutDownloads.messageId,
      numberOfTransfers: payoutDownloads.numberOfTransfers,
      totalCents: payoutDownloads.totalCents,
    })
    .from(payoutDownloads)
    .leftJoin(users, eq(users.id, payoutDownloads.downloadedBy))
    .where(eq(payoutDownloads.month, month))
    .orderBy(asc(payoutDownloads.downloadedAt), asc(payoutDownloads.id));
  return rows.map((row) => ({
    downloadedAt: row.downloadedAt.toISOString(),
    downloadedBy: row.userName === null ? null : `${row.name ?? ''} ${row.surname ?? ''}`.trim() || row.userName,
    messageId: row.messageId,
    numberOfTransfers: row.numberOfTransfers,
    totalCents: row.totalCents,
  }));
}

/** One snapshot of statements, accounts, settings and earlier downloads: the preview agrees with itself. */
export async function getPayouts(ctx: AppContext, month: string, now = ctx.now()): Promise<PayoutPreview> {
  const { platform, plan, downloads } = await ctx.db.transaction(
    async (tx) => ({ ...(await monthPayouts(tx, month)), downloads: await monthDownloads(tx, month) }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return payoutPreview(month, platform, plan, now, downloads);
}

/**
 * The pain.001.001.03 file; 409 before the month is over, while the platform's account is not set, or for nobody;
 * 409 as well when the month was downloaded before and `again` is not set (uploading both pays twice). The download
 * is recorded in the same transaction that reads the month. A transaction-scoped advisory lock per month first, in
 * read committed (the default): the second of two downloads at once waits for the first and then sees its row, so
 * both cannot pass as the month's first (a repeatable-read snapshot would be taken before the wait).
 */
export async function payoutFile(
  ctx: AppContext,
  input: { month: string; again: boolean; userId: string },
  now = ctx.now(),
): Promise<string> {
  const { month } = input;
  if (!monthHasEnded(month, now)) throw new AppError(ERROR_CODES.conflict, MESSAGES.payoutMonthNotOver);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payout-file:${month}`}, 0))`);
    const { platform, plan } = await monthPayouts(tx, month);
    if (!platform) throw new AppError(ERROR_CODES.conflict, MESSAGES.payoutAccountMissing);
    if (plan.transfers.length === 0) throw new AppError(ERROR_CODES.conflict, MESSAGES.payoutNothingToPay);
    const before = await tx
      .select({ id: payoutDownloads.id })
      .from(payoutDownloads)
      .where(eq(payoutDownloads.month, month))
      .limit(1);
    if (before.length > 0 && !input.again) throw new AppError(ERROR_CODES.conflict, MESSAGES.payoutAlreadyDownloaded);
    const unique = randomBytes(3).toString('hex').toUpperCase();
    await tx.insert(payoutDownloads).values({
      month,
      downloadedAt: now,
      downloadedBy: input.userId,
      messageId: payoutMessageId(month, now, unique),
      numberOfTransfers: plan.transfers.length,
      totalCents: plan.totalCents,
    });
    return payoutFileXml({ month, platform, plan, now, unique });
  });
}
