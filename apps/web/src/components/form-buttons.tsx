import { MESSAGES } from '@ateliermarkt/contract';
import { Button, Group, type MantineSpacing } from '@mantine/core';

export type FormButtonsProps = {
  /** Leave it out where the form has no way back but the navigation (a page of its own). */
  onCancel?: () => void;
  saving: boolean;
  submitLabel?: string;
  mt?: MantineSpacing;
};

/** The foot of a form in a dialog or page: 'Annuleren' (with `onCancel`), then the submit button ('Opslaan' unless told). */
export function FormButtons({ onCancel, saving, submitLabel = MESSAGES.save, mt }: FormButtonsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {MESSAGES.cancel}
        </Button>
      )}
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
