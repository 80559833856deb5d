import { formatEuro, MESSAGES, type Reservation, STATUS } from '@ateliermarkt/contract';
import { ActionIcon, Group, Image, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useMedia } from '../../../lib/use-media.ts';
import { useReservationCommand } from '../api/reservation-mutations.ts';

type ReservationProduct = Reservation['products'][number];
type RemoveProduct = (productId: string, name: string) => void;

/**
 * The products of a reservation: a table from a tablet up; on a phone one card per product, so the
 * remove button needs no sideways swipe. Awaiting payment, taking a product out is a new quote with a
 * new payment link, or, for the last product, the rejection of the reservation.
 */
export function ReservationProducts({ reservation: r }: { reservation: Reservation }) {
  const command = useReservationCommand();
  const phone = useMedia('(max-width: 47.99em)');
  const awaitingPayment = r.status.code === STATUS.awaitingPayment;
  const remove: RemoveProduct = (productId, name) => {
    const last = r.products.every((p) => p.id === productId || !p.isAvailable);
    const requotes = awaitingPayment && !last;
    openConfirmDialog({
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
  const onRemove = r.mayEditReservation ? remove : undefined;
  return phone ? (
    <ProductCards products={r.products} onRemove={onRemove} />
  ) : (
    <ProductTable products={r.products} onRemove={onRemove} />
  );
}

type ProductsProps = { products: ReservationProduct[]; onRemove: RemoveProduct | undefined };

// Greyed out with the dimmed text colour, not with opacity: it still reads at 4.5:1.
const unavailableStyle = { color: 'var(--mantine-color-dimmed)', background: 'var(--mantine-color-gray-0)' };

function ProductName({ product: p }: { product: ReservationProduct }) {
  return (
    <>
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
    </>
  );
}

function RemoveButton({ product: p, onRemove }: { product: ReservationProduct; onRemove: RemoveProduct }) {
  if (!p.isAvailable) return null;
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`${p.name} uit de reservering halen`}
      onClick={() => onRemove(p.id, p.name)}
    >
      ×
    </ActionIcon>
  );
}

function ProductCards({ products, onRemove }: ProductsProps) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label="Producten in de reservering" style={{ listStyle: 'none' }}>
      {products.map((p) => (
        <Paper
          component="li"
          key={p.id}
          withBorder
          radius="md"
          p="xs"
          style={p.isAvailable ? undefined : unavailableStyle}
        >
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {p.productImage && <Image src={p.productImage} alt="" w={44} h={44} radius="sm" fit="cover" />}
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <ProductName product={p} />
              <Text size="sm" c="dimmed">
                Nummer {p.productNumber} · {p.quantity} x {formatEuro(p.price)}
              </Text>
              <Text size="sm" fw={600}>
                Totaal {formatEuro(p.price * p.quantity)}
              </Text>
            </Stack>
            {onRemove && <RemoveButton product={p} onRemove={onRemove} />}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function ProductTable({ products, onRemove }: ProductsProps) {
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
            {onRemove && (
              <Table.Th>
                <VisuallyHidden>Verwijderen</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={p.id} style={p.isAvailable ? undefined : unavailableStyle}>
              <Table.Td>{p.productNumber}</Table.Td>
              <Table.Td>
                {p.productImage ? <Image src={p.productImage} alt="" w={44} h={44} radius="sm" fit="cover" /> : null}
              </Table.Td>
              <Table.Td>
                <ProductName product={p} />
              </Table.Td>
              <Table.Td ta="right">{p.quantity}</Table.Td>
              <Table.Td ta="right">{formatEuro(p.price)}</Table.Td>
              <Table.Td ta="right">{formatEuro(p.price * p.quantity)}</Table.Td>
              {onRemove && (
                <Table.Td>
                  <RemoveButton product={p} onRemove={onRemove} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
