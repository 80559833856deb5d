import type { PayoutRouting } from '@ateliermarkt/contract';
import { Stack, Text, Title } from '@mantine/core';
import { ListTable } from '../../../components/data-table.tsx';
import { usePayoutRouting } from '../api/payouts.ts';
import { euro } from './statement-parts.tsx';

type Row = PayoutRouting['workshops'][number];

/**
 * With PAYOUTS=mollie-routing the workshops are paid per reservation at Mollie, not by the bank file. Per
 * workshop, of the month's payments: routed, waiting (not shipped yet, or not connected), the platform's fee and VAT,
 * refunded; together exactly what was paid.
 */
export function PayoutRoutingSection({ month }: { month: string }) {
  const query = usePayoutRouting(month);
  if (query.data && query.data.payouts !== 'mollie-routing') return null;
  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby="payout-routing-title">
      <Title order={2} size="h3" id="payout-routing-title">
        Doorgestort via Mollie
      </Title>
      <Text c="dimmed" fz="sm">
        De betalingen van deze maand per atelier: doorgestort naar het atelier, wachtend (nog niet verzonden of het
        atelier is nog niet gekoppeld), fee en btw van het platform, en terugbetaald. Samen is dat wat er is betaald.
      </Text>
      <ListTable<Row>
        labelledBy="payout-routing-title"
        records={query.data?.workshops}
        loading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText="Geen betalingen via Mollie in deze maand."
        idAccessor="tenantId"
        rowName={(w) => w.workshopName}
        columns={[
          {
            accessor: 'workshopName',
            title: 'Atelier',
            render: (w) => (w.connected ? w.workshopName : `${w.workshopName} (niet gekoppeld)`),
          },
          {
            accessor: 'paidCents',
            title: 'Betaald',
            textAlign: 'right',
            noWrap: true,
            render: (w) => euro(w.paidCents),
          },
          {
            accessor: 'routedCents',
            title: 'Doorgestort',
            textAlign: 'right',
            noWrap: true,
            render: (w) => euro(w.routedCents),
          },
          {
            accessor: 'waitingCents',
            title: 'Wachtend',
            textAlign: 'right',
            noWrap: true,
            render: (w) => euro(w.waitingCents),
          },
          {
            accessor: 'feeCents',
            title: 'Fee en btw',
            textAlign: 'right',
            noWrap: true,
            priority: 2,
            render: (w) => euro(w.feeCents),
          },
          {
            accessor: 'refundedCents',
            title: 'Terugbetaald',
            textAlign: 'right',
            noWrap: true,
            priority: 2,
            render: (w) => euro(w.refundedCents),
          },
        ]}
      />
    </Stack>
  );
}
