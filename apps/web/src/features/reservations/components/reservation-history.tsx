import {
  formatDateTime,
  HISTORY_MAIL_STATES,
  type HistoryMailState,
  type ReservationHistoryEntry,
} from '@ateliermarkt/contract';
import { Alert, Badge, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReservationHistory } from '../api/get-reservation-history.ts';
import { ReservationNoteForm } from './reservation-note-form.tsx';

export type ReservationHistoryProps = { reservationId: string };

/** Delivered calmly, waiting in amber, failed in red. */
const MAIL_STATE_COLORS: Record<HistoryMailState, string> = { sent: 'green', waiting: 'yellow', failed: 'red' };

const isMail = (e: ReservationHistoryEntry) => e.event === 'mailCustomer' || e.event === 'mailWorkshop';
const isNote = (e: ReservationHistoryEntry) => e.event === 'note';

/** The reservation's timeline in the detail dialog — when, who, from which status to which, each mail. */
export function ReservationHistory({ reservationId }: ReservationHistoryProps) {
  const history = useReservationHistory(reservationId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="reservation-history-title">
      <Title order={3} fz="md" id="reservation-history-title">
        Geschiedenis
      </Title>
      {history.isPending && <Loader size="sm" role="status" aria-label="Geschiedenis laden" />}
      {history.isError && (
        <Alert color="red" title="De geschiedenis kon niet worden geladen">
          {errorMessage(history.error)}
        </Alert>
      )}
      {history.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Van deze reservering is nog geen geschiedenis vastgelegd.
        </Text>
      )}
      {history.data && history.data.length > 0 && (
        <Timeline active={history.data.length - 1} bulletSize={14} lineWidth={2}>
          {history.data.map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={
                <Text size="sm" fw={isMail(entry) || isNote(entry) ? 400 : 600} style={{ whiteSpace: 'pre-line' }}>
                  {entry.description}
                </Text>
              }
              lineVariant={isMail(entry) ? 'dashed' : 'solid'}
              color={isNote(entry) ? 'gray' : undefined}
            >
              {entry.mailState && (
                <Badge size="sm" variant="light" color={MAIL_STATE_COLORS[entry.mailState]} tt="none" mt={2}>
                  {HISTORY_MAIL_STATES[entry.mailState]}
                </Badge>
              )}
              {statusChange(entry) && <Text size="sm">{statusChange(entry)}</Text>}
              <Text size="sm" c="dimmed">
                {formatDateTime(entry.time)} · {entry.actor}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <ReservationNoteForm reservationId={reservationId} />
    </Stack>
  );
}

function statusChange(entry: ReservationHistoryEntry): string | null {
  if (!entry.toStatus) return null;
  return entry.fromStatus ? `${entry.fromStatus.name} → ${entry.toStatus.name}` : `→ ${entry.toStatus.name}`;
}
