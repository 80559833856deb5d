import { formatDay, holidayPhase, MESSAGES, type Workshop } from '@ateliermarkt/contract';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CellBadge } from '../../../components/cell-parts.tsx';
import { type ListSort, ListTable, sortRecords } from '../../../components/data-table.tsx';
import {
  IconCheck,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconStar,
  IconTrash,
} from '../../../components/icons.tsx';
import { useWorkshops } from '../api/get-workshops.ts';
import { AddWorkshopModal } from './add-workshop-modal.tsx';
import { useWorkshopActions } from './workshop-actions.ts';

/** Who is on holiday: a badge with the period while it lasts, the period of one still to come. */
function HolidayCell({ holiday }: { holiday: Workshop['holiday'] }) {
  const phase = holiday && holidayPhase(holiday);
  if (!holiday || !phase || phase === 'over')
    return (
      <Text component="span" c="dimmed" aria-label="Geen vakantie" role="img">
        –
      </Text>
    );
  const period = MESSAGES.holidayPeriod(formatDay(holiday.from), formatDay(holiday.to));
  return phase === 'current' ? (
    <Group gap={6} style={{ rowGap: 2 }}>
      <Badge variant="light" color="terracotta" radius="sm" tt="none" style={{ flexShrink: 0 }}>
        {MESSAGES.holiday}
      </Badge>
      <Text component="span" fz="sm">
        {period}
      </Text>
    </Group>
  ) : (
    <Text component="span" fz="sm" c="dimmed">
      Gepland: {period}
    </Text>
  );
}

type SortKey = 'name' | 'isFeatured' | 'isPublished';

/** Super admin: every workshop, sortable, with its row actions and the add dialog. */
export function WorkshopTable() {
  const query = useWorkshops();
  const navigate = useNavigate();
  const [adding, addModal] = useDisclosure(false);
  const [sort, setSort] = useState<ListSort<SortKey>>({ columnAccessor: 'name', direction: 'asc' });
  // Yes before no for the flags (then by name), as before the shared table.
  const records = useMemo(
    () =>
      sortRecords(query.data ?? [], sort, {
        name: (w) => w.name,
        isFeatured: (w) => `${w.isFeatured ? 0 : 1} ${w.name}`,
        isPublished: (w) => `${w.isPublished ? 0 : 1} ${w.name}`,
      }),
    [query.data, sort],
  );
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
      <ListTable<Workshop, SortKey>
        label="Ateliers"
        records={records}
        loading={query.isPending}
        error={query.error}
        onRetry={() => query.refetch()}
        emptyText="Er zijn nog geen ateliers."
        sort={{ status: sort, onChange: setSort }}
        onOpen={(w) => navigate(`/workspace/${w.id}`)}
        rowName={(w) => w.name}
        rowActions={(w) => [
          { label: MESSAGES.edit, icon: <IconPencil />, onClick: () => navigate(`/workspace/${w.id}/edit`) },
          {
            label: w.isPublished ? 'Offline halen' : 'Publiceren',
            icon: w.isPublished ? <IconEyeOff /> : <IconEye />,
            onClick: () => actions.togglePublished(w),
          },
          {
            label: w.isFeatured ? 'Niet meer uitlichten' : 'Uitlichten',
            icon: <IconStar width={18} height={18} />,
            onClick: () => actions.toggleFeatured(w),
          },
          {
            label: MESSAGES.delete,
            icon: <IconTrash />,
            destructive: true,
            disabledReason: w.isPublished ? MESSAGES.workspacePublishedCannotDelete : undefined,
            onClick: () => actions.confirmDelete(w),
          },
        ]}
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
            // A column of the super admin's home table: on a tablet and on a phone's card too.
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
              <CellBadge variant="light" color={w.isPublished ? 'green' : 'gray'} radius="sm">
                {w.isPublished ? 'Ja' : 'Nee'}
              </CellBadge>
            ),
          },
          {
            accessor: 'holiday',
            title: MESSAGES.holiday,
            render: (w) => <HolidayCell holiday={w.holiday} />,
          },
        ]}
      />
      <AddWorkshopModal opened={adding} onClose={addModal.close} />
    </Stack>
  );
}
