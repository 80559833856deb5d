import { formatEuro, MESSAGES, type Reservation, reservationTotals } from '@ateliermarkt/contract';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { listQuery } from '../../../components/list-state.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { notifyFailure } from '../../../components/notify.ts';
import { useRoleKind } from '../../../lib/current-user.ts';
import { useReservation } from '../api/get-reservations.ts';
import { downloadLabel, downloadPickupSlip } from '../api/reservation-mutations.ts';
import { DeliveryBlock } from './delivery-block.tsx';
import { ReservationActions } from './reservation-actions.tsx';
import { ReservationHistory } from './reservation-history.tsx';
import { RESERVATION_LIST } from './reservation-list-url.ts';
import { ReservationPayment } from './reservation-payment.tsx';
import { ReservationProducts } from './reservation-products.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TrackAndTraceForm } from './track-and-trace-form.tsx';

export type ReservationDetailDialogProps = {
  id: string | undefined;
  onClose: () => void;
  /** After the dialog has gone: the page puts focus back when the row it came from is gone. */
  onClosed?: () => void;
};

/** The reservation as a dialog over the overview, at /reservations/{id}. */
export function ReservationDetailDialog({ id, onClose, onClosed }: ReservationDetailDialogProps) {
  const query = useReservation(id);
  const r = query.data;
  return (
    <Modal
      opened={Boolean(id)}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      size="xl"
      title={r ? `Reservering ${r.orderNumber}` : 'Reservering'}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      {query.isPending && (
        <Group justify="center" p="xl">
          <Loader role="status" aria-label="Reservering laden" />
        </Group>
      )}
      {query.isError && (
        <LoadError title="De reservering kon niet worden geladen" error={query.error} onRetry={() => query.refetch()} />
      )}
      {r && <ReservationDetail reservation={r} />}
    </Modal>
  );
}

/** The overview's 'Alle' tab searched for the customer's e-mail address: every reservation of that customer. */
function customerReservationsUrl(email: string): string {
  return `/reservations?${listQuery(RESERVATION_LIST, { tab: 'all', search: email })}`;
}

function ReservationDetail({ reservation: r }: { reservation: Reservation }) {
  const isSuperAdmin = useRoleKind() === 'superAdmin';
  const totals = reservationTotals(r);
  const download = (fn: () => Promise<void>, what: string) =>
    fn().catch((error) => notifyFailure(error, { title: `${what} is mislukt` }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Geplaatst op {r.creationTime}
            {isSuperAdmin ? ` · ${r.workspaceName}` : ''}
          </Text>
          {/* The customer's reservations with this workshop (all workshops for the super admin). */}
          <Anchor component={Link} to={customerReservationsUrl(r.email)} size="sm">
            Alle reserveringen van {r.name}
          </Anchor>
          <Group gap="xs">
            <Text size="sm">Status:</Text>
            <StatusBadge reservation={r} />
          </Group>
        </Stack>
        <ReservationActions reservation={r} size="sm" />
      </Group>

      <ReservationProducts reservation={r} />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="md">
          <DeliveryBlock reservation={r} />
          <TrackAndTraceForm reservation={r} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            Totaal
          </Title>
          <Table withRowBorders={false} verticalSpacing={4} aria-label="Totaal van de bestelling">
            <Table.Tbody>
              {r.products
                .filter((p) => p.isAvailable)
                .map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      {p.quantity} x {p.name}
                    </Table.Td>
                    <Table.Td ta="right">{formatEuro(p.price * p.quantity)}</Table.Td>
                  </Table.Tr>
                ))}
              <Table.Tr>
                <Table.Td>
                  {r.deliveryMethod.quantity} x {r.deliveryMethod.name}
                </Table.Td>
                <Table.Td ta="right">{formatEuro(totals.delivery)}</Table.Td>
              </Table.Tr>
              <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                <Table.Td fw={700}>Totaal</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatEuro(totals.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>

      {(r.showCustomerAddress || isSuperAdmin) && (
        <Stack gap={2}>
          <Title order={3} fz="md">
            Factuuradres
          </Title>
          <Text>{r.name}</Text>
          <Text>
            {r.street} {r.streetNumber}
          </Text>
          <Text>
            {r.zipCode} {r.city}
          </Text>
          <Anchor href={`mailto:${r.email}`}>{r.email}</Anchor>
        </Stack>
      )}

      {(r.favoriteColor || r.personalMessage) && (
        <Stack gap={4}>
          {r.favoriteColor && (
            <Text>
              <Text span fw={600}>
                Favoriete kleur:
              </Text>{' '}
              {r.favoriteColor}
            </Text>
          )}
          {r.personalMessage && (
            <Text>
              <Text span fw={600}>
                Persoonlijke boodschap:
              </Text>{' '}
              {r.personalMessage}
            </Text>
          )}
        </Stack>
      )}

      {r.willBeFetched && <Alert color="blue">{MESSAGES.willBeFetchedText}</Alert>}

      {r.isPaid && (
        <Group>
          {r.willShip && (
            <Button
              variant="default"
              onClick={() => download(() => downloadLabel(r.id, r.orderNumber), 'Het downloaden')}
            >
              Download verzendlabel
            </Button>
          )}
          {r.willBeFetched && (
            <Button
              variant="default"
              onClick={() => download(() => downloadPickupSlip(r.id, r.orderNumber), 'Het downloaden')}
            >
              Download ophaalbon
            </Button>
          )}
        </Group>
      )}
      <ReservationPayment reservation={r} />
      <Divider />
      <ReservationHistory reservationId={r.id} />
    </Stack>
  );
}
