import { MESSAGES, type Reservation } from '@ateliermarkt/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { IconDownload } from '../../../components/icons.tsx';
import { notifyFailure } from '../../../components/notify.ts';
import { SelectionBar } from '../../../components/selection-bar.tsx';
import { downloadLabels } from '../api/reservation-mutations.ts';

export type ReservationLabelsBarProps = { selected: Reservation[]; onClear: () => void };

/** 'Labels downloaden' for the chosen paid reservations (only those rows can be chosen). */
export function ReservationLabelsBar({ selected, onClear }: ReservationLabelsBarProps) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadLabels(selected.map((r) => r.id))
      .catch((error) => notifyFailure(error, { title: 'Het downloaden is mislukt' }))
      .finally(() => setBusy(false));
  };
  return (
    <SelectionBar count={selected.length} onClear={onClear}>
      <Button size="xs" variant="default" leftSection={<IconDownload />} loading={busy} onClick={download}>
        {MESSAGES.labelsDownload}
      </Button>
    </SelectionBar>
  );
}
