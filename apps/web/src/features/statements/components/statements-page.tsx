import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { defineList, MONTH, schemaParam, useListState } from '../../../components/list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useRoleKind } from '../../../lib/current-user.ts';
import { STATEMENTS_HEADING } from '../statements-heading.ts';
import { OwnStatement } from './own-statement.tsx';
import { thisMonth } from './statement-parts.tsx';
import { StatementsOverview } from './statements-overview.tsx';

/** The month in the address: `?maand=2026-11`. */
const STATEMENT_LIST = defineList({ month: schemaParam('maand', MONTH) });

/**
 * 'Afrekeningen': the super admin's overview of every workshop, a workshop admin's own statement. The
 * month is in the address (`?maand=2026-11`), so a statement can be linked to and the back button works.
 */
export function StatementsPage() {
  const kind = useRoleKind();
  const [{ month: asked }, update] = useListState(STATEMENT_LIST);
  const month = asked || thisMonth();
  const onMonthChange = (next: string) => update({ month: next });
  if (!kind) return <PageLoader />;
  const superAdmin = kind === 'superAdmin';
  return (
    <Stack maw={1100} gap={0}>
      <PageHeader title={STATEMENTS_HEADING.title} description={STATEMENTS_HEADING.description} />
      {!superAdmin && (
        // The fee's invoices sit beside the statement: the owner looks for them here.
        <Text fz="sm" c="dimmed" mt={-8} mb="md">
          De facturen van Ateliermarkt voor de commissie staan bij{' '}
          <Anchor component={Link} to={`/invoices?maand=${month}`}>
            Facturen
          </Anchor>
          .
        </Text>
      )}
      {superAdmin ? (
        <StatementsOverview month={month} onMonthChange={onMonthChange} />
      ) : (
        <OwnStatement month={month} onMonthChange={onMonthChange} />
      )}
    </Stack>
  );
}
