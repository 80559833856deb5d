import { formatEuro, MESSAGES, type Reservation, reservationTotals, STATUS } from '@ateliermarkt/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useRoleKind } from '../../../lib/current-user.ts';
import { useReservation } from '../api/get-reservations.ts';
import { downloadLabel, downloadPickupSlip, useReservationCommand } from '../api/reservation-mutations.ts';
import { DeliveryBlock } from './delivery-block.tsx';
import { ReservationActions } from './reservation-actions.tsx';
import { ReservationHistory } from './reservation-history.tsx';
import { ReservationPayment } from './reservation-payment.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TrackAndTraceForm } from './track-and-trace-form.tsx';

export type ReservationDetailDialogProps = {
  id: string | undefined;
  onClose: () => void;
  /** After the dialog has gone: the page puts focus back when the row it came from is gone (issue 27.4). */
  onClosed?: () => void;
};

/** Spec 2.17: the reservation as a dialog over the overview, at /reservations/{id}. */
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
          <Group gap="xs">
            <Text size="sm">Status:</Text>
            <StatusBadge reservation={r} />
          </Group>
        </Stack>
        <ReservationActions reservation={r} size="sm" />
      </Group>

      <ProductsTable reservation={r} />

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

function ProductsTable({ reservation: r }: { reservation: Reservation }) {
  const command = useReservationCommand();
  // Awaiting payment, taking a product out is a new quote with a new payment link (issue 16.2), or, for the last
  // product, the rejection of the reservation.
  const awaitingPayment = r.status.code === STATUS.awaitingPayment;
  const remove = (productId: string, name: string) => {
    const last = r.products.every((p) => p.id === productId || !p.isAvailable);
    const requotes = awaitingPayment && !last;
    return openConfirmDialog({
      key: `remove-${r.id}-${productId}`,
      title: `${name} uit de reservering halen`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {MESSAGES.irreversibleWarning}. Het product telt daarna niet meer mee in deze reservering.
          </Text>
          {awaitingPayment && (
            <Text size="sm">{last ? MESSAGES.lastProductRejectsWarning : MESSAGES.requoteWarning}</Text>
          )}
        </Stack>
      ),
      confirmLabel: 'Uit de reservering halen',
      color: 'red',
      onConfirm: () =>
        command
          .mutateAsync({ kind: 'remove-product', id: r.id, productId })
          .then(() =>
            requotes
              ? notifySuccess(MESSAGES.reservationRequoted, MESSAGES.reservationProductRemoved(name))
              : notifySuccess(MESSAGES.reservationProductRemoved(name)),
          )
          .catch((error) => notifyFailure(error, { title: MESSAGES.saveFailedRetry })),
    });
  };

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Producten in de reservering">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nummer</Table.Th>
            <Table.Th>
              <VisuallyHidden>Afbeelding</VisuallyHidden>
            </Table.Th>
            <Table.Th>Naam</Table.Th>
            <Table.Th ta="right">Aantal</Table.Th>
            <Table.Th ta="right">Prijs</Table.Th>
            <Table.Th ta="right">Totaal</Table.Th>
            {r.mayEditReservation && (
              <Table.Th>
                <VisuallyHidden>Verwijderen</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.products.map((p) => (
            <Table.Tr
              key={p.id}
              // Greyed out with the dimmed text colour, not with opacity: it still reads at 4.5:1.
              style={
                p.isAvailable
                  ? undefined
                  : { color: 'var(--mantine-color-dimmed)', background: 'var(--mantine-color-gray-0)' }
              }
            >
              <Table.Td>{p.productNumber}</Table.Td>
              <Table.Td>
                {p.productImage ? <Image src={p.productImage} alt="" w={44} h={44} radius="sm" fit="cover" /> : null}
              </Table.Td>
              <Table.Td>
                <Tooltip
                  label={p.description || 'Geen beschrijving'}
                  multiline
                  w={280}
                  withArrow
                  events={{ hover: true, focus: true, touch: true }}
                >
                  <Text span tabIndex={0} style={{ textDecoration: p.isAvailable ? undefined : 'line-through' }}>
                    {p.name}
                  </Text>
                </Tooltip>
                {!p.isAvailable && (
                  <Text size="xs" c="dimmed">
                    Niet beschikbaar: telt niet mee
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{p.quantity}</Table.Td>
              <Table.Td ta="right">{formatEuro(p.price)}</Table.Td>
              <Table.Td ta="right">{formatEuro(p.price * p.quantity)}</Table.Td>
              {r.mayEditReservation && (
                <Table.Td>
                  {p.isAvailable && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${p.name} uit de reservering halen`}
                      onClick={() => remove(p.id, p.name)}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
