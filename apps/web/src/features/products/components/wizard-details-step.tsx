import { MATERIALS, SHOP_MESSAGES } from '@ateliermarkt/contract';
import {
  Autocomplete,
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useCustomCategories, useMainCategories } from '../api/reference-data.ts';
import type { StepProps } from './wizard-types.ts';

/** Step 1: name, texts, edition, material, main and extra categories. */
export function WizardDetailsStep({ form }: StepProps) {
  const main = useMainCategories();
  const custom = useCustomCategories();
  const unique = form.getValues().isUniqueEdition;
  return (
    <Stack gap="md">
      <TextInput label="Naam" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
      <Textarea
        label="Omschrijving"
        autosize
        minRows={3}
        maxRows={8}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <Textarea
        label="Extra informatie"
        description="Bijvoorbeeld onderhoud of bijzonderheden."
        autosize
        minRows={2}
        maxRows={6}
        key={form.key('extraInformation')}
        {...form.getInputProps('extraInformation')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={4}>
          <Text size="sm" fw={600} id="edition-label">
            Uitvoering
          </Text>
          <Group gap="sm" align="center">
            <SegmentedControl
              aria-labelledby="edition-label"
              data={[
                { value: 'unique', label: 'Uniek product' },
                { value: 'multiple', label: 'Meerdere exemplaren' },
              ]}
              value={unique ? 'unique' : 'multiple'}
              onChange={(v) => form.setFieldValue('isUniqueEdition', v === 'unique')}
            />
            {!unique && (
              <TextInput
                label="Aantal"
                type="number"
                min={1}
                w={100}
                key={form.key('quantity')}
                {...form.getInputProps('quantity')}
              />
            )}
          </Group>
        </Stack>
        <Autocomplete
          label="Materiaal"
          description="Kies uit de lijst of typ een eigen materiaal."
          data={[...MATERIALS]}
          key={form.key('material')}
          {...form.getInputProps('material')}
        />
      </SimpleGrid>
      <Checkbox
        label={SHOP_MESSAGES.madeToMeasureLabel}
        description={SHOP_MESSAGES.madeToMeasureDescription}
        key={form.key('madeToMeasure')}
        {...form.getInputProps('madeToMeasure', { type: 'checkbox' })}
      />
      <Checkbox.Group
        label="Hoofdcategorieën"
        description="Waar hoort dit product bij in de webshop?"
        withAsterisk
        key={form.key('categoryIds')}
        {...form.getInputProps('categoryIds')}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
          {(main.data ?? []).map((c) => (
            <Checkbox key={c.id} value={c.id} label={c.title} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <TagsInput
        label="Extra categorieën"
        description="Kies een bestaande categorie of typ een nieuwe en druk op Enter."
        data={(custom.data ?? []).map((c) => c.title)}
        // A handful of suggestions that narrow as you type: a long list would scroll, and a scrolling list of
        // options cannot be reached with the keyboard (axe: scrollable-region-focusable).
        limit={6}
        clearable
        key={form.key('customCategories')}
        {...form.getInputProps('customCategories')}
      />
    </Stack>
  );
}
