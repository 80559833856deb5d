import { MESSAGES, PAGE_TYPES, type Page, type PageType } from '@ateliermarkt/contract';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListTable } from '../../../components/data-table.tsx';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDeletePage, usePages, useReorderPages } from '../api/pages.ts';
import { PageForm } from './page-dialog.tsx';

const TABLES: Record<PageType, { title: string; footer: boolean }> = {
  mainmenu: { title: 'Hoofdmenu', footer: false },
  footer: { title: 'Footer', footer: true },
};

/** The main-menu and footer pages; `/pages/{id}` and `/pages/new/{type}` open the dialog over them. */
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
        description="De pagina's in het hoofdmenu en de footer van de webshop. Met Omhoog en Omlaag in het menu van een pagina zet je ze op volgorde."
      />
      {pages.isError ? (
        <LoadError error={pages.error} onRetry={() => pages.refetch()} />
      ) : (
        PAGE_TYPES.map((t) => (
          <PagesTable
            key={t}
            type={t}
            loading={pages.isPending}
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
  const busy = reorder.isPending ? MESSAGES.listLoading : undefined;

  const move = (index: number, delta: -1 | 1) => {
    const ordered = [...pages];
    const [page] = ordered.splice(index, 1);
    if (!page) return;
    ordered.splice(index + delta, 0, page);
    reorder.mutate(ordered, {
      onSuccess: () => notifySuccess(MESSAGES.pagesReordered),
      onError: (e) => notifyFailure(e, { title: MESSAGES.pageNotSaved }),
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
          () => notifySuccess(MESSAGES.pageDeleted, MESSAGES.deletedTitle),
          (e) => notifyFailure(e, { fallback: MESSAGES.deleteFailed }),
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
      <ListTable<Page>
        labelledBy={headingId}
        records={pages}
        loading={loading}
        fetching={reorder.isPending}
        onRetry={() => {}}
        emptyText={`Er staan nog geen pagina's in de ${title.toLowerCase()}.`}
        onOpen={(p) => navigate(`/pages/${p.id}`)}
        rowName={(p) => p.title}
        rowActions={(p) => {
          const index = pages.indexOf(p);
          return [
            {
              label: 'Omhoog',
              icon: <IconArrowUp />,
              disabledReason: index === 0 ? MESSAGES.pageAlreadyFirst : busy,
              onClick: () => move(index, -1),
            },
            {
              label: 'Omlaag',
              icon: <IconArrowDown />,
              disabledReason: index === pages.length - 1 ? MESSAGES.pageAlreadyLast : busy,
              onClick: () => move(index, 1),
            },
            { label: MESSAGES.edit, icon: <IconPencil />, onClick: () => navigate(`/pages/${p.id}`) },
            { label: MESSAGES.delete, icon: <IconTrash />, destructive: true, onClick: () => confirmDelete(p) },
          ];
        }}
        columns={[
          { accessor: 'index', title: 'Nr.', width: 70, render: (_p, index) => index + 1 },
          { accessor: 'title', title: 'Titel', render: (p) => <Text fw={600}>{p.title}</Text> },
          {
            accessor: 'slug',
            title: 'Adres',
            width: '36%',
            priority: 2,
            render: (p) => <Text c="dimmed">/{p.slug}</Text>,
          },
        ]}
      />
    </Stack>
  );
}
