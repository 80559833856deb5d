import { MESSAGES } from '@ateliermarkt/contract';
import { Button, Group, type MantineSpacing } from '@mantine/core';

export type FormButtonsProps = {
  onCancel: () => void;
  saving: boolean;
  submitLabel?: string;
  mt?: MantineSpacing;
};

/** The foot of a form in a dialog or page: 'Annuleren', then the submit button ('Opslaan' unless told). */
export function FormButtons({ onCancel, saving, submitLabel = MESSAGES.save, mt }: FormButtonsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {MESSAGES.cancel}
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
