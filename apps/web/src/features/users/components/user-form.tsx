import { type RoleName, type UserFormValues, userFormSchema } from '@ateliermarkt/contract';
import { PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { useSchemaForm } from '../../../components/schema-form.ts';
import { useRoles } from '../api/get-roles.ts';

export const ROLE_LABELS: Record<RoleName, string> = { admin: 'Beheerder', user: 'Gebruiker' };

export type UserFormMode = 'add' | 'edit';
export type UserForm = UseFormReturnType<UserFormValues>;

/** The user form on the contract's schema; the server names the role `roleNames` (a list of one). */
export function useUserForm(mode: UserFormMode, initialValues: UserFormValues) {
  return useSchemaForm<UserFormValues>({
    schema: userFormSchema(mode),
    initialValues,
    fieldOf: (path) => (path.toLowerCase().startsWith('rolenames') ? 'role' : path),
  });
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
