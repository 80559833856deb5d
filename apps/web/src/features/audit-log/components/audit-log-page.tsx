import {
  type AuditEntry,
  auditActionLabel,
  auditDetails,
  formatDateTime,
  AUDIT_MESSAGES as M,
  MESSAGES,
} from '@ateliermarkt/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type ListColumn, ListTable } from '../../../components/data-table.tsx';
import { IconDownload } from '../../../components/icons.tsx';
import { useListState } from '../../../components/list-state.ts';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useRoleKind } from '../../../lib/current-user.ts';
import { useAuditPage, useAuditWorkshops, useExportAuditLog } from '../api/audit-log.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { AUDIT_LIST, type AuditListState, auditFilters } from './audit-log-url.ts';

const PER_PAGE = 25;

/**
 * The audit trail as a screen. The super admin reads every workshop's entries, a workshop admin the own
 * workshop's (the server decides). Filters and page live in the URL; the export takes the same filters.
 */
export function AuditLogPage() {
  const [state, change] = useListState(AUDIT_LIST);
  // Typing a name replaces the history entry instead of adding one per word.
  const update = (part: Partial<AuditListState>) => change(part, { replace: 'user' in part });
  const isSuperAdmin = useRoleKind() === 'superAdmin';
  const workshops = useAuditWorkshops(isSuperAdmin);
  const filters = auditFilters(state);
  const entries = useAuditPage({ ...filters, skipCount: (state.page - 1) * PER_PAGE, maxResultCount: PER_PAGE });
  const exporter = useExportAuditLog();

  const columns: ListColumn<AuditEntry>[] = [
    { accessor: 'at', title: M.columnAt, noWrap: true, onCards: true, render: (e) => formatDateTime(e.at) },
    { accessor: 'actorName', title: M.columnWho, render: (e) => e.actorName ?? M.system },
    ...(isSuperAdmin
      ? [{ accessor: 'workshopName', title: M.columnWorkshop, priority: 2, onCards: true } as ListColumn<AuditEntry>]
      : []),
    { accessor: 'action', title: M.columnWhat, onCards: true, render: (e) => auditActionLabel(e.action) },
    {
      accessor: 'data',
      title: M.columnDetails,
      priority: 2,
      onCards: true,
      render: (e) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {auditDetails(e.data)}
        </Text>
      ),
    },
    { accessor: 'ipAddress', title: M.columnIp, priority: 2, onCards: true, noWrap: true },
    {
      accessor: 'userAgent',
      title: M.columnUserAgent,
      priority: 3,
      render: (e) => (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {e.userAgent}
        </Text>
      ),
    },
  ];

  const count = entries.isPlaceholderData ? undefined : entries.data?.totalCount;
  const narrowed = Object.keys(filters).length > 0;

  return (
    <Stack gap="md">
      <PageHeader title={count === undefined ? M.title : `${M.title} (${count})`} description={M.intro} />
      <AuditLogFilters state={state} onChange={update} workshops={isSuperAdmin ? (workshops.data ?? []) : undefined} />
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload />}
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(filters, {
              onSuccess: () => notifySuccess(MESSAGES.fileDownloaded),
              onError: (error) => notifyFailure(error, { title: M.exportFailed }),
            })
          }
        >
          {M.export}
        </Button>
      </Group>
      <ListTable<AuditEntry>
        label={M.title}
        records={entries.data?.items}
        columns={columns}
        loading={entries.isPending}
        fetching={entries.isPlaceholderData}
        error={entries.error}
        onRetry={() => entries.refetch()}
        paging={{
          page: state.page,
          onPageChange: (page) => update({ page }),
          totalRecords: entries.data?.totalCount ?? 0,
          perPage: PER_PAGE,
        }}
        rowName={(e) => `${auditActionLabel(e.action)} ${formatDateTime(e.at)}`}
        emptyText={narrowed ? M.empty : MESSAGES.listNoMatches}
      />
    </Stack>
  );
}
