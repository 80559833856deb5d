import {
  type Image,
  MESSAGES,
  PROVINCES,
  type Reconfirmation,
  updateWorkshopSchema,
  WORKSHOP_LABELS,
  type Workshop,
  workshopNeedsReconfirmation,
} from '@ateliermarkt/contract';
import {
  Button,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { EmailPhoneFields } from '../../../components/contact-fields.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { askReconfirmation } from '../../../components/reconfirm-dialog.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor/index.ts';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { deleteImage } from '../api/delete-image.ts';
import { useUpdateWorkshop } from '../api/update-workshop.ts';
import { checkName, initialValues, toBody, type WorkshopFormValues } from './workshop-form-values.ts';
import { LegalSection } from './workshop-legal.tsx';
import { HolidaySection, PayoutSection } from './workshop-payout-holiday.tsx';
import { FOCUS_TITLE_STATE } from './workshop-title-focus.ts';

export type WorkshopFormProps = { workspace: Workshop; isSuperAdmin: boolean; afterSave: string; afterCancel: string };

/** The workshop edit form. */
export function WorkshopForm({ workspace: workshop, isSuperAdmin, afterSave, afterCancel }: WorkshopFormProps) {
  const update = useUpdateWorkshop();
  const navigate = useNavigate();
  const uploaded = useRef(new Set<string>());
  const form = useSchemaForm<WorkshopFormValues>({
    schema: updateWorkshopSchema,
    initialValues: initialValues(workshop),
    toInput: (v) => toBody(v, isSuperAdmin),
    alsoCheck: (v) => checkName(v, isSuperAdmin),
  });

  const imageProps = (field: 'mainImage' | 'teamImage') => ({
    value: form.values[field],
    error: form.errors[field] as string | undefined,
    onChange: (image: Image | null) => {
      const previous = form.values[field];
      if (previous && uploaded.current.has(previous.id)) {
        uploaded.current.delete(previous.id);
        void deleteImage(previous.id).catch(() => {});
      }
      if (image) uploaded.current.add(image.id);
      form.setFieldValue(field, image);
    },
  });

  const unsaved = useUnsavedChanges(form.isDirty());

  const save = (values: WorkshopFormValues, reconfirmation: Reconfirmation = {}) =>
    new Promise<void>((resolve) =>
      update.mutate(
        { id: workshop.id, body: { ...toBody(values, isSuperAdmin), ...reconfirmation } },
        {
          onSuccess: () => {
            unsaved.release();
            uploaded.current.clear();
            notifySuccess(MESSAGES.workspaceSaved);
            // The screen after saving takes the focus to its title; left alone it fell to the page.
            navigate(afterSave, { state: FOCUS_TITLE_STATE });
          },
          onError: (error) => form.showServerError(error, { title: MESSAGES.workspaceNotSaved }),
          onSettled: () => resolve(),
        },
      ),
    );

  // A new e-mail address, IBAN or holder needs the current password in the same request.
  const submit = form.onSubmit((values) => {
    if (workshopNeedsReconfirmation(workshop, toBody(values, isSuperAdmin))) askReconfirmation((r) => save(values, r));
    else void save(values);
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Atelier wijzigen">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Algemeen
            </Title>
            {isSuperAdmin ? (
              <TextInput label="Naam van het atelier" withAsterisk {...form.getInputProps('name')} />
            ) : (
              <TextInput
                label="Naam van het atelier"
                value={workshop.name}
                readOnly
                variant="filled"
                description="De naam kan alleen door de platformbeheerder worden gewijzigd."
              />
            )}
            {isSuperAdmin && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Crediteurnummer" {...form.getInputProps('creditorNumber')} />
                <TextInput label="Debiteurnummer" {...form.getInputProps('debtorNumber')} />
              </SimpleGrid>
            )}
            <RichTextEditor
              label="Omschrijving"
              toolbar="full"
              images
              value={form.values.description}
              onChange={(html) => form.setFieldValue('description', html)}
              error={form.errors.description as string | undefined}
            />
            <Textarea
              label="Openingstijden"
              autosize
              minRows={2}
              maxRows={6}
              description="Bijvoorbeeld: woensdag t/m zaterdag 10:00 – 17:00"
              {...form.getInputProps('openingTimes')}
            />
            <Select
              label="Label"
              data={WORKSHOP_LABELS.map((l) => ({ value: String(l.id), label: l.name }))}
              allowDeselect={false}
              {...form.getInputProps('label')}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Foto’s
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ImageUpload label="Hoofdfoto" accept={['image/jpeg', 'image/png']} {...imageProps('mainImage')} />
              <ImageUpload label="Teamfoto" accept={['image/jpeg', 'image/png']} {...imageProps('teamImage')} />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Adres en contact
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Straat"
                autoComplete="address-line1"
                {...form.getInputProps('street')}
                style={{ gridColumn: 'span 2' }}
              />
              <TextInput label="Huisnummer" {...form.getInputProps('streetNumber')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Postcode" autoComplete="postal-code" {...form.getInputProps('zipCode')} />
              <TextInput label="Plaats" autoComplete="address-level2" {...form.getInputProps('city')} />
              <Select
                label="Provincie"
                data={[...PROVINCES]}
                clearable
                placeholder="Kies een provincie"
                {...form.getInputProps('province')}
              />
            </SimpleGrid>
            <Divider />
            <EmailPhoneFields email={form.getInputProps('email')} phone={form.getInputProps('phone')} />
          </Stack>
        </Paper>

        <LegalSection form={form} />

        <HolidaySection form={form} stored={workshop.holiday} />

        <PayoutSection form={form} changedAt={workshop.ibanChangedAt} />

        <Group justify="flex-end">
          <Text c="dimmed" fz="sm" mr="auto">
            Velden met een * zijn verplicht.
          </Text>
          <Button variant="default" onClick={() => navigate(afterCancel)}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {MESSAGES.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
