import { MESSAGES, mayEdit, type Reservation, reservationStateOf } from '@ateliermarkt/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useReservationCommand } from '../api/reservation-mutations.ts';

/** The track & trace code with its own save. */
export function TrackAndTraceForm({ reservation: r }: { reservation: Reservation }) {
  const [value, setValue] = useState(r.trackAndTrace ?? '');
  const command = useReservationCommand();
  const changed = value.trim() !== (r.trackAndTrace ?? '');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        command.mutate(
          { kind: 'track-and-trace', id: r.id, trackAndTrace: value.trim() },
          {
            onSuccess: () => notifySuccess('De track & trace is opgeslagen'),
            onError: (error) => notifyFailure(error, { title: MESSAGES.trackAndTraceNotSaved }),
          },
        );
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Track & Trace"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
          disabled={!mayEdit(reservationStateOf(r), 'trackAndTrace')}
        />
        <Button type="submit" variant="light" disabled={!changed} loading={command.isPending}>
          {MESSAGES.save}
        </Button>
      </Group>
    </form>
  );
}
