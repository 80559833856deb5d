import { type AdminEntry, MESSAGES } from '@ateliermarkt/contract';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { IconDownload } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { type ExportKind, useAdmins, useDownloadExport } from '../api/admins.ts';
import { FailedMailsSection } from './failed-mails-section.tsx';

type SortKey = 'workspaceName' | 'fullName' | 'email';
const workshopOf = (a: AdminEntry) => a.workspaceName ?? 'Platformbeheer';

/** Spec 2.14: every admin with a mailto link, and the two spreadsheet downloads; below, the mails not sent (13.8). */
export function AdminOverviewPage() {
  const query = useAdmins();
  const download = useDownloadExport();
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<AdminEntry>>({
    columnAccessor: 'workspaceName',
    direction: 'asc',
  });
  const records = useMemo(() => {
    const key = sortStatus.columnAccessor as SortKey;
    const value = (a: AdminEntry) => (key === 'workspaceName' ? workshopOf(a) : a[key]);
    const sorted = [...(query.data ?? [])].sort((a, b) => value(a).localeCompare(value(b), 'nl'));
    return sortStatus.direction === 'desc' ? sorted.reverse() : sorted;
  }, [query.data, sortStatus]);

  const get = (kind: ExportKind) =>
    download.mutate(kind, {
      onSuccess: () => notifications.show({ color: 'green', message: MESSAGES.fileDownloaded }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  const busy = (kind: ExportKind) => download.isPending && download.variables === kind;

  return (
    <Stack maw={1100} gap={0}>
      <PageHeader title="Alle beheerders" description="De beheerders van alle ateliers en van het platform." />
      <Group mb="md" gap="sm">
        <Button leftSection={<IconDownload />} loading={busy('admins')} onClick={() => get('admins')}>
          Download alle beheerders
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload />}
          loading={busy('newsletterSubscriptions')}
          onClick={() => get('newsletterSubscriptions')}
        >
          Download nieuwsbriefaanmeldingen
        </Button>
      </Group>
      {query.isError ? (
        <Alert color="red" title="De beheerders konden niet worden geladen">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <DataTable<AdminEntry>
            aria-label="Beheerders"
            minHeight={records.length ? undefined : 180}
            verticalSpacing="sm"
            horizontalSpacing="md"
            fetching={query.isPending}
            noRecordsText={query.isPending ? 'Beheerders laden…' : 'Er zijn nog geen beheerders.'}
            records={records}
            sortStatus={sortStatus}
            onSortStatusChange={setSortStatus}
            columns={[
              {
                accessor: 'workspaceName',
                title: 'Atelier',
                sortable: true,
                render: (a) =>
                  a.workspaceName ?? (
                    <Text span c="dimmed" fz="sm">
                      Platformbeheer
                    </Text>
                  ),
              },
              { accessor: 'fullName', title: 'Naam', sortable: true, render: (a) => a.fullName || '—' },
              {
                accessor: 'email',
                title: 'E-mailadres',
                sortable: true,
                render: (a) => <Anchor href={`mailto:${a.email}`}>{a.email}</Anchor>,
              },
            ]}
          />
        </Paper>
      )}
      <FailedMailsSection />
    </Stack>
  );
}
