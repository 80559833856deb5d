import { VAT_REGIME_NAMES, VAT_REGIMES } from '@ateliermarkt/contract';
import { Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { KvkNumberInput, VatIdInput } from '../../../components/contact-fields.tsx';
import type { WorkshopFormValues } from './workshop-form-values.ts';

/**
 * What the platform's fee invoices name of the workshop, and whether its sales carry BTW (KOR: none).
 * The super admin and the workshop's own admin both edit it.
 */
export function LegalSection({ form }: { form: UseFormReturnType<WorkshopFormValues> }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Bedrijfsgegevens
          </Title>
          <Text c="dimmed" fz="sm">
            Deze gegevens staan op de facturen van Ateliermarkt voor de platformvergoeding.
          </Text>
        </Stack>
        <TextInput label="Statutaire naam" maxLength={128} {...form.getInputProps('legalName')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <KvkNumberInput label="KVK-nummer" {...form.getInputProps('kvkNumber')} />
          <TextInput
            label="Vestigingsnummer"
            inputMode="numeric"
            description="12 cijfers"
            autoComplete="off"
            {...form.getInputProps('kvkBranchNumber')}
          />
          <VatIdInput label="Btw-identificatienummer" {...form.getInputProps('vatId')} />
        </SimpleGrid>
        <Radio.Group
          label="Btw-regeling van de verkopen"
          description="Onder de kleineondernemersregeling rekent het atelier geen btw over zijn verkopen."
          {...form.getInputProps('vatRegime')}
        >
          <Stack gap="xs" mt="xs">
            {VAT_REGIMES.map((regime) => (
              <Radio key={regime} value={regime} label={VAT_REGIME_NAMES[regime]} />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}
