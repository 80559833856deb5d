import { MESSAGES, type Resource } from '@ateliermarkt/contract';
import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { IconPencil } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResources, useSetResourceValue } from '../api/resources.ts';
import { isBlankHtml } from './is-blank-html.ts';
import { LoadError } from './load-error.tsx';
import { RichHtml } from './rich-html.tsx';

/** Spec 2.19: the shop's texts; `/resources/{id}` opens the edit dialog over the table. */
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
      {resources.isError ? (
        <LoadError error={resources.error} onRetry={() => resources.refetch()} />
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <DataTable<Resource>
            aria-label="Teksten"
            minHeight={resources.data?.length ? undefined : 200}
            fetching={resources.isLoading}
            loaderType="dots"
            records={resources.data ?? []}
            noRecordsText="Er zijn nog geen teksten."
            highlightOnHover
            verticalSpacing="sm"
            onRowClick={({ record }) => navigate(`/resources/${record.id}`)}
            columns={[
              {
                accessor: 'name',
                title: 'Naam',
                width: 230,
                render: (r) => (
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {r.name}
                  </Text>
                ),
              },
              { accessor: 'value', title: 'Tekst', render: (r) => <RichHtml html={r.value} compact /> },
              { accessor: 'description', title: 'Omschrijving', width: 280, render: (r) => r.description ?? '' },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Acties</VisuallyHidden>,
                width: 64,
                textAlign: 'right',
                render: (r) => (
                  <Tooltip label="Wijzigen">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Tekst ${r.name} wijzigen`}
                      onClick={(e) => {
                        e.stopPropagation();
                        navigate(`/resources/${r.id}`);
                      }}
                    >
                      <IconPencil />
                    </ActionIcon>
                  </Tooltip>
                ),
              },
            ]}
          />
        </Paper>
      )}
      <Modal opened={Boolean(open)} onClose={() => navigate('/resources')} title="Tekst wijzigen" size="xl" radius="lg">
        {open && <ResourceForm resource={open} onDone={() => navigate('/resources')} />}
      </Modal>
      {id && resources.data && !open && <UnknownResource onClose={() => navigate('/resources')} />}
    </Stack>
  );
}

function UnknownResource({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    notifications.show({ color: 'red', message: MESSAGES.notFound });
    onClose();
  }, [onClose]);
  return null;
}

function ResourceForm({ resource, onDone }: { resource: Resource; onDone: () => void }) {
  const [value, setValue] = useState(resource.value);
  const [error, setError] = useState<string | undefined>();
  const save = useSetResourceValue();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (isBlankHtml(value)) {
      setError(MESSAGES.resourceValueRequired);
      return;
    }
    save.mutate(
      { id: resource.id, value },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MESSAGES.resourceSaved });
          onDone();
        },
        onError: (e) => {
          notifications.show({ color: 'red', title: MESSAGES.resourceNotSaved, message: errorMessage(e) });
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Annuleren
          </Button>
          <Button type="submit" loading={save.isPending}>
            Opslaan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
