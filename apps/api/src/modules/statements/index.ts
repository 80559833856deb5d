/** The statements module's public file: what other modules may use (docs/decisions/0025, 0039). */

export { monthStatementTotals, rememberedMonthTotals } from './statement-totals.ts';
export { monthStatements } from './statements.service.ts';
