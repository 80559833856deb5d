import { type RoleName, type UserFormValues, userFormSchema } from '@ateliermarkt/contract';
import { PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { useRoles } from '../api/get-roles.ts';

export const ROLE_LABELS: Record<RoleName, string> = { admin: 'Beheerder', user: 'Gebruiker' };
export const USER_FORM_FIELDS = [
  'userName',
  'name',
  'surname',
  'email',
  'phoneNumber',
  'role',
  'password',
  'passwordConfirmation',
] as const;

export type UserFormMode = 'add' | 'edit';
export type UserForm = UseFormReturnType<UserFormValues>;

export function userFormResolver(mode: UserFormMode) {
  const schema = userFormSchema(mode);
  return (values: UserFormValues) => {
    const result = schema.safeParse(values);
    const errors: Record<string, string> = {};
    if (!result.success)
      for (const issue of result.error.issues) {
        const key = issue.path.map(String).join('.');
        if (!(key in errors)) errors[key] = issue.message;
      }
    return errors;
  };
}

export type UserFormFieldsProps = {
  form: UserForm;
  mode: UserFormMode;
  /** The own account: the role cannot be changed. */
  isSelf?: boolean;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
};

/** The user form: the user name is fixed once the user exists; the password may stay empty on edit. */
export function UserFormFields({ form, mode, isSelf, submitLabel, pending, onCancel }: UserFormFieldsProps) {
  const roles = useRoles();
  const roleData = (
    roles.data ?? [
      { id: 'admin', name: 'admin' as const },
      { id: 'user', name: 'user' as const },
    ]
  ).map((r) => ({ value: r.name, label: ROLE_LABELS[r.name] }));
  return (
    <Stack gap="md">
      <TextInput
        label="Gebruikersnaam"
        withAsterisk={mode === 'add'}
        readOnly={mode === 'edit'}
        variant={mode === 'edit' ? 'filled' : 'default'}
        description={mode === 'edit' ? 'De gebruikersnaam kan niet worden gewijzigd.' : undefined}
        autoComplete="off"
        {...form.getInputProps('userName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Voornaam" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Achternaam" withAsterisk {...form.getInputProps('surname')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="E-mailadres" type="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label="Telefoonnummer" type="tel" {...form.getInputProps('phoneNumber')} />
      </SimpleGrid>
      <Select
        label="Rol"
        data={roleData}
        allowDeselect={false}
        withAsterisk
        disabled={isSelf}
        description={isSelf ? 'Je kunt je eigen rol niet wijzigen.' : undefined}
        {...form.getInputProps('role')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label="Wachtwoord"
          withAsterisk={mode === 'add'}
          autoComplete="new-password"
          description={
            mode === 'edit'
              ? 'Laat leeg om het wachtwoord te houden.'
              : 'Minimaal 8 tekens, met een cijfer, een letter en een speciaal teken.'
          }
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Wachtwoord bevestigen"
          withAsterisk={mode === 'add'}
          autoComplete="new-password"
          {...form.getInputProps('passwordConfirmation')}
        />
      </SimpleGrid>
      <FormButtons onCancel={onCancel} saving={pending} submitLabel={submitLabel} mt="sm" />
    </Stack>
  );
}
