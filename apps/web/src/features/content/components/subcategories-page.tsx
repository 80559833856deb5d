import { MESSAGES, type Subcategory } from '@ateliermarkt/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListTable } from '../../../components/data-table.tsx';
import { IconPencil, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDeleteSubcategory, useSubcategories } from '../api/subcategories.ts';
import { SubcategoryForm } from './subcategory-form.tsx';

/** Subcategories by order, with edit, delete (confirmed) and the add dialog. */
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
          () => notifySuccess(MESSAGES.subcategoryDeleted, MESSAGES.deletedTitle),
          (e) => notifyFailure(e, { fallback: MESSAGES.deleteFailed }),
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
      <ListTable<Subcategory>
        label="Subcategorieën"
        records={list.data?.items}
        loading={list.isPending}
        error={list.error}
        onRetry={() => list.refetch()}
        emptyText="Er zijn nog geen subcategorieën."
        onOpen={(s) => navigate(`/subcategories/edit/${s.id}`)}
        rowName={(s) => s.title}
        rowActions={(s) => [
          { label: MESSAGES.edit, icon: <IconPencil />, onClick: () => navigate(`/subcategories/edit/${s.id}`) },
          { label: MESSAGES.delete, icon: <IconTrash />, destructive: true, onClick: () => confirmDelete(s) },
        ]}
        columns={[
          { accessor: 'title', title: 'Titel', render: (s) => <Text fw={600}>{s.title}</Text> },
          { accessor: 'order', title: 'Positie', width: 120 },
        ]}
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Subcategorie toevoegen" size="xl" radius="lg">
        {adding && (
          <SubcategoryForm nextOrder={nextOrder} onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
        )}
      </Modal>
    </Stack>
  );
}
