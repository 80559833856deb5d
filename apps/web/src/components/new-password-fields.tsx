import { MESSAGES } from '@ateliermarkt/contract';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export type NewPasswordFieldsProps = {
  /** The form's `getInputProps`; its values have `newPassword` and `newPasswordRepeat`. */
  inputProps: (field: 'newPassword' | 'newPasswordRepeat') => GetInputPropsReturnType;
};

/** A new password and its repetition, with the password rules as the hint: setting one after a reset or changing it. */
export function NewPasswordFields({ inputProps }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="Nieuw wachtwoord"
        description={MESSAGES.passwordHint}
        autoComplete="new-password"
        {...inputProps('newPassword')}
      />
      <PasswordInput
        label="Herhaal nieuw wachtwoord"
        autoComplete="new-password"
        {...inputProps('newPasswordRepeat')}
      />
    </>
  );
}
