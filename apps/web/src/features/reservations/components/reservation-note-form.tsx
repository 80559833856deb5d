import { RESERVATION_NOTE_MAX } from '@ateliermarkt/contract';
import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useReservationCommand } from '../api/reservation-mutations.ts';

/**
 * An internal note for the reservation's timeline ('klant belde, haalt vrijdag op'). Only the workshop and
 * the super admin see it; the customer never does. After saving, the field is empty again and keeps the focus.
 */
export function ReservationNoteForm({ reservationId }: { reservationId: string }) {
  const [note, setNote] = useState('');
  const command = useReservationCommand();
  const text = note.trim();
  return (
    <form
      aria-label="Interne notitie toevoegen"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text) return;
        command.mutate(
          { kind: 'note', id: reservationId, note: text },
          {
            onSuccess: () => {
              setNote('');
              notifySuccess('De notitie is toegevoegd');
            },
            onError: (error) => notifyFailure(error, { title: 'De notitie is niet toegevoegd' }),
          },
        );
      }}
    >
      <Textarea
        label="Interne notitie"
        description="Alleen voor het atelier en de platformbeheerder, nooit voor de klant. Bijvoorbeeld: klant belde, haalt vrijdag op."
        autosize
        minRows={2}
        maxRows={6}
        maxLength={RESERVATION_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Group justify="flex-end" mt="xs">
        <Button type="submit" variant="light" size="sm" disabled={!text} loading={command.isPending}>
          Notitie toevoegen
        </Button>
      </Group>
    </form>
  );
}
