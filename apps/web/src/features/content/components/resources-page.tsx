import { MESSAGES, type Resource } from '@ateliermarkt/contract';
import { Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ListTable } from '../../../components/data-table.tsx';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { reportInvalidForm } from '../../../components/form-feedback.ts';
import { IconPencil } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor/index.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useResources, useSetResourceValue } from '../api/resources.ts';
import { isBlankHtml } from './is-blank-html.ts';
import { RichHtml } from './rich-html.tsx';

/** The shop's texts; `/resources/{id}` opens the edit dialog over the table. */
export function ResourcesPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const resources = useResources();
  const open = id ? resources.data?.find((r) => r.id === id) : undefined;

  return (
    <Stack maw={1200}>
      <PageHeader
        title="Contentbeheer"
        description="De teksten van de webshop. Klik op een tekst om hem te wijzigen."
      />
      <ListTable<Resource>
        label="Teksten"
        records={resources.data}
        loading={resources.isPending}
        error={resources.error}
        onRetry={() => resources.refetch()}
        emptyText="Er zijn nog geen teksten."
        onOpen={(r) => navigate(`/resources/${r.id}`)}
        rowName={(r) => `tekst ${r.name}`}
        rowActions={(r) => [
          { label: MESSAGES.edit, icon: <IconPencil />, onClick: () => navigate(`/resources/${r.id}`) },
        ]}
        columns={[
          {
            accessor: 'name',
            title: 'Naam',
            width: 230,
            render: (r) => (
              <Text fw={600} size="sm" style={{ overflowWrap: 'normal' }}>
                {r.name}
              </Text>
            ),
          },
          { accessor: 'value', title: 'Tekst', render: (r) => <RichHtml html={r.value} compact /> },
          {
            accessor: 'description',
            title: 'Omschrijving',
            width: 280,
            priority: 3,
            render: (r) => r.description ?? '',
          },
        ]}
      />
      <Modal opened={Boolean(open)} onClose={() => navigate('/resources')} title="Tekst wijzigen" size="xl" radius="lg">
        {open && <ResourceForm resource={open} onDone={() => navigate('/resources')} />}
      </Modal>
      {id && resources.data && !open && <UnknownResource onClose={() => navigate('/resources')} />}
    </Stack>
  );
}

function UnknownResource({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    notifyFailure(null, { fallback: MESSAGES.notFound });
    onClose();
  }, [onClose]);
  return null;
}

function ResourceForm({ resource, onDone }: { resource: Resource; onDone: () => void }) {
  const [value, setValue] = useState(resource.value);
  const [error, setError] = useState<string | undefined>();
  const save = useSetResourceValue();
  const unsaved = useUnsavedChanges(value !== resource.value);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlankHtml(value)) {
      setError(MESSAGES.resourceValueRequired);
      reportInvalidForm(event.currentTarget, { value: MESSAGES.resourceValueRequired });
      return;
    }
    save.mutate(
      { id: resource.id, value },
      {
        onSuccess: () => {
          unsaved.release();
          notifySuccess(MESSAGES.resourceSaved);
          onDone();
        },
        onError: (e) => {
          notifyFailure(e, { title: MESSAGES.resourceNotSaved });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Tekst wijzigen">
      <Stack>
        <div>
          <Text fw={700}>{resource.name}</Text>
          {resource.description && (
            <Text size="sm" c="dimmed">
              {resource.description}
            </Text>
          )}
        </div>
        <RichTextEditor
          label="Tekst"
          toolbar="basic"
          required
          value={value}
          error={error}
          onChange={(html) => {
            setValue(html);
            if (error) setError(undefined);
          }}
        />
        <FormButtons onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
