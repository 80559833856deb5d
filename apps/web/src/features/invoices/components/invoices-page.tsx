import {
  formatDate,
  formatEuro,
  fromCents,
  INVOICE_KIND_NAMES,
  type InvoiceSummary,
  MESSAGES,
} from '@ateliermarkt/contract';
import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListTable } from '../../../components/data-table.tsx';
import { IconDownload } from '../../../components/icons.tsx';
import { defineList, MONTH, schemaParam, useListState } from '../../../components/list-state.ts';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useRoleKind } from '../../../lib/current-user.ts';
import { MONTH_FILES, useDownloadInvoice, useDownloadMonthFile, useInvoices } from '../api/invoices.ts';
import { INVOICE_FORMATS } from './invoice-formats.ts';
import { invoiceMonthLabel, monthsOver } from './invoice-months.ts';
import { IssueInvoicesButton, type IssueOutcome, IssueOutcomeAlert } from './issue-invoices.tsx';

const right = { textAlign: 'right' as const };
const euro = (cents: number) => formatEuro(fromCents(cents));
const INVOICE_STATUS_NAMES: Record<InvoiceSummary['status'], string> = {
  issued: 'Uitgegeven',
  credited: 'Gecrediteerd',
};

/** The month in the address: `?maand=2026-10`. */
const INVOICE_LIST = defineList({ month: schemaParam('maand', MONTH) });

/**
 * 'Facturen': the invoices and credit notes of the platform's fee for a month that is over. The super
 * admin sees every workshop's and issues a month; a workshop admin sees its own. The month is in the address.
 */
export function InvoicesPage() {
  const kind = useRoleKind();
  const [{ month: asked }, update] = useListState(INVOICE_LIST);
  const months = monthsOver(24);
  // Only a month that is over: another (this month, from the statements' link) shows last month.
  const month = months.includes(asked) ? asked : (months[0] as string);
  const query = useInvoices(month);
  const download = useDownloadInvoice();
  const monthFile = useDownloadMonthFile();
  const [outcome, setOutcome] = useState<IssueOutcome | null>(null);
  const done = {
    onSuccess: () => notifySuccess(MESSAGES.fileDownloaded),
    onError: (error: unknown) => notifyFailure(error),
  };
  if (!kind) return <PageLoader />;
  const superAdmin = kind === 'superAdmin';
  const current = query.data?.month === month ? query.data : undefined;

  const columns: ListColumn<InvoiceSummary>[] = [
    ...(superAdmin ? [{ accessor: 'workshopName', title: 'Atelier' } as ListColumn<InvoiceSummary>] : []),
    {
      accessor: 'number',
      title: 'Nummer',
      render: (i) => (
        <Text ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {i.number}
        </Text>
      ),
    },
    {
      accessor: 'kind',
      title: 'Soort',
      render: (i) => (
        <Stack gap={2}>
          <span>{INVOICE_KIND_NAMES[i.kind]}</span>
          {i.correctsNumber && (
            <Text fz="xs" c="dimmed">
              bij {i.correctsNumber}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'issueDate', title: 'Factuurdatum', priority: 2, render: (i) => formatDate(i.issueDate) },
    { accessor: 'net', title: 'Excl. btw', priority: 2, ...right, render: (i) => euro(i.netCents) },
    { accessor: 'vat', title: 'Btw', priority: 2, ...right, render: (i) => euro(i.vatCents) },
    { accessor: 'gross', title: 'Totaal', ...right, render: (i) => euro(i.grossCents) },
    {
      accessor: 'status',
      title: 'Status',
      render: (i) => (
        <Badge variant="light" color={i.status === 'credited' ? 'terracotta' : 'gray'}>
          {INVOICE_STATUS_NAMES[i.status]}
        </Badge>
      ),
    },
    {
      accessor: 'files',
      title: 'Downloads',
      ...right,
      render: (i) => (
        <Group gap={6} justify="flex-end" wrap="wrap">
          {INVOICE_FORMATS.map((format) => (
            <Button
              key={format.format}
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload />}
              aria-label={`${format.label} van ${INVOICE_KIND_NAMES[i.kind].toLowerCase()} ${i.number} downloaden`}
              loading={download.isPending && download.variables?.invoice.id === i.id}
              onClick={() => download.mutate({ invoice: i, format }, done)}
            >
              {format.label}
            </Button>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <Stack maw={1100} gap={0}>
      <PageHeader
        title="Facturen"
        description={
          superAdmin
            ? 'De facturen en creditnota’s van de platformvergoeding per atelier, voor een maand die voorbij is.'
            : 'De facturen van Ateliermarkt aan je atelier voor de platformvergoeding (commissie met btw), per maand. Bewaar ze bij je administratie: de btw erop kun je als voorbelasting aftrekken.'
        }
      />
      <Stack gap="md">
        <Group align="end" justify="space-between" gap="sm">
          <Select
            label="Maand"
            data={months.map((m) => ({ value: m, label: invoiceMonthLabel(m) }))}
            value={month}
            onChange={(next) => next && update({ month: next })}
            allowDeselect={false}
            w={220}
            comboboxProps={{ withinPortal: true }}
          />
          <Group gap="sm">
            {MONTH_FILES.map((file) => (
              <Button
                key={file.label}
                variant="default"
                leftSection={<IconDownload />}
                loading={monthFile.isPending && monthFile.variables?.file === file}
                onClick={() => monthFile.mutate({ file, month }, done)}
              >
                {file.label}
              </Button>
            ))}
            {superAdmin && <IssueInvoicesButton month={month} onOutcome={setOutcome} />}
          </Group>
        </Group>
        {outcome?.month === month && <IssueOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
        {!superAdmin && (
          <Text fz="sm" c="dimmed">
            Wat je per bestelling verdient staat op je{' '}
            <Anchor component={Link} to={`/statements?maand=${month}`}>
              afrekening van {invoiceMonthLabel(month)}
            </Anchor>
            .
          </Text>
        )}
        <ListTable<InvoiceSummary>
          label={`Facturen ${invoiceMonthLabel(month)}`}
          records={current?.invoices}
          loading={query.isPending || !current}
          fetching={query.isFetching}
          error={query.error}
          onRetry={() => query.refetch()}
          emptyText={
            superAdmin
              ? `Nog geen facturen over ${invoiceMonthLabel(month)}. Met 'Facturen uitgeven' maak je ze.`
              : `Geen facturen over ${invoiceMonthLabel(month)}: er is die maand geen commissie gefactureerd.`
          }
          idAccessor="id"
          rowName={(i) => i.number}
          columns={columns}
        />
        <Text fz="xs" c="dimmed">
          Een uitgegeven factuur verandert nooit meer: een correctie is een creditnota met een eigen nummer.
        </Text>
      </Stack>
    </Stack>
  );
}
