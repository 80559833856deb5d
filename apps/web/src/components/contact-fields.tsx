import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export type EmailPhoneFieldsProps = {
  /** The form's input props of the (required) e-mail address and of the phone number. */
  email: GetInputPropsReturnType;
  phone: GetInputPropsReturnType;
};

/** An e-mail address and a phone number side by side: a person's or a workshop's contact. */
export function EmailPhoneFields({ email, phone }: EmailPhoneFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="E-mailadres" type="email" autoComplete="email" withAsterisk {...email} />
      <TextInput label="Telefoonnummer" type="tel" autoComplete="tel" {...phone} />
    </SimpleGrid>
  );
}

/** A Chamber of Commerce (KVK) number, eight digits: a workshop's or the platform's. */
export function KvkNumberInput(props: TextInputProps) {
  return <TextInput inputMode="numeric" description="8 cijfers" autoComplete="off" {...props} />;
}

/** A VAT identification number: a workshop's or the platform's. */
export function VatIdInput(props: TextInputProps) {
  return <TextInput description="Bijvoorbeeld NL123456789B01" autoComplete="off" spellCheck={false} {...props} />;
}
