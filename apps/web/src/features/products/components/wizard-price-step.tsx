import {
  calculatePrice,
  canAddDeliveryMethod,
  formatDimensions,
  formatEuro,
  parseDecimal,
} from '@ateliermarkt/contract';
import { Checkbox, Divider, Grid, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeliveryMethods } from '../../../lib/delivery-methods.ts';
import { useSettings } from '../api/reference-data.ts';
import type { StepProps } from './wizard-types.ts';

function Breakdown({ price }: { price: string }) {
  const settings = useSettings();
  const amount = parseDecimal(price);
  const ready = settings.data && amount !== null && amount >= 0;
  const b = ready ? calculatePrice(amount, settings.data.taxPercent, settings.data.feePercent) : null;
  const row = (label: string, value: number | undefined, strong = false) => (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} ff="monospace">
        {value === undefined ? '—' : formatEuro(value)}
      </Text>
    </Group>
  );
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-body)"
      role="group"
      aria-live="polite"
      aria-label="Prijsberekening"
    >
      <Title order={3} fz="sm" mb="xs">
        Prijsberekening
      </Title>
      <Stack gap={6}>
        {row('Verkoopprijs', b?.price)}
        {row(`Btw (${settings.data?.taxPercent ?? '…'}%)`, b?.tax)}
        {row(`Commissie (${settings.data?.feePercent ?? '…'}%)`, b?.fee)}
        <Divider />
        {row('Netto voor het atelier', b?.net, true)}
      </Stack>
    </Paper>
  );
}

/** Weight and the three dimensions: decimal text fields with their unit. */
const MEASURES = [
  { field: 'weight', label: 'Gewicht', unit: 'g' },
  { field: 'length', label: 'Lengte', unit: 'cm' },
  { field: 'width', label: 'Breedte', unit: 'cm' },
  { field: 'height', label: 'Hoogte', unit: 'cm' },
] as const;

/** Step 2: price with the live breakdown, weight, dimensions and delivery methods. */
export function WizardPriceStep({ form }: StepProps) {
  const methods = useDeliveryMethods();
  const values = form.getValues();
  const selected = values.deliveryMethodIds.map(Number);
  const format = formatDimensions(parseDecimal(values.length), parseDecimal(values.width), parseDecimal(values.height));
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Prijs"
            description="Minimaal €10,00. Je mag een komma of een punt gebruiken."
            withAsterisk
            inputMode="decimal"
            leftSection="€"
            key={form.key('price')}
            {...form.getInputProps('price')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Breakdown price={values.price} />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {MEASURES.map(({ field, label, unit }) => (
          <TextInput
            key={form.key(field)}
            label={label}
            inputMode="decimal"
            rightSection={unit}
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {format
          ? `Formaat: ${format} cm`
          : 'Het formaat wordt alleen opgeslagen als lengte, breedte en hoogte alle drie zijn ingevuld.'}
      </Text>
      <Checkbox.Group
        label="Verzendmethoden"
        description="Kies één verzendmethode. Ophalen in het atelier mag je combineren met één andere."
        withAsterisk
        key={form.key('deliveryMethodIds')}
        {...form.getInputProps('deliveryMethodIds')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {(methods.data ?? []).map((m) => (
            <Checkbox
              key={m.id}
              value={String(m.id)}
              label={`${m.name} (${formatEuro(m.price)})`}
              disabled={!canAddDeliveryMethod(selected, m.id)}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Stack>
  );
}
