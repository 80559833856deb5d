import { formatDateTime, formatDay, type Holiday, holidayPhase, MESSAGES } from '@ateliermarkt/contract';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { WorkshopFormValues } from './workshop-form-values.ts';

type SectionProps = { form: UseFormReturnType<WorkshopFormValues> };

/**
 * Where the platform pays the workshop's net (the super admin and the workshop's own admin edit it), and
 * when that account last changed (docs/decisions/0038).
 */
export function PayoutSection({ form, changedAt }: SectionProps & { changedAt: string | null }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Group gap="xs" align="baseline">
            <Title order={2} fz="lg">
              Uitbetaling
            </Title>
            {changedAt && (
              <Text c="dimmed" fz="sm">
                {MESSAGES.ibanChangedOn(formatDateTime(changedAt))}
              </Text>
            )}
          </Group>
          <Text c="dimmed" fz="sm">
            Op deze rekening betaalt Ateliermarkt elke maand de opbrengst van de verkopen uit.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="IBAN"
            description="Bijvoorbeeld NL91 ABNA 0417 1643 00"
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('iban')}
          />
          <TextInput
            label="Naam rekeninghouder"
            description="Zoals de bank de rekening op naam heeft"
            maxLength={70}
            {...form.getInputProps('ibanHolder')}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Where the stored holiday stands today, as a badge beside the section's title. */
export function HolidayBadge({ holiday }: { holiday: Holiday | null }) {
  if (!holiday) return null;
  const phase = holidayPhase(holiday);
  if (phase === 'over') return null;
  return (
    <Badge variant="light" color={phase === 'current' ? 'terracotta' : 'gray'} radius="sm" tt="none">
      {phase === 'current' ? 'Nu met vakantie' : 'Gepland'}
    </Badge>
  );
}

/** Holiday mode. While it lasts the shop takes no reservations for the workshop and shows the message. */
export function HolidaySection({ form, stored }: SectionProps & { stored: Holiday | null }) {
  const { from, to, message } = form.values.holiday;
  const filled = Boolean(from || to || message);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} fz="lg">
              {MESSAGES.holiday}
            </Title>
            <HolidayBadge holiday={stored} />
          </Group>
          <Text c="dimmed" fz="sm">
            Van de eerste tot en met de laatste dag neemt de webshop geen reserveringen voor dit atelier aan en toont
            hij je bericht. Maak de velden leeg om de vakantie te beëindigen.
          </Text>
          {stored && (
            <Text fz="sm">Opgeslagen: {MESSAGES.holidayPeriod(formatDay(stored.from), formatDay(stored.to))}</Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Eerste vakantiedag"
            type="date"
            max={to || undefined}
            {...form.getInputProps('holiday.from')}
          />
          <TextInput
            label="Laatste vakantiedag"
            type="date"
            min={from || undefined}
            {...form.getInputProps('holiday.to')}
          />
        </SimpleGrid>
        <Textarea
          label="Bericht voor de klanten"
          autosize
          minRows={2}
          maxRows={5}
          description="Bijvoorbeeld: wij zijn met vakantie en nemen vanaf 4 januari weer reserveringen aan."
          {...form.getInputProps('holiday.message')}
        />
        {filled && (
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => form.setFieldValue('holiday', { from: '', to: '', message: '' })}
            >
              Vakantie wissen
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
