import { type AdminEntry, MESSAGES } from '@ateliermarkt/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type ListSort, ListTable, sortRecords } from '../../../components/data-table.tsx';
import { IconDownload } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { type ExportKind, useAdmins, useDownloadExport } from '../api/admins.ts';
import { FailedMailsSection } from './failed-mails-section.tsx';

type SortKey = 'workspaceName' | 'fullName' | 'email';
const workshopOf = (a: AdminEntry) => a.workspaceName ?? 'Platformbeheer';

/** Every admin with a mailto link, and the two spreadsheet downloads; below, the mails not sent. */
export function AdminOverviewPage() {
  const query = useAdmins();
  const download = useDownloadExport();
  const [sort, setSort] = useState<ListSort<SortKey>>({ columnAccessor: 'workspaceName', direction: 'asc' });
  const records = useMemo(
    () =>
      sortRecords(query.data ?? [], sort, {
        workspaceName: workshopOf,
        fullName: (a) => a.fullName,
        email: (a) => a.email,
      }),
    [query.data, sort],
  );

  const get = (kind: ExportKind) =>
    download.mutate(kind, {
      onSuccess: () => notifySuccess(MESSAGES.fileDownloaded),
      onError: (error) => notifyFailure(error),
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
      <ListTable<AdminEntry, SortKey>
        label="Beheerders"
        records={records}
        loading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText="Er zijn nog geen beheerders."
        sort={{ status: sort, onChange: setSort }}
        rowName={(a) => a.fullName || a.email}
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
          { accessor: 'fullName', title: 'Naam', sortable: true, priority: 2, render: (a) => a.fullName || '—' },
          {
            accessor: 'email',
            title: 'E-mailadres',
            sortable: true,
            render: (a) => <Anchor href={`mailto:${a.email}`}>{a.email}</Anchor>,
          },
        ]}
      />
      <FailedMailsSection />
    </Stack>
  );
}
