import { changePasswordFormSchema, MESSAGES } from '@ateliermarkt/contract';
import { Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { onInvalidForm } from '../../../components/form-feedback.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useChangePassword } from '../api/change-password.ts';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** 'Wachtwoord wijzigen': the current password and the new one twice. */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', newPasswordRepeat: '' },
    validate: zodResolver(changePasswordFormSchema),
  });

  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(
    ({ currentPassword, newPassword }) =>
      change.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: () => {
            unsaved.release();
            notifySuccess(MESSAGES.changePasswordSuccess);
            form.reset();
          },
          onError: (error) => {
            applyServerFieldErrors(form, error, FIELDS);
            notifyFailure(error, { title: MESSAGES.changePasswordFailed });
          },
        },
      ),
    onInvalidForm,
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
