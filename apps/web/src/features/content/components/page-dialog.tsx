import { MESSAGES, NEW_PAGE_POSITION, type Page, pageInputSchema } from '@ateliermarkt/contract';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { onInvalidForm } from '../../../components/form-feedback.ts';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { RichTextEditor } from '../../../components/rich-text-editor/index.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
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
  const form = useForm<Values>({
    initialValues: { title: existing?.title ?? '', body: existing?.body ?? '' },
    validate: (values) =>
      zodResolver(pageInputSchema)({
        ...values,
        position: existing?.position ?? NEW_PAGE_POSITION,
        isFooterPage: existing ? existing.isFooterPage : 'type' in page && page.type === 'footer',
      }),
  });

  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        {
          id: existing?.id,
          title: values.title,
          body: values.body,
          position: existing?.position ?? NEW_PAGE_POSITION,
          isFooterPage: existing ? existing.isFooterPage : 'type' in page && page.type === 'footer',
        },
        {
          onSuccess: () => {
            unsaved.release();
            notifySuccess(existing ? MESSAGES.pageSaved : MESSAGES.pageAdded);
            onDone();
          },
          onError: (error) => {
            applyServerFieldErrors(form, error, ['title', 'body']);
            notifyFailure(error, { title: MESSAGES.pageNotSaved });
          },
        },
      ),
    onInvalidForm,
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
