import { MESSAGES, type SecondStepResponse, type TwoFactorEnabled } from '@ateliermarkt/contract';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RecoveryCodesList, TwoFactorSetupPanel } from '../../../components/two-factor.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStartSession } from '../api/login.ts';
import { loginSecondStep, loginTwoFactorEnable, loginTwoFactorSetup } from '../api/second-step.ts';

export type SecondStepProps = { step: SecondStepResponse; tenantId: string | null; onCancel: () => void };

/** The second log-in step: a code, or the set-up a role requires. Loaded only when asked for. */
export function SecondStep({ step, tenantId: workshopId, onCancel }: SecondStepProps) {
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
      <Stack gap="md">
        <Title order={2} fz={24}>
          {step.secondFactor === 'code' ? MESSAGES.twoFactorTitle : MESSAGES.twoFactorSetupTitle}
        </Title>
        {step.secondFactor === 'code' ? (
          <CodeStep challenge={step.challenge} tenantId={workshopId} />
        ) : (
          <SetupStep challenge={step.challenge} tenantId={workshopId} />
        )}
        <Group justify="center">
          <Anchor component="button" type="button" fz="sm" onClick={onCancel}>
            Terug naar inloggen
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

function CodeStep({ challenge, tenantId: workshopId }: { challenge: string; tenantId: string | null }) {
  const start = useStartSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!code.trim()) {
      setError(MESSAGES.twoFactorCodeRequired);
      return;
    }
    setPending(true);
    loginSecondStep({ challenge, code })
      .then((tokens) => start(tokens, workshopId))
      .catch((err: unknown) => setError(errorMessage(err, MESSAGES.twoFactorCodeInvalid)))
      .finally(() => setPending(false));
  };
  return (
    <form noValidate onSubmit={submit} aria-label={MESSAGES.twoFactorTitle}>
      <Stack gap="md">
        <Text>{MESSAGES.twoFactorIntro}</Text>
        <TextInput
          label={MESSAGES.twoFactorCodeLabel}
          autoComplete="one-time-code"
          data-autofocus
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error ?? undefined}
        />
        <Button type="submit" size="md" fullWidth loading={pending}>
          {MESSAGES.twoFactorSubmit}
        </Button>
      </Stack>
    </form>
  );
}

function SetupStep({ challenge, tenantId: workshopId }: { challenge: string; tenantId: string | null }) {
  const start = useStartSession();
  const setup = useQuery({
    queryKey: ['auth', 'two-factor-setup', challenge],
    queryFn: () => loginTwoFactorSetup(challenge),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [done, setDone] = useState<TwoFactorEnabled | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (done) {
    return (
      <RecoveryCodesList
        codes={done.recoveryCodes}
        onDone={() => {
          if (done.tokens) start(done.tokens, workshopId);
        }}
      />
    );
  }
  if (setup.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(setup.error)}
      </Alert>
    );
  if (!setup.data) return <PageLoader />;
  return (
    <>
      <Alert color="terracotta" variant="light" role="status">
        {MESSAGES.twoFactorSetupRequiredIntro}
      </Alert>
      <TwoFactorSetupPanel
        setup={setup.data}
        pending={pending}
        error={error}
        onCode={async (code) => {
          setPending(true);
          try {
            setDone(await loginTwoFactorEnable({ challenge, code }));
            setError(null);
          } catch (err) {
            setError(errorMessage(err, MESSAGES.twoFactorCodeInvalid));
          } finally {
            setPending(false);
          }
        }}
      />
    </>
  );
}
