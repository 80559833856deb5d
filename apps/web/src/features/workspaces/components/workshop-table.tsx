import type { Workspace } from '@ateliermarkt/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  IconCheck,
  IconDots,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconStar,
  IconTrash,
} from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useWorkspaces } from '../api/get-workspaces.ts';
import { AddWorkshopModal } from './add-workshop-modal.tsx';
import { useWorkshopActions } from './workshop-actions.ts';

type SortKey = 'name' | 'isFeatured' | 'isPublished';

function sortRecords(records: Workspace[], status: DataTableSortStatus<Workspace>): Workspace[] {
  const key = status.columnAccessor as SortKey;
  const sorted = [...records].sort((a, b) => {
    if (key === 'name') return a.name.localeCompare(b.name, 'nl');
    return Number(b[key]) - Number(a[key]) || a.name.localeCompare(b.name, 'nl');
  });
  return status.direction === 'desc' ? sorted.reverse() : sorted;
}

/** Spec 2.4, super admin: every workshop, sortable, with its row actions and the add dialog. */
export function WorkshopTable() {
  const query = useWorkspaces();
  const navigate = useNavigate();
  const [adding, addModal] = useDisclosure(false);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Workspace>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const records = useMemo(() => sortRecords(query.data ?? [], sortStatus), [query.data, sortStatus]);
  const actions = useWorkshopActions(query.data ?? []);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="xl">
            Ateliers
          </Title>
          <Text c="dimmed" fz="sm">
            Klik op een atelier om het te bekijken. Er kan één atelier tegelijk uitgelicht zijn.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus />} onClick={addModal.open}>
          Atelier toevoegen
        </Button>
      </Group>
      {query.isError ? (
        <Alert color="red" title="De ateliers konden niet worden geladen">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <DataTable<Workspace>
            aria-label="Ateliers"
            minHeight={records.length ? undefined : 180}
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing="md"
            fetching={query.isPending}
            loaderBackgroundBlur={1}
            noRecordsText={query.isPending ? 'Ateliers laden…' : 'Er zijn nog geen ateliers.'}
            records={records}
            sortStatus={sortStatus}
            onSortStatusChange={setSortStatus}
            onRowClick={({ record }) => navigate(`/workspace/${record.id}`)}
            rowStyle={() => ({ cursor: 'pointer' })}
            columns={[
              {
                accessor: 'name',
                title: 'Naam',
                sortable: true,
                render: (w) => (
                  <Anchor
                    component={Link}
                    to={`/workspace/${w.id}`}
                    fw={600}
                    c="inherit"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {w.name}
                  </Anchor>
                ),
              },
              {
                accessor: 'isFeatured',
                title: 'Uitgelicht',
                sortable: true,
                textAlign: 'center',
                width: 130,
                render: (w) =>
                  w.isFeatured ? (
                    <Text component="span" c="terracotta.7" aria-label="Ja" role="img" display="inline-flex">
                      <IconCheck />
                    </Text>
                  ) : (
                    <Text component="span" c="dimmed" aria-label="Nee" role="img">
                      –
                    </Text>
                  ),
              },
              {
                accessor: 'isPublished',
                title: 'Gepubliceerd',
                sortable: true,
                width: 150,
                render: (w) => (
                  <Badge variant="light" color={w.isPublished ? 'green' : 'gray'} radius="sm" tt="none">
                    {w.isPublished ? 'Ja' : 'Nee'}
                  </Badge>
                ),
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Acties</VisuallyHidden>,
                textAlign: 'right',
                width: 80,
                render: (w) => (
                  // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the row click from firing
                  <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                    <Menu position="bottom-end" shadow="md" radius="md" width={240}>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Acties voor ${w.name}`}>
                          <IconDots />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconPencil />} onClick={() => navigate(`/workspace/${w.id}/edit`)}>
                          Wijzigen
                        </Menu.Item>
                        <Menu.Item
                          leftSection={w.isPublished ? <IconEyeOff /> : <IconEye />}
                          onClick={() => actions.togglePublished(w)}
                        >
                          {w.isPublished ? 'Offline halen' : 'Publiceren'}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconStar width={18} height={18} />}
                          onClick={() => actions.toggleFeatured(w)}
                        >
                          {w.isFeatured ? 'Niet meer uitlichten' : 'Uitlichten'}
                        </Menu.Item>
                        <Menu.Divider />
                        <Menu.Item color="red" leftSection={<IconTrash />} onClick={() => actions.confirmDelete(w)}>
                          Verwijderen
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </div>
                ),
              },
            ]}
          />
        </Paper>
      )}
      <AddWorkshopModal opened={adding} onClose={addModal.close} />
    </Stack>
  );
}
