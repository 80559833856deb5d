import { formatEuro, ONBOARDING_STATE_TEXT } from '@ateliermarkt/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { createOnboardingLink, useSetWorkshopMollie, useWorkshopMollie } from '../api/workshop-mollie.ts';

export type WorkshopMollieProps = { workspaceId: string; isSuperAdmin: boolean };

/**
 * Mollie Connect: where the workshop's share of each sale goes. The state Mollie reports, the onboarding
 * link, the routes still waiting; the super admin enters the organisation id. Not shown with the demo provider.
 */
export function WorkshopMollie({ workspaceId: workshopId, isSuperAdmin }: WorkshopMollieProps) {
  const query = useWorkshopMollie(workshopId);
  if (query.data?.provider !== 'mollie') {
    return query.isError ? <Alert color="red">{errorMessage(query.error)}</Alert> : null;
  }
  const m = query.data;
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="mollie-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="mollie-title">
          Uitbetaling via Mollie
        </Title>
        <Group gap="xs">
          {/* A sentence, not a word: on a phone it wraps instead of pushing the page sideways (it may shrink). */}
          <Badge
            color={m.onboarding === 'completed' ? 'green' : m.organizationId ? 'yellow' : 'gray'}
            variant="light"
            data-may-shrink
            styles={{
              root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
              label: { whiteSpace: 'normal', overflow: 'visible' },
            }}
          >
            {m.organizationId
              ? m.onboarding
                ? ONBOARDING_STATE_TEXT[m.onboarding]
                : 'Gekoppeld, status onbekend'
              : 'Niet gekoppeld'}
          </Badge>
          {m.organizationId && (
            <Text size="sm" c="dimmed">
              Organisatie {m.organizationId}
            </Text>
          )}
        </Group>
        {m.onboardingError && (
          <Text size="sm" c="red.8">
            {m.onboardingError}
          </Text>
        )}
        <Text size="sm">
          {m.waitingRoutes === 0
            ? 'Er wacht niets op doorstorting.'
            : `${m.waitingRoutes === 1 ? '1 doorstorting wacht' : `${m.waitingRoutes} doorstortingen wachten`}, samen ${formatEuro(m.waitingCents / 100)}; ze gaan uit zodra het atelier gekoppeld is.`}
        </Text>
        <OnboardingButton workspaceId={workshopId} />
        {isSuperAdmin && <OrganizationForm workspaceId={workshopId} current={m.organizationId} />}
      </Stack>
    </Paper>
  );
}

function OnboardingButton({ workspaceId: workshopId }: { workspaceId: string }) {
  const [pending, setPending] = useState(false);
  const open = () => {
    setPending(true);
    createOnboardingLink(workshopId)
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => notifyFailure(error, { title: 'De koppeling met Mollie kon niet starten' }))
      .finally(() => setPending(false));
  };
  return (
    <div>
      <Button variant="default" onClick={open} loading={pending}>
        Koppelen met Mollie
      </Button>
    </div>
  );
}

function OrganizationForm({ workspaceId: workshopId, current }: { workspaceId: string; current: string | null }) {
  const save = useSetWorkshopMollie(workshopId);
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    save
      .mutateAsync(value.trim() === '' ? null : value.trim())
      .then(() => notifySuccess('De Mollie-organisatie is opgeslagen.'))
      .catch((e: unknown) => setError(errorMessage(e)));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Mollie-organisatie-id"
          description="Na de onboarding, of voor een atelier dat met de hand is aangemeld (org_…)"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={save.isPending}>
          Opslaan
        </Button>
      </Group>
    </form>
  );
}
