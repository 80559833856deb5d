import {
  type AdminSettings,
  type DeadlineSetting,
  formatIban,
  LEGAL_MESSAGES,
  MESSAGES,
  normalizeIban,
  PLATFORM_SETTING_ENV,
  type PlatformSettings,
  platformSettingsSchema,
} from '@ateliermarkt/contract';
import {
  NumberInput,
  type NumberInputProps,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { KvkNumberInput, VatIdInput } from '../../../components/contact-fields.tsx';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useAdminSettings, useUpdateAdminSettings } from '../api/admin-settings.ts';
import { DurationField, splitDuration } from './duration-field.tsx';

const UNIT_WORDS = { m: ['minuut', 'minuten'], h: ['uur', 'uur'], d: ['dag', 'dagen'] } as const;
/** '24h' → '24 uur', '3d' → '3 dagen'. */
function durationInWords(text: string): string {
  const { amount, unit } = splitDuration(text);
  return amount === '' ? text : `${amount} ${UNIT_WORDS[unit][amount === 1 ? 0 : 1]}`;
}

const DEADLINES: { key: DeadlineSetting; label: string; help: string }[] = [
  {
    key: 'reservationRemindAfter',
    label: MESSAGES.settingsReservationRemindAfter,
    help: MESSAGES.settingsReservationRemindAfterHelp,
  },
  {
    key: 'reservationExpireAfter',
    label: MESSAGES.settingsReservationExpireAfter,
    help: MESSAGES.settingsReservationExpireAfterHelp,
  },
  {
    key: 'paymentRemindAfter',
    label: MESSAGES.settingsPaymentRemindAfter,
    help: MESSAGES.settingsPaymentRemindAfterHelp,
  },
  {
    key: 'paymentExpireAfter',
    label: MESSAGES.settingsPaymentExpireAfter,
    help: MESSAGES.settingsPaymentExpireAfterHelp,
  },
];

/** The form shows the IBAN in groups of four; the server keeps it compact. */
const formValues = (values: PlatformSettings): PlatformSettings => ({
  ...values,
  platformIban: formatIban(values.platformIban),
});

/** The super admin's 'Instellingen': deadlines, tax and fee, the platform's bank account. */
export function SettingsPage() {
  const settings = useAdminSettings();
  if (settings.error) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <PageLoader />;
  return <SettingsForm settings={settings.data} />;
}

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  const id = `instellingen-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Stack gap={2}>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {help}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

/** A required percentage from 0 to 100, two decimals after a comma. */
function PercentInput(props: NumberInputProps) {
  return <NumberInput withAsterisk min={0} max={100} decimalScale={2} decimalSeparator="," suffix=" %" {...props} />;
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const update = useUpdateAdminSettings();
  const form = useSchemaForm<PlatformSettings, PlatformSettings>({
    schema: platformSettingsSchema,
    initialValues: formValues(settings.values),
    transformValues: (values) => platformSettingsSchema.parse(values),
  });
  const unsaved = useUnsavedChanges(form.isDirty());
  const overridden = new Set(settings.overridden);

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        unsaved.release();
        notifySuccess(MESSAGES.settingsSaved);
        form.setInitialValues(formValues(saved.values));
        form.setValues(formValues(saved.values));
      },
      onError: (error) => form.showServerError(error),
    }),
  );

  const iban = form.getInputProps('platformIban');
  return (
    <Stack maw={820}>
      <PageHeader title={MESSAGES.settingsTitle} description="Voor het hele platform: alle ateliers merken het." />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={submit} aria-label={MESSAGES.settingsTitle}>
          <Stack gap="xl">
            <Section title={MESSAGES.settingsDeadlinesTitle} help={MESSAGES.settingsDeadlinesHelp}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {DEADLINES.map(({ key, label, help }) =>
                  overridden.has(key) ? (
                    <TextInput
                      key={key}
                      label={label}
                      value={durationInWords(settings.values[key])}
                      readOnly
                      variant="filled"
                      description={MESSAGES.settingsOverridden(PLATFORM_SETTING_ENV[key])}
                    />
                  ) : (
                    <DurationField
                      key={key}
                      label={label}
                      description={`${help} ${MESSAGES.settingsDefault(durationInWords(settings.defaults[key]))}.`}
                      value={form.values[key]}
                      onChange={(next) => form.setFieldValue(key, next)}
                      error={form.errors[key] as string | undefined}
                    />
                  ),
                )}
              </SimpleGrid>
            </Section>
            <Section title={MESSAGES.settingsRatesTitle} help={MESSAGES.settingsRatesHelp}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['taxPercent', 'feePercent'] as const).map((key) => (
                  <PercentInput
                    key={key}
                    label={key === 'taxPercent' ? MESSAGES.settingsTaxPercent : MESSAGES.settingsFeePercent}
                    description={MESSAGES.settingsDefault(`${settings.defaults[key]} %`)}
                    {...form.getInputProps(key)}
                  />
                ))}
              </SimpleGrid>
            </Section>
            <Section title={MESSAGES.settingsBankTitle} help={MESSAGES.settingsBankHelp}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={MESSAGES.settingsPlatformIban}
                  description="Bijvoorbeeld NL00 BANK 0123 4567 89"
                  autoComplete="off"
                  spellCheck={false}
                  {...iban}
                  onBlur={(event) => {
                    form.setFieldValue('platformIban', formatIban(normalizeIban(event.currentTarget.value)));
                    iban.onBlur?.(event);
                  }}
                />
                <TextInput
                  label={MESSAGES.settingsPlatformName}
                  description="Zoals de bank de rekening op naam heeft"
                  autoComplete="organization"
                  {...form.getInputProps('platformName')}
                />
              </SimpleGrid>
            </Section>
            <Section title={LEGAL_MESSAGES.settingsInvoiceTitle} help={LEGAL_MESSAGES.settingsInvoiceHelp}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={LEGAL_MESSAGES.settingsPlatformLegalName}
                  autoComplete="organization"
                  {...form.getInputProps('platformLegalName')}
                />
                <Textarea
                  label={LEGAL_MESSAGES.settingsPlatformAddress}
                  autosize
                  minRows={2}
                  maxRows={4}
                  {...form.getInputProps('platformAddress')}
                />
                <KvkNumberInput
                  label={LEGAL_MESSAGES.settingsPlatformKvkNumber}
                  {...form.getInputProps('platformKvkNumber')}
                />
                <VatIdInput label={LEGAL_MESSAGES.settingsPlatformVatId} {...form.getInputProps('platformVatId')} />
                <PercentInput
                  label={LEGAL_MESSAGES.settingsFeeVatPercent}
                  description={`${LEGAL_MESSAGES.settingsFeeVatPercentHelp} ${MESSAGES.settingsDefault(`${settings.defaults.feeVatPercent} %`)}.`}
                  {...form.getInputProps('feeVatPercent')}
                />
              </SimpleGrid>
            </Section>
            <FormButtons saving={update.isPending} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
