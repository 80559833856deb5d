import { MESSAGES, type Subcategory } from '@ateliermarkt/contract';
import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconPencil, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteSubcategory, useSubcategories } from '../api/subcategories.ts';
import { LoadError } from './load-error.tsx';
import { SubcategoryForm } from './subcategory-form.tsx';

/** Spec 2.20: subcategories by order, with edit, delete (confirmed) and the add dialog. */
export function SubcategoriesPage() {
  const navigate = useNavigate();
  const list = useSubcategories();
  const remove = useDeleteSubcategory();
  const [adding, setAdding] = useState(false);
  const items = list.data?.items ?? [];
  const nextOrder = items.reduce((max, s) => Math.max(max, s.order), 0) + 1;

  const confirmDelete = (s: Subcategory) =>
    openConfirmDialog({
      key: `delete-subcategory-${s.id}`,
      title: MESSAGES.confirmTitle,
      children: <Text size="sm">De subcategorie ‘{s.title}’ wordt verwijderd. Dit kan niet ongedaan worden.</Text>,
      confirmLabel: MESSAGES.subcategoryDeleteConfirm,
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(s.id).then(
          () =>
            notifications.show({ color: 'green', title: MESSAGES.deletedTitle, message: MESSAGES.subcategoryDeleted }),
          (e) => notifications.show({ color: 'red', message: errorMessage(e, MESSAGES.deleteFailed) }),
        ),
    });

  return (
    <Stack maw={1000}>
      <Group justify="space-between" align="flex-start">
        <PageHeader title="Subcategorieën" description="De subcategorieën van de webshop, op volgorde van positie." />
        <Button leftSection={<IconPlus />} onClick={() => setAdding(true)}>
          Subcategorie toevoegen
        </Button>
      </Group>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <DataTable<Subcategory>
            aria-label="Subcategorieën"
            minHeight={items.length ? undefined : 200}
            fetching={list.isLoading}
            loaderType="dots"
            records={items}
            noRecordsText="Er zijn nog geen subcategorieën."
            highlightOnHover
            verticalSpacing="sm"
            onRowClick={({ record }) => navigate(`/subcategories/edit/${record.id}`)}
            columns={[
              { accessor: 'title', title: 'Titel', render: (s) => <Text fw={600}>{s.title}</Text> },
              { accessor: 'order', title: 'Positie', width: 120 },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Acties</VisuallyHidden>,
                width: 110,
                textAlign: 'right',
                render: (s) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                    <Tooltip label="Wijzigen">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${s.title} wijzigen`}
                        onClick={() => navigate(`/subcategories/edit/${s.id}`)}
                      >
                        <IconPencil />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Verwijderen">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${s.title} verwijderen`}
                        onClick={() => confirmDelete(s)}
                      >
                        <IconTrash />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ),
              },
            ]}
          />
        </Paper>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Subcategorie toevoegen" size="xl" radius="lg">
        {adding && (
          <SubcategoryForm nextOrder={nextOrder} onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
        )}
      </Modal>
    </Stack>
  );
}
