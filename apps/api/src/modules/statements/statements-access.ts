import type { MonthStatements } from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { statementText } from '../../templates/documents/statement.ts';
import { statementPdf } from './statement-pdf.ts';
import { monthStatementTotals } from './statement-totals.ts';
import { monthStatements } from './statements.service.ts';

/**
 * Whose statements a caller may see: the super admin any workshop's (all of them without `tenantId`), a workshop
 * admin only their own; another workshop's answers 404, as every other tenant record does.
 */
export function statementWorkshop(actor: Actor, workshopId: string | undefined): string | undefined {
  if (actor.kind === 'superAdmin') return workshopId;
  if (!actor.tenantId || (workshopId !== undefined && workshopId !== actor.tenantId)) throw notFound();
  return actor.tenantId;
}

export async function statementsFor(
  ctx: AppContext,
  actor: Actor,
  query: { month: string; tenantId?: string | undefined; lines?: 'all' | 'none' | undefined },
): Promise<MonthStatements> {
  const workshopId = statementWorkshop(actor, query.tenantId);
  const which = workshopId ? { month: query.month, tenantId: workshopId } : { month: query.month };
  // Totals only: added up in the database, no line is built (statement-totals.ts).
  return query.lines === 'none' ? monthStatementTotals(ctx.db, which, ctx.database) : monthStatements(ctx.db, which);
}

/** The PDF statement of one workshop and month (`GET files/statement`): 404 for a workshop the caller may not see. */
export async function statementFile(
  ctx: AppContext,
  actor: Actor,
  query: { month: string; tenantId: string },
): Promise<{ fileName: string; pdf: Buffer }> {
  const workshopId = statementWorkshop(actor, query.tenantId) ?? query.tenantId;
  const { statements } = await monthStatements(ctx.db, { month: query.month, tenantId: workshopId });
  const [statement] = statements;
  if (!statement) throw notFound();
  const text = statementText(statement, query.month);
  return { fileName: text.fileName, pdf: await statementPdf(text) };
}
