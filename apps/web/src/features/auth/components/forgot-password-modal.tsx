import { MESSAGES, resetPasswordRequestRequestSchema } from '@ateliermarkt/contract';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { ignoreSecondClickOfDoubleClick } from '../../../lib/double-click-second-click.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { resetRequestErrorMessage } from './login-error.ts';

// Opened by a link on the log-in screen, before the routed app (which installs it for its dialogs) has loaded.
ignoreSecondClickOfDoubleClick();

export type ForgotPasswordModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The tenant chosen in the log-in picker; null is the host. */
  tenantId: string | null;
  initialEmail?: string;
};

export function ForgotPasswordModal({
  opened,
  onClose,
  tenantId: workshopId,
  initialEmail = '',
}: ForgotPasswordModalProps) {
  const request = useRequestPasswordReset();
  const form = useSchemaForm({
    schema: resetPasswordRequestRequestSchema,
    initialValues: { emailAddress: initialEmail.includes('@') ? initialEmail : '' },
  });

  const close = () => {
    request.reset();
    form.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Wachtwoord vergeten"
      centered
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      {request.isSuccess ? (
        <Stack>
          <Alert color="green" variant="light" title="Controleer je e-mail" role="status">
            {request.data}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Sluiten</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            request.mutate({ emailAddress: values.emailAddress.trim(), tenantId: workshopId }),
          )}
        >
          <Stack>
            <Text fz="sm" c="dimmed">
              Vul je e-mailadres in. Je ontvangt dan een e-mail met een link om een nieuw wachtwoord in te stellen.
            </Text>
            <TextInput
              label="E-mailadres"
              type="email"
              autoComplete="email"
              data-autofocus
              {...form.getInputProps('emailAddress')}
            />
            {request.isError && (
              <Alert color="red" variant="light" role="alert">
                {resetRequestErrorMessage(request.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="subtle" onClick={close}>
                {MESSAGES.cancel}
              </Button>
              <Button type="submit" loading={request.isPending} disabled={form.values.emailAddress.trim() === ''}>
                Verstuur link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
