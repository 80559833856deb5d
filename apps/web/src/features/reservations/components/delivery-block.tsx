import { formatEuro, MESSAGES, type Reservation, reservationTotals, STATUS } from '@ateliermarkt/contract';
import { Alert, Anchor, Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useDeliveryMethods } from '../../../lib/delivery-methods.ts';
import { useReservationCommand } from '../api/reservation-mutations.ts';

/** 'quantity x name (price)' and, while editable, a change of method and package count. */
export function DeliveryBlock({ reservation: r }: { reservation: Reservation }) {
  const [editing, setEditing] = useState(false);
  // The form replaces the 'Wijzigen' button and back: focus follows, so it never falls back to the page.
  const wasEditing = useRef(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const methodSelect = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) methodSelect.current?.focus();
    else if (wasEditing.current) changeButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const [methodId, setMethodId] = useState<string | null>(String(r.deliveryMethod.id));
  const [quantity, setQuantity] = useState<number | string>(r.deliveryMethod.quantity);
  const methods = useDeliveryMethods({ enabled: editing });
  const command = useReservationCommand();
  const count = typeof quantity === 'number' ? quantity : Number.parseInt(quantity, 10);
  // Sent only when a method is chosen and the quantity is not zero.
  const canSave = methodId !== null && Number.isInteger(count) && count > 0;

  const chosen =
    methods.data?.find((m) => String(m.id) === methodId) ??
    (methodId === String(r.deliveryMethod.id) ? r.deliveryMethod : null);

  // Awaiting payment, a changed delivery is a new quote: the customer gets it with a new payment link.
  const requotes = r.status.code === STATUS.awaitingPayment;
  const save = () => {
    if (!canSave) return;
    const changed = Number(methodId) !== r.deliveryMethod.id || count !== r.deliveryMethod.quantity;
    command.mutate(
      { kind: 'packages', id: r.id, deliveryMethodId: Number(methodId), quantity: count },
      {
        onSuccess: () => {
          if (requotes && changed) notifySuccess(MESSAGES.reservationRequoted, MESSAGES.reservationDeliveryChanged);
          else notifySuccess(MESSAGES.reservationDeliveryChanged);
          setEditing(false);
        },
        onError: (error) => notifyFailure(error, { title: MESSAGES.deliveryMethodNotSaved }),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Verzendmethode
      </Title>
      {!editing ? (
        <Group gap="xs">
          <Text>
            {r.deliveryMethod.quantity} x {r.deliveryMethod.name} ({formatEuro(r.deliveryMethod.price)})
          </Text>
          {r.mayEditReservation && (
            <Anchor ref={changeButton} component="button" type="button" size="sm" onClick={() => setEditing(true)}>
              Wijzigen
            </Anchor>
          )}
        </Group>
      ) : (
        <Stack gap="xs">
          <Select
            ref={methodSelect}
            label="Verzendmethode"
            data={(methods.data ?? []).map((m) => ({
              value: String(m.id),
              label: `${m.name} (${formatEuro(m.price)})`,
            }))}
            value={methodId}
            onChange={setMethodId}
            placeholder={methods.isPending ? 'Laden…' : 'Kies een verzendmethode'}
            allowDeselect={false}
          />
          <NumberInput
            label="Aantal pakketten"
            min={1}
            max={99}
            allowDecimal={false}
            value={quantity}
            onChange={setQuantity}
          />
          <QuotePreview reservation={r} method={chosen} quantity={canSave ? count : null} />
          <Alert color="yellow" variant="light">
            {MESSAGES.customerPaysWarning}
          </Alert>
          {requotes && (
            <Alert color="blue" variant="light">
              {MESSAGES.requoteWarning}
            </Alert>
          )}
          <Group>
            <Button size="sm" onClick={save} disabled={!canSave} loading={command.isPending}>
              {MESSAGES.save}
            </Button>
            <Button size="sm" variant="default" onClick={() => setEditing(false)}>
              {MESSAGES.cancel}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

type QuotePreviewProps = {
  reservation: Reservation;
  method: { id: number; name: string; price: number } | null;
  quantity: number | null;
};

/**
 * The new total while the delivery is being changed, before 'Opslaan' (and before any mail): the
 * contract's reservationTotals, the sum the server, the mail and the payment page make too.
 */
function QuotePreview({ reservation: r, method, quantity }: QuotePreviewProps) {
  if (!method || quantity === null) return null;
  const before = reservationTotals(r).total;
  const after = reservationTotals({ products: r.products, deliveryMethod: { ...method, quantity } });
  const changed = after.total !== before;
  const asked =
    r.status.code === STATUS.awaitingPayment
      ? changed
        ? `Na 'Opslaan' krijgt de klant een nieuwe betaallink voor ${formatEuro(after.total)}.`
        : `De klant betaalt ${formatEuro(after.total)}, zoals al gevraagd.`
      : r.status.code === STATUS.new
        ? `Bij goedkeuren vragen we de klant ${formatEuro(after.total)}.`
        : null;
  return (
    <Stack gap={2} role="status" aria-label="Nieuw totaal">
      <Text size="sm">
        Verzending: {quantity} x {method.name} = {formatEuro(after.delivery)}
      </Text>
      <Text size="sm" fw={600}>
        Nieuw totaal: {formatEuro(after.total)}
        {changed && (
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            (nu {formatEuro(before)})
          </Text>
        )}
      </Text>
      {asked && <Text size="sm">{asked}</Text>}
    </Stack>
  );
}
