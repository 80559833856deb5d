import { MESSAGES, statementFileName, type WorkshopStatement } from '@ateliermarkt/contract';
import { Button, Group, Stack } from '@mantine/core';
import { ListTable, useShownWithRows } from '../../../components/data-table.tsx';
import { IconDownload } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useDownloadStatement, useDownloadStatementsWorkbook, useStatements } from '../api/statements.ts';
import { PayoutRoutingSection } from './payout-routing-section.tsx';
import { PayoutsSection } from './payouts-section.tsx';
import { euro, MonthPicker, statementMonthLabel, TotalsSummary } from './statement-parts.tsx';

export type StatementsOverviewProps = { month: string; onMonthChange: (month: string) => void };

const right = { textAlign: 'right' as const };

/** The super admin's 'Afrekeningen': a row per workshop with something in the month, the month's totals, downloads. */
export function StatementsOverview({ month, onMonthChange }: StatementsOverviewProps) {
  const query = useStatements(month, 'none');
  // The month's rows, totals and payouts appear together (useShownWithRows).
  const shown = useShownWithRows(query.data?.month === month ? query.data : undefined);
  const pdf = useDownloadStatement();
  const workbook = useDownloadStatementsWorkbook();
  const done = {
    onSuccess: () => notifySuccess(MESSAGES.fileDownloaded),
    onError: (error: unknown) => notifyFailure(error),
  };
  const getPdf = (s: WorkshopStatement) =>
    pdf.mutate({ tenantId: s.tenantId, month, fileName: statementFileName(s.workshopName, month) }, done);

  return (
    <Stack gap="md">
      <Group align="end" justify="space-between" gap="sm">
        <MonthPicker value={month} onChange={onMonthChange} />
        <Button
          leftSection={<IconDownload />}
          loading={workbook.isPending}
          onClick={() => workbook.mutate(month, done)}
        >
          Download Excel
        </Button>
      </Group>
      <ListTable<WorkshopStatement>
        label={`Afrekeningen ${statementMonthLabel(month)}`}
        records={shown?.statements}
        loading={!shown}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText={`Geen betaalde reserveringen of ontvangen retouren in ${statementMonthLabel(month)}.`}
        idAccessor="tenantId"
        rowName={(s) => s.workshopName}
        columns={[
          { accessor: 'workshopName', title: 'Atelier' },
          { accessor: 'creditorNumber', title: 'Crediteurnummer', priority: 3, render: (s) => s.creditorNumber ?? '—' },
          { accessor: 'gross', title: 'Bruto', priority: 2, ...right, render: (s) => euro(s.totals.grossCents) },
          { accessor: 'tax', title: 'Btw', priority: 2, ...right, render: (s) => euro(s.totals.taxCents) },
          {
            accessor: 'fee',
            title: 'Commissie incl. btw',
            priority: 2,
            ...right,
            render: (s) => euro(s.totals.feeCents + s.totals.feeVatCents),
          },
          { accessor: 'net', title: 'Netto', ...right, render: (s) => euro(s.totals.netCents) },
          {
            accessor: 'pdf',
            title: 'Afrekening',
            ...right,
            render: (s) => (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload />}
                aria-label={`PDF van ${s.workshopName} downloaden`}
                loading={pdf.isPending && pdf.variables?.tenantId === s.tenantId}
                onClick={() => getPdf(s)}
              >
                PDF
              </Button>
            ),
          },
        ]}
      />
      {shown && <TotalsSummary title={`Totaal alle ateliers, ${statementMonthLabel(month)}`} totals={shown.totals} />}
      {/* Below the table: shown once the table has its rows, so they do not jump down when it grows.
          Mounted from the start, so their own requests run alongside the statements'. */}
      <Stack gap="md" display={shown ? undefined : 'none'}>
        <PayoutRoutingSection month={month} />
        <PayoutsSection month={month} />
      </Stack>
    </Stack>
  );
}
