import { MESSAGES, type WorkshopUser } from '@ateliermarkt/contract';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CellBadge } from '../../../components/cell-parts.tsx';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type ListSort, ListTable, sortRecords } from '../../../components/data-table.tsx';
import { IconPencil, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useDeleteWorkshopUser, useWorkshopUsers } from '../api/workshop-users.ts';
import { AddUserModal } from './add-user-modal.tsx';
import { ROLE_LABELS } from './user-form.tsx';

type SortKey = 'userName' | 'fullName' | 'email' | 'role';

export type UserTableProps = { currentUserId: string; workshopName: string };

/** Workshop admin: the users of the own workshop, with add, edit and delete (not on oneself). */
export function UserTable({ currentUserId, workshopName }: UserTableProps) {
  const query = useWorkshopUsers();
  const remove = useDeleteWorkshopUser();
  const navigate = useNavigate();
  const [adding, addModal] = useDisclosure(false);
  const [sort, setSort] = useState<ListSort<SortKey>>({ columnAccessor: 'fullName', direction: 'asc' });
  const records = useMemo(
    () =>
      sortRecords(query.data ?? [], sort, {
        userName: (u) => u.userName,
        fullName: (u) => u.fullName,
        email: (u) => u.email,
        role: (u) => u.role,
      }),
    [query.data, sort],
  );

  const confirmDelete = (u: WorkshopUser) =>
    openConfirmDialog({
      key: `delete-user-${u.id}`,
      title: 'Gebruiker verwijderen',
      children: (
        <Text>
          Weet je zeker dat je {u.fullName || u.userName} wilt verwijderen? Deze gebruiker kan daarna niet meer
          inloggen.
        </Text>
      ),
      confirmLabel: MESSAGES.delete,
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(u.id).then(
          () => notifySuccess(MESSAGES.userDeleted),
          (error) => notifyFailure(error),
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
      <ListTable<WorkshopUser, SortKey>
        label="Gebruikers"
        records={records}
        loading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText="Er zijn nog geen gebruikers."
        sort={{ status: sort, onChange: setSort }}
        rowName={(u) => `gebruiker ${u.userName}`}
        onOpen={(u) => navigate(`/user/edit/${u.id}`)}
        rowActions={(u) => [
          { label: MESSAGES.edit, icon: <IconPencil />, onClick: () => navigate(`/user/edit/${u.id}`) },
          {
            label: MESSAGES.delete,
            icon: <IconTrash />,
            destructive: true,
            disabledReason: u.id === currentUserId ? MESSAGES.cannotDeleteSelf : undefined,
            onClick: () => confirmDelete(u),
          },
        ]}
        columns={[
          { accessor: 'userName', title: 'Gebruikersnaam', sortable: true, priority: 2 },
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
          { accessor: 'phoneNumber', title: 'Telefoon', priority: 3, render: (u) => u.phoneNumber ?? '—' },
          {
            accessor: 'role',
            title: 'Rol',
            sortable: true,
            render: (u) => (
              <CellBadge variant="light" color={u.role === 'admin' ? 'terracotta' : 'gray'} radius="sm">
                {ROLE_LABELS[u.role]}
              </CellBadge>
            ),
          },
        ]}
      />
      <AddUserModal opened={adding} onClose={addModal.close} />
    </Stack>
  );
}
