import { MESSAGES, resetPasswordFormSchema } from '@ateliermarkt/contract';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useResetPassword } from '../api/reset-password.ts';

export type ResetLinkParams = { code: string; userId: string; tenantId: string | null };

/** code and userId must be filled; tenantId must be present but is empty for the host. */
export function readResetLink(params: URLSearchParams): ResetLinkParams | null {
  const code = params.get('code');
  const userId = params.get('userId');
  const workshopId = params.get('tenantId');
  if (!code || !userId || workshopId === null) return null;
  return { code, userId, tenantId: workshopId || null };
}

type Outcome = 'form' | 'success' | 'failed';

/** Works with and without a session. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const link = readResetLink(params);
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>(link ? 'form' : 'failed');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: resetPasswordFormSchema,
    initialValues: { newPassword: '', newPasswordRepeat: '' },
  });

  const submit = form.onSubmit((values) => {
    if (!link) return;
    reset.mutate(
      { newPassword: values.newPassword, token: link.code, userId: link.userId, tenantId: link.tenantId },
      {
        onSuccess: () => setOutcome('success'),
        // A bad password shows under its field; anything else (an expired link) replaces the form.
        onError: (error) =>
          form.showServerError(error, {
            elsewhere: (message) => {
              setFailure(message);
              setOutcome('failed');
            },
          }),
      },
    );
  });

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} maw={480} w="100%" mx="auto">
      <Stack gap="md">
        <Title order={1} fz={28}>
          Nieuw wachtwoord instellen
        </Title>

        {outcome === 'success' && (
          <>
            <Alert color="green" variant="light" role="status" title={MESSAGES.resetPasswordSuccess}>
              Je kunt nu inloggen met je nieuwe wachtwoord.
            </Alert>
            <Button component={Link} to="/">
              Naar home
            </Button>
          </>
        )}

        {outcome === 'failed' && (
          <>
            <Alert color="red" variant="light" role="alert" title={MESSAGES.resetPasswordFailed}>
              {failure || MESSAGES.resetCodeInvalid}
            </Alert>
            <Group justify="space-between">
              {link ? (
                <Anchor component="button" type="button" onClick={() => setOutcome('form')}>
                  Probeer het opnieuw
                </Anchor>
              ) : (
                <Anchor component={Link} to="/">
                  Vraag een nieuwe link aan
                </Anchor>
              )}
              <Anchor component={Link} to="/">
                Naar home
              </Anchor>
            </Group>
          </>
        )}

        {outcome === 'form' && (
          <form noValidate onSubmit={submit} aria-label="Nieuw wachtwoord instellen">
            <Stack gap="md">
              <Text c="dimmed">Kies een nieuw wachtwoord voor je account.</Text>
              <NewPasswordFields inputProps={form.getInputProps} />
              <Button type="submit" loading={reset.isPending}>
                Wachtwoord opslaan
              </Button>
              <Anchor component={Link} to="/" fz="sm" ta="center">
                Naar home
              </Anchor>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
