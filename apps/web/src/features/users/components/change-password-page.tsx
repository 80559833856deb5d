import { changePasswordFormSchema, MESSAGES } from '@ateliermarkt/contract';
import { Paper, PasswordInput, Stack } from '@mantine/core';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useChangePassword } from '../api/change-password.ts';

/** 'Wachtwoord wijzigen': the current password and the new one twice. */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const form = useSchemaForm({
    schema: changePasswordFormSchema,
    initialValues: { currentPassword: '', newPassword: '', newPasswordRepeat: '' },
  });

  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          unsaved.release();
          notifySuccess(MESSAGES.changePasswordSuccess);
          form.reset();
        },
        onError: (error) => form.showServerError(error, { title: MESSAGES.changePasswordFailed }),
      },
    ),
  );

  return (
    <Stack maw={560}>
      <PageHeader title="Wachtwoord wijzigen" description="Kies een nieuw wachtwoord voor je account." />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={submit} aria-label="Wachtwoord wijzigen">
          <Stack gap="md">
            <PasswordInput
              label="Huidig wachtwoord"
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
            />
            <NewPasswordFields inputProps={form.getInputProps} />
            <FormButtons saving={change.isPending} submitLabel="Wachtwoord opslaan" />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
