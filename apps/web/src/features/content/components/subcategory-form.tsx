import { MESSAGES, type Subcategory, subcategoryInputSchema } from '@ateliermarkt/contract';
import { Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { RichTextEditor } from '../../../components/rich-text-editor/index.ts';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useSaveSubcategory } from '../api/subcategories.ts';

type Values = { title: string; order: number | string; body: string };

export type SubcategoryFormProps = {
  subcategory?: Subcategory;
  /** The order a new subcategory starts with. */
  nextOrder?: number;
  onSaved: (saved: Subcategory) => void;
  onCancel: () => void;
};

/** One form (title, order, rich-text body) for the add dialog and the edit page. */
export function SubcategoryForm({ subcategory, nextOrder, onSaved, onCancel }: SubcategoryFormProps) {
  const save = useSaveSubcategory();
  const form = useSchemaForm<Values>({
    schema: subcategoryInputSchema,
    initialValues: {
      title: subcategory?.title ?? '',
      order: subcategory?.order ?? nextOrder ?? '',
      body: subcategory?.body ?? '',
    },
    toInput: (values) => ({ ...values, order: numberOrUndefined(values.order) }),
  });

  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: subcategory?.id, title: values.title, order: Number(values.order), body: values.body },
      {
        onSuccess: (saved) => {
          unsaved.release();
          notifySuccess(subcategory ? MESSAGES.subcategorySaved : MESSAGES.subcategoryAdded);
          onSaved(saved);
        },
        onError: (error) => form.showServerError(error, { title: MESSAGES.subcategoryNotSaved }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={subcategory ? 'Subcategorie wijzigen' : 'Subcategorie toevoegen'}>
      <Stack>
        <Group grow align="flex-start">
          <TextInput label="Titel" withAsterisk data-autofocus {...form.getInputProps('title')} />
          <NumberInput
            label="Positie"
            withAsterisk
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={9999}
            maw={160}
            {...form.getInputProps('order')}
          />
        </Group>
        <RichTextEditor
          label="Inhoud"
          toolbar="full"
          images
          value={form.values.body}
          error={form.errors.body as string | undefined}
          onChange={(html) => form.setFieldValue('body', html)}
        />
        <FormButtons onCancel={onCancel} saving={save.isPending} />
      </Stack>
    </form>
  );
}

function numberOrUndefined(value: number | string): number | undefined {
  return value === '' || value === null ? undefined : Number(value);
}
