import { MESSAGES, NEW_PAGE_POSITION, type Page, pageInputSchema } from '@ateliermarkt/contract';
import { Stack, TextInput } from '@mantine/core';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { RichTextEditor } from '../../../components/rich-text-editor/index.ts';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useSavePage } from '../api/pages.ts';

type Values = { title: string; body: string };

export type PageFormProps = {
  /** An existing page, or the type of a new one. */
  page: Page | { type: 'mainmenu' | 'footer' };
  onDone: () => void;
};

/** Title and rich-text body with images; a new page starts empty at position 99. */
export function PageForm({ page, onDone }: PageFormProps) {
  const existing = 'id' in page ? page : null;
  const save = useSavePage();
  const toInput = (values: Values) => ({
    title: values.title,
    body: values.body,
    position: existing?.position ?? NEW_PAGE_POSITION,
    isFooterPage: existing ? existing.isFooterPage : 'type' in page && page.type === 'footer',
  });
  const form = useSchemaForm<Values>({
    schema: pageInputSchema,
    initialValues: { title: existing?.title ?? '', body: existing?.body ?? '' },
    toInput,
  });

  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: existing?.id, ...toInput(values) },
      {
        onSuccess: () => {
          unsaved.release();
          notifySuccess(existing ? MESSAGES.pageSaved : MESSAGES.pageAdded);
          onDone();
        },
        onError: (error) => form.showServerError(error, { title: MESSAGES.pageNotSaved }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={existing ? 'Pagina wijzigen' : 'Nieuwe pagina'}>
      <Stack>
        <TextInput label="Titel" withAsterisk data-autofocus {...form.getInputProps('title')} />
        <RichTextEditor
          label="Inhoud"
          toolbar="full"
          images
          description="Klik op een afbeelding en sleep de hoek, of gebruik Afbeelding smaller/breder, om de breedte te kiezen."
          value={form.values.body}
          onChange={(html) => form.setFieldValue('body', html)}
        />
        <FormButtons onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
