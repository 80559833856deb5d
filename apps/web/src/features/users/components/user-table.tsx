import { MESSAGES, type TenantUser } from '@ateliermarkt/contract';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconPencil, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteTenantUser, useTenantUsers } from '../api/tenant-users.ts';
import { AddUserModal } from './add-user-modal.tsx';
import { ROLE_LABELS } from './user-form.tsx';

type SortKey = 'userName' | 'fullName' | 'email' | 'role';

export type UserTableProps = { currentUserId: string; workshopName: string };

/** Spec 2.4, workshop admin: the users of the own workshop, with add, edit and delete (not on oneself). */
export function UserTable({ currentUserId, workshopName }: UserTableProps) {
  const query = useTenantUsers();
  const remove = useDeleteTenantUser();
  const navigate = useNavigate();
  const [adding, addModal] = useDisclosure(false);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<TenantUser>>({
    columnAccessor: 'fullName',
    direction: 'asc',
  });
  const records = useMemo(() => {
    const key = sortStatus.columnAccessor as SortKey;
    const sorted = [...(query.data ?? [])].sort((a, b) => a[key].localeCompare(b[key], 'nl'));
    return sortStatus.direction === 'desc' ? sorted.reverse() : sorted;
  }, [query.data, sortStatus]);

  const confirmDelete = (u: TenantUser) =>
    openConfirmDialog({
      key: `delete-user-${u.id}`,
      title: 'Gebruiker verwijderen',
      children: (
        <Text>
          Weet je zeker dat je {u.fullName || u.userName} wilt verwijderen? Deze gebruiker kan daarna niet meer
          inloggen.
        </Text>
      ),
      confirmLabel: 'Verwijderen',
      cancelLabel: MESSAGES.cancel,
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(u.id).then(
          () => notifications.show({ color: 'green', message: MESSAGES.userDeleted }),
          (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        ),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="xl">
            Gebruikers
          </Title>
          <Text c="dimmed" fz="sm">
            Iedereen die voor {workshopName} kan inloggen.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus />} onClick={addModal.open}>
          Gebruiker toevoegen
        </Button>
      </Group>
      {query.isError ? (
        <Alert color="red" title="De gebruikers konden niet worden geladen">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <DataTable<TenantUser>
            aria-label="Gebruikers"
            minHeight={records.length ? undefined : 180}
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing="md"
            fetching={query.isPending}
            noRecordsText={query.isPending ? 'Gebruikers laden…' : 'Er zijn nog geen gebruikers.'}
            records={records}
            sortStatus={sortStatus}
            onSortStatusChange={setSortStatus}
            columns={[
              { accessor: 'userName', title: 'Gebruikersnaam', sortable: true },
              {
                accessor: 'fullName',
                title: 'Naam',
                sortable: true,
                render: (u) => (
                  <Group gap={6}>
                    <Text fw={600} fz="sm">
                      {u.fullName || '—'}
                    </Text>
                    {u.id === currentUserId && (
                      <Badge size="xs" variant="light">
                        jij
                      </Badge>
                    )}
                  </Group>
                ),
              },
              { accessor: 'email', title: 'E-mailadres', sortable: true },
              { accessor: 'phoneNumber', title: 'Telefoon', render: (u) => u.phoneNumber ?? '—' },
              {
                accessor: 'role',
                title: 'Rol',
                sortable: true,
                render: (u) => (
                  <Badge variant="light" color={u.role === 'admin' ? 'terracotta' : 'gray'} radius="sm" tt="none">
                    {ROLE_LABELS[u.role]}
                  </Badge>
                ),
              },
              {
                accessor: 'actions',
                title: 'Acties',
                textAlign: 'right',
                width: 110,
                render: (u) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Wijzigen">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Gebruiker ${u.userName} wijzigen`}
                        onClick={() => navigate(`/user/edit/${u.id}`)}
                      >
                        <IconPencil />
                      </ActionIcon>
                    </Tooltip>
                    {u.id !== currentUserId && (
                      <Tooltip label="Verwijderen">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Gebruiker ${u.userName} verwijderen`}
                          onClick={() => confirmDelete(u)}
                        >
                          <IconTrash />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        </Paper>
      )}
      <AddUserModal opened={adding} onClose={addModal.close} />
    </Stack>
  );
}
