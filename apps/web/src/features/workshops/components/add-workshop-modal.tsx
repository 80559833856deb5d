import { type CreateWorkshop, createWorkshopSchema, MESSAGES } from '@ateliermarkt/contract';
import { Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useCreateWorkshop } from '../api/create-workshop.ts';

type Values = { name: string; adminEmailAddress: string; creditorNumber: string; debtorNumber: string };
const EMPTY: Values = { name: '', adminEmailAddress: '', creditorNumber: '', debtorNumber: '' };

export type AddWorkshopModalProps = { opened: boolean; onClose: () => void };

/** The add-workshop dialog (name, admin e-mail, creditor and debtor number). */
export function AddWorkshopModal({ opened, onClose }: AddWorkshopModalProps) {
  const create = useCreateWorkshop();
  const form = useSchemaForm<Values, CreateWorkshop>({
    schema: createWorkshopSchema,
    initialValues: EMPTY,
    transformValues: (values) => createWorkshopSchema.parse(values),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const unsaved = useUnsavedChanges(opened && form.isDirty());
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        unsaved.release();
        notifySuccess(
          `${created.name} staat offline. De beheerder krijgt een e-mail om een wachtwoord te kiezen.`,
          'Het atelier is toegevoegd',
        );
        close();
      },
      onError: (error) => form.showServerError(error, { title: MESSAGES.workspaceNotSaved }),
    }),
  );

  return (
    // Escape, the × and a click beside the dialog only hide it: what was typed is there again when it reopens (issue
    // 27.9). 'Annuleren' empties it.
    <Modal opened={opened} onClose={onClose} title="Atelier toevoegen" size="lg" radius="lg">
      <form noValidate onSubmit={submit} aria-label="Atelier toevoegen">
        <Stack gap="md">
          <Text c="dimmed" fz="sm">
            Het nieuwe atelier staat offline tot je het publiceert. De beheerder ontvangt een e-mail met een link om een
            wachtwoord te kiezen.
          </Text>
          <TextInput label="Naam van het atelier" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="E-mailadres van de beheerder"
            type="email"
            withAsterisk
            {...form.getInputProps('adminEmailAddress')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Crediteurnummer" {...form.getInputProps('creditorNumber')} />
            <TextInput label="Debiteurnummer" {...form.getInputProps('debtorNumber')} />
          </SimpleGrid>
          <FormButtons onCancel={close} saving={create.isPending} submitLabel={'Atelier toevoegen'} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
