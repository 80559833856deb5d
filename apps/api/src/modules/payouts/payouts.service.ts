import { randomBytes } from 'node:crypto';
import { ERROR_CODES, isValidIban, MESSAGES, type PayoutPreview } from '@ateliermarkt/contract';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { readSettings } from '../settings/index.ts';
import { monthStatements } from '../statements/index.ts';
import {
  monthHasEnded,
  type PayoutPlan,
  type PlatformAccount,
  payoutFileXml,
  payoutPreview,
  planPayouts,
} from './payout-plan.ts';

/**
 * The super admin's payouts of a month (issue 17.3, docs/decisions/0040): built from the month's statements
 * (`monthStatements`, so the file pays exactly the statements' nets), the workshops' accounts and the platform's own
 * account from 'Instellingen'. The super admin only (the endpoint's access): no tenant scoping here.
 */

type MonthPayouts = { platform: PlatformAccount | null; plan: PayoutPlan };

async function monthPayouts(db: DbOrTx, month: string): Promise<MonthPayouts> {
  const { statements } = await monthStatements(db, { month });
  const tenantIds = statements.map((statement) => statement.tenantId);
  const accounts = tenantIds.length
    ? await db
        .select({
          tenantId: workspaces.tenantId,
          iban: workspaces.iban,
          ibanHolder: workspaces.ibanHolder,
          ibanChangedAt: workspaces.ibanChangedAt,
        })
        .from(workspaces)
        .where(inArray(workspaces.tenantId, tenantIds))
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

/** One snapshot of statements, accounts and settings: the preview and the file agree with themselves. */
const readMonth = (ctx: AppContext, month: string) =>
  ctx.db.transaction((tx) => monthPayouts(tx, month), { isolationLevel: 'repeatable read', accessMode: 'read only' });

export async function getPayouts(ctx: AppContext, month: string, now = new Date()): Promise<PayoutPreview> {
  const { platform, plan } = await readMonth(ctx, month);
  return payoutPreview(month, platform, plan, now);
}

/** The pain.001.001.03 file; 409 before the month is over, while the platform's account is not set, or for nobody. */
export async function payoutFile(ctx: AppContext, month: string, now = new Date()): Promise<string> {
  if (!monthHasEnded(month, now)) throw new AppError(ERROR_CODES.conflict, MESSAGES.payoutMonthNotOver);
  const { platform, plan } = await readMonth(ctx, month);
  if (!platform) throw new AppError(ERROR_CODES.conflict, MESSAGES.payoutAccountMissing);
  if (plan.transfers.length === 0) throw new AppError(ERROR_CODES.conflict, MESSAGES.payoutNothingToPay);
  return payoutFileXml({ month, platform, plan, now, unique: randomBytes(3).toString('hex').toUpperCase() });
}
