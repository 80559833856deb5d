import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useRoleKind } from '../../../lib/current-user.ts';
import { OwnStatement } from './own-statement.tsx';
import { thisMonth } from './statement-parts.tsx';
import { StatementsOverview } from './statements-overview.tsx';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * 'Afrekeningen': the super admin's overview of every workshop, a workshop admin's own statement. The
 * month is in the address (`?maand=2026-11`), so a statement can be linked to and the back button works.
 */
export function StatementsPage() {
  const kind = useRoleKind();
  const [params, setParams] = useSearchParams();
  const asked = params.get('maand') ?? '';
  const month = MONTH.test(asked) ? asked : thisMonth();
  const onMonthChange = (next: string) => setParams({ maand: next });
  if (!kind) return <PageLoader />;
  const superAdmin = kind === 'superAdmin';
  return (
    <Stack maw={1100} gap={0}>
      <PageHeader
        title="Afrekeningen"
        description={
          superAdmin
            ? 'Per atelier de betaalde reserveringen en ontvangen retouren van de maand, met btw, commissie en netto.'
            : 'De betaalde reserveringen en ontvangen retouren van je atelier in de maand, met btw, commissie en netto.'
        }
      />
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
