import { MESSAGES, type Profile, type UpdateProfile, updateProfileSchema } from '@ateliermarkt/contract';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useUpdateMyProfile } from '../api/update-my-profile.ts';

const FIELDS = ['name', 'surname', 'email', 'phoneNumber'] as const;

type ProfileFormValues = { name: string; surname: string; email: string; phoneNumber: string };

/** Spec 2.13: the user form without role, password and concurrency stamp. */
export function ProfileEditPage() {
  const profile = useMyProfile();
  if (!profile.data) return <PageLoader />;
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateMyProfile();
  const form = useForm<ProfileFormValues, UpdateProfile>({
    initialValues: {
      name: profile.name,
      surname: profile.surname,
      email: profile.email,
      phoneNumber: profile.phoneNumber ?? '',
    },
    validate: zodResolver(updateProfileSchema),
    transformValues: (values) => updateProfileSchema.parse(values),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        notifySuccess(MESSAGES.profileSaved);
        form.setInitialValues({
          name: saved.name,
          surname: saved.surname,
          email: saved.email,
          phoneNumber: saved.phoneNumber ?? '',
        });
      },
      onError: (error) => {
        applyServerFieldErrors(form, error, FIELDS);
        notifyFailure(error, { title: MESSAGES.profileNotSaved });
      },
    }),
  );

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
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="E-mailadres"
                type="email"
                autoComplete="email"
                withAsterisk
                {...form.getInputProps('email')}
              />
              <TextInput label="Telefoonnummer" type="tel" autoComplete="tel" {...form.getInputProps('phoneNumber')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Profiel opslaan
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
