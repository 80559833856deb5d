import {
  emailNeedsReconfirmation,
  MESSAGES,
  type Profile,
  type Reconfirmation,
  type UpdateProfile,
  updateProfileSchema,
} from '@ateliermarkt/contract';
import { Paper, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { EmailPhoneFields } from '../../../components/contact-fields.tsx';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { askReconfirmation } from '../../../components/reconfirm-dialog.tsx';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useUpdateMyProfile } from '../api/update-my-profile.ts';

type ProfileFormValues = {
  name: string;
  surname: string;
  email: string;
  phoneNumber: string;
  emailNotifications: boolean;
};

const formValues = (p: Profile): ProfileFormValues => ({
  name: p.name,
  surname: p.surname,
  email: p.email,
  phoneNumber: p.phoneNumber ?? '',
  emailNotifications: p.emailNotifications,
});

/** The user form without role, password and concurrency stamp. */
export function ProfileEditPage() {
  const profile = useMyProfile();
  if (!profile.data) return <PageLoader />;
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateMyProfile();
  // The workshop's mails about reservations go to its admins only.
  const getsWorkshopMail = profile.tenant !== null && profile.roles.includes('admin');
  const form = useSchemaForm<ProfileFormValues, UpdateProfile>({
    schema: updateProfileSchema,
    initialValues: formValues(profile),
    transformValues: (values) => updateProfileSchema.parse(values),
  });

  const unsaved = useUnsavedChanges(form.isDirty());

  const save = (values: UpdateProfile, reconfirmation: Reconfirmation = {}) =>
    new Promise<void>((resolve) =>
      update.mutate(
        { ...values, ...reconfirmation },
        {
          onSuccess: (saved) => {
            unsaved.release();
            notifySuccess(MESSAGES.profileSaved);
            form.setInitialValues(formValues(saved));
          },
          onError: (error) => form.showServerError(error, { title: MESSAGES.profileNotSaved }),
          onSettled: () => resolve(),
        },
      ),
    );

  // A new log-in e-mail address needs the current password in the same request.
  const submit = form.onSubmit((values) => {
    if (emailNeedsReconfirmation(profile.email, values.email)) askReconfirmation((r) => save(values, r));
    else void save(values);
  });

  return (
    <Stack maw={720}>
      <PageHeader title="Profiel wijzigen" description="Je naam en contactgegevens." />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={submit} aria-label="Profiel wijzigen">
          <Stack gap="md">
            <TextInput
              label="Gebruikersnaam"
              value={profile.userName}
              readOnly
              description="Je gebruikersnaam kan niet worden gewijzigd."
              variant="filled"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Voornaam" autoComplete="given-name" withAsterisk {...form.getInputProps('name')} />
              <TextInput
                label="Achternaam"
                autoComplete="family-name"
                withAsterisk
                {...form.getInputProps('surname')}
              />
            </SimpleGrid>
            <EmailPhoneFields email={form.getInputProps('email')} phone={form.getInputProps('phoneNumber')} />
            {getsWorkshopMail && (
              <Switch
                label={MESSAGES.emailNotificationsLabel}
                description={MESSAGES.emailNotificationsDescription}
                {...form.getInputProps('emailNotifications', { type: 'checkbox' })}
              />
            )}
            <FormButtons saving={update.isPending} submitLabel="Profiel opslaan" />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
