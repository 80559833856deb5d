import {
  formatDate,
  MESSAGES,
  STATEMENT_LINE_KIND_NAMES,
  type StatementLine,
  statementFileName,
} from '@ateliermarkt/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ListTable, useShownWithRows } from '../../../components/data-table.tsx';
import { IconDownload } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useDownloadStatement, useStatements } from '../api/statements.ts';
import { euro, MonthPicker, statementMonthLabel, TotalsSummary } from './statement-parts.tsx';

export type OwnStatementProps = { month: string; onMonthChange: (month: string) => void };

const right = { textAlign: 'right' as const };

/** Lines per page: a month of a busy workshop has hundreds (756 in the large data), too many to render at once. */
const LINES_PER_PAGE = 50;

/**
 * The workshop admin's own statement of a month: its lines a page at a time, the totals, the PDF. What arrives with
 * the statement (the PDF button, the creditor number) has its place from the start (no layout shift).
 */
export function OwnStatement({ month, onMonthChange }: OwnStatementProps) {
  const query = useStatements(month);
  const pdf = useDownloadStatement();
  // The month's lines and what arrives with them (the PDF button, the creditor number, the totals) appear together.
  const current = useShownWithRows(query.data?.month === month ? query.data : undefined);
  const statement = current?.statements[0];
  const [paged, setPaged] = useState({ month, page: 1 });
  const page = paged.month === month ? paged.page : 1;
  const allLines = current ? (statement?.lines ?? []) : undefined;
  const records = useMemo(
    () =>
      allLines
        ?.map((l, i) => ({ ...l, key: `${l.reservationId}-${l.kind}-${i}` }))
        .slice((page - 1) * LINES_PER_PAGE, page * LINES_PER_PAGE),
    [allLines, page],
  );

  return (
    <Stack gap="md">
      <Group align="end" justify="space-between" gap="sm">
        <MonthPicker value={month} onChange={onMonthChange} />
        {(statement || !current) && (
          <Button
            style={statement ? undefined : { visibility: 'hidden' }}
            aria-hidden={statement ? undefined : true}
            tabIndex={statement ? undefined : -1}
            leftSection={<IconDownload />}
            loading={pdf.isPending}
            onClick={() =>
              statement &&
              pdf.mutate(
                { tenantId: statement.tenantId, month, fileName: statementFileName(statement.workshopName, month) },
                {
                  onSuccess: () => notifySuccess(MESSAGES.fileDownloaded),
                  onError: (error: unknown) => notifyFailure(error),
                },
              )
            }
          >
            Download PDF
          </Button>
        )}
      </Group>
      {(statement?.creditorNumber || !current) && (
        <Text
          c="dimmed"
          style={statement ? undefined : { visibility: 'hidden' }}
          aria-hidden={statement ? undefined : true}
        >
          Crediteurnummer: {statement?.creditorNumber ?? '—'}
        </Text>
      )}
      <ListTable<StatementLine & { key: string }>
        label={`Afrekening ${statementMonthLabel(month)}`}
        records={records}
        paging={
          allLines && allLines.length > LINES_PER_PAGE
            ? {
                page,
                onPageChange: (next) => setPaged({ month, page: next }),
                totalRecords: allLines.length,
                perPage: LINES_PER_PAGE,
              }
            : undefined
        }
        loading={query.isPending || !current}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText={`Geen betaalde reserveringen of ontvangen retouren in ${statementMonthLabel(month)}.`}
        idAccessor="key"
        rowName={(l) => `${l.orderNumber} ${l.description}`}
        columns={[
          { accessor: 'at', title: 'Datum', priority: 2, render: (l) => formatDate(l.at) },
          { accessor: 'orderNumber', title: 'Bestelnummer' },
          {
            accessor: 'description',
            title: 'Omschrijving',
            render: (l) => (
              <Group gap={6} wrap="wrap">
                {l.kind !== 'sale' && (
                  <Badge color="terracotta" variant="light" style={{ flexShrink: 0 }}>
                    {STATEMENT_LINE_KIND_NAMES[l.kind]}
                  </Badge>
                )}
                <span>{l.quantity > 1 ? `${l.quantity} x ${l.description}` : l.description}</span>
              </Group>
            ),
          },
          { accessor: 'gross', title: 'Bruto', priority: 2, ...right, render: (l) => euro(l.grossCents) },
          { accessor: 'tax', title: 'Btw', priority: 3, ...right, render: (l) => euro(l.taxCents) },
          {
            accessor: 'fee',
            title: 'Commissie incl. btw',
            priority: 3,
            ...right,
            render: (l) => euro(l.feeCents + l.feeVatCents),
          },
          { accessor: 'net', title: 'Netto', ...right, render: (l) => euro(l.netCents) },
        ]}
      />
      {statement && <TotalsSummary title={`Totaal ${statementMonthLabel(month)}`} totals={statement.totals} />}
    </Stack>
  );
}
