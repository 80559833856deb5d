import {
  emailNeedsReconfirmation,
  MESSAGES,
  type Reconfirmation,
  type UserFormValues,
  type WorkshopUser,
} from '@ateliermarkt/contract';
import { Alert, Button, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { askReconfirmation } from '../../../components/reconfirm-dialog.tsx';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useUpdateWorkshopUser, useWorkshopUser } from '../api/workshop-users.ts';
import { UserFormFields, useUserForm } from './user-form.tsx';

function valuesOf(user: WorkshopUser): UserFormValues {
  return {
    userName: user.userName,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    role: user.role,
    password: '',
    passwordConfirmation: '',
  };
}

/** UserEdit at /user/edit/{userId}, heading '<full name> wijzigen'. */
export function UserEditPage() {
  const { userId = '' } = useParams();
  const user = useWorkshopUser(userId);
  const me = useMyProfile();
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <LoadError error={user.error} onRetry={() => user.refetch()} />;
  return (
    <UserEditForm
      key={user.data.concurrencyStamp}
      user={user.data}
      isSelf={me.data?.id === user.data.id}
      onReload={() => user.refetch()}
    />
  );
}

function UserEditForm({ user, isSelf, onReload }: { user: WorkshopUser; isSelf: boolean; onReload: () => void }) {
  const update = useUpdateWorkshopUser();
  const navigate = useNavigate();
  const [stale, setStale] = useState<string | null>(null);
  const form = useUserForm('edit', valuesOf(user));

  const unsaved = useUnsavedChanges(form.isDirty());

  const save = (v: UserFormValues, reconfirmation: Reconfirmation = {}) =>
    new Promise<void>((resolve) =>
      update.mutate(
        {
          id: user.id,
          body: {
            name: v.name.trim(),
            surname: v.surname.trim(),
            email: v.email.trim(),
            phoneNumber: v.phoneNumber.trim() || null,
            roleNames: [v.role],
            password: v.password || null,
            concurrencyStamp: user.concurrencyStamp,
            ...reconfirmation,
          },
        },
        {
          onSuccess: () => {
            unsaved.release();
            notifySuccess(MESSAGES.userSaved);
            navigate('/');
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) {
              setStale(error.message);
              return;
            }
            form.showServerError(error);
          },
          onSettled: () => resolve(),
        },
      ),
    );

  // A new log-in e-mail address or password needs the admin's own password in the same request.
  const submit = form.onSubmit((v) => {
    if (v.password || emailNeedsReconfirmation(user.email, v.email)) askReconfirmation((r) => save(v, r));
    else void save(v);
  });

  return (
    <Stack maw={760} gap={0}>
      <PageHeader
        title={`${user.fullName || user.userName} wijzigen`}
        description={`Gebruikersnaam: ${user.userName}`}
      />
      {stale && (
        <Alert color="orange" title="Niet opgeslagen" mb="md" role="alert">
          <Stack gap="xs" align="flex-start">
            <span>{stale}</span>
            <Button size="xs" variant="light" color="orange" onClick={onReload}>
              Gegevens opnieuw laden
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={submit} aria-label="Gebruiker wijzigen">
          <UserFormFields
            form={form}
            mode="edit"
            isSelf={isSelf}
            submitLabel="Opslaan"
            pending={update.isPending}
            onCancel={() => navigate('/')}
          />
        </form>
      </Paper>
    </Stack>
  );
}
