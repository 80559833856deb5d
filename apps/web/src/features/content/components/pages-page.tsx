import { MESSAGES, PAGE_TYPES, type Page, type PageType } from '@ateliermarkt/contract';
import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { useNavigate, useParams } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeletePage, usePages, useReorderPages } from '../api/pages.ts';
import { LoadError } from './load-error.tsx';
import { PageForm } from './page-dialog.tsx';

const TABLES: Record<PageType, { title: string; footer: boolean }> = {
  mainmenu: { title: 'Hoofdmenu', footer: false },
  footer: { title: 'Footer', footer: true },
};

/** Spec 2.18: the main-menu and footer pages; `/pages/{id}` and `/pages/new/{type}` open the dialog over them. */
export function PagesPage() {
  const { id, type } = useParams();
  const navigate = useNavigate();
  const pages = usePages();
  const close = () => navigate('/pages');
  const editing = id ? pages.data?.find((p) => p.id === id) : undefined;
  const newType = PAGE_TYPES.find((t) => t === type);
  const dialogPage = editing ?? (newType ? { type: newType } : undefined);

  return (
    <Stack maw={1000} gap="xl">
      <PageHeader
        title="Webshop pagina's"
        description="De pagina's in het hoofdmenu en de footer van de webshop. Met de pijlen zet je ze op volgorde."
      />
      {pages.isError ? (
        <LoadError error={pages.error} onRetry={() => pages.refetch()} />
      ) : (
        PAGE_TYPES.map((t) => (
          <PagesTable
            key={t}
            type={t}
            loading={pages.isLoading}
            pages={(pages.data ?? []).filter((p) => p.isFooterPage === TABLES[t].footer)}
          />
        ))
      )}
      <Modal
        opened={Boolean(dialogPage)}
        onClose={close}
        title={
          editing ? 'Pagina wijzigen' : newType === 'footer' ? 'Nieuwe footerpagina' : 'Nieuwe pagina in het hoofdmenu'
        }
        size="xl"
        radius="lg"
      >
        {dialogPage && <PageForm key={editing?.id ?? newType} page={dialogPage} onDone={close} />}
      </Modal>
    </Stack>
  );
}

function PagesTable({ type, pages, loading }: { type: PageType; pages: Page[]; loading: boolean }) {
  const navigate = useNavigate();
  const remove = useDeletePage();
  const reorder = useReorderPages();
  const { title } = TABLES[type];
  const headingId = `pages-${type}`;

  const move = (index: number, delta: -1 | 1) => {
    const ordered = [...pages];
    const [page] = ordered.splice(index, 1);
    if (!page) return;
    ordered.splice(index + delta, 0, page);
    reorder.mutate(ordered, {
      onSuccess: () => notifications.show({ color: 'green', message: MESSAGES.pagesReordered }),
      onError: (e) => notifications.show({ color: 'red', title: MESSAGES.pageNotSaved, message: errorMessage(e) }),
    });
  };

  const confirmDelete = (page: Page) =>
    openConfirmDialog({
      key: `delete-page-${page.id}`,
      title: MESSAGES.confirmTitle,
      children: <Text size="sm">De pagina ‘{page.title}’ wordt uit de webshop verwijderd.</Text>,
      confirmLabel: MESSAGES.pageDeleteConfirm,
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(page.id).then(
          () => notifications.show({ color: 'green', title: MESSAGES.deletedTitle, message: MESSAGES.pageDeleted }),
          (e) => notifications.show({ color: 'red', message: errorMessage(e, MESSAGES.deleteFailed) }),
        ),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus />}
          onClick={() => navigate(`/pages/new/${type}`)}
          aria-label={`Pagina toevoegen aan ${title.toLowerCase()}`}
        >
          Pagina toevoegen
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <DataTable<Page>
          aria-labelledby={headingId}
          minHeight={pages.length ? undefined : 150}
          fetching={loading || reorder.isPending}
          loaderType="dots"
          records={pages}
          noRecordsText={`Er staan nog geen pagina's in de ${title.toLowerCase()}.`}
          highlightOnHover
          verticalSpacing="sm"
          onRowClick={({ record }) => navigate(`/pages/${record.id}`)}
          columns={[
            { accessor: 'index', title: 'Nr.', width: 70, render: (_p, index) => index + 1 },
            { accessor: 'title', title: 'Titel', render: (p) => <Text fw={600}>{p.title}</Text> },
            { accessor: 'slug', title: 'Adres', width: '36%', render: (p) => <Text c="dimmed">/{p.slug}</Text> },
            {
              accessor: 'actions',
              title: <VisuallyHidden>Acties</VisuallyHidden>,
              width: 190,
              textAlign: 'right',
              render: (p, index) => (
                <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${p.title} omhoog`}
                    title="Omhoog"
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${p.title} omlaag`}
                    title="Omlaag"
                    disabled={index === pages.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown />
                  </ActionIcon>
                  <Tooltip label="Wijzigen">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${p.title} wijzigen`}
                      onClick={() => navigate(`/pages/${p.id}`)}
                    >
                      <IconPencil />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Verwijderen">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${p.title} verwijderen`}
                      onClick={() => confirmDelete(p)}
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
    </Stack>
  );
}
