import {
  formatDateTime,
  formatEuro,
  PAYMENT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  type Reservation,
  ROUTE_STATUS_TEXT,
} from '@ateliermarkt/contract';
import { Alert, Anchor, Button, Checkbox, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRoleKind } from '../../../lib/current-user.ts';
import { useRefundReservation, useReservationMoney } from '../api/reservation-money.ts';

export type ReservationPaymentProps = { reservation: Reservation };

const euro = (cents: number) => formatEuro(cents / 100);

/**
 * In the detail dialog, the payment at Mollie, the workshop's share (routed or waiting) and the refunds;
 * the super admin refunds a paid reservation wholly or per line with a reason. Shown only when there is something to
 * show: with the demo provider and no refund, the dialog stays as it was.
 */
export function ReservationPayment({ reservation: r }: ReservationPaymentProps) {
  const money = useReservationMoney(r.id);
  const superAdmin = useRoleKind() === 'superAdmin';
  if (money.isPending) return <Loader size="sm" role="status" aria-label="Betaling laden" />;
  if (money.isError)
    return (
      <Alert color="red" title="De betaling kon niet worden geladen">
        {errorMessage(money.error)}
      </Alert>
    );
  const m = money.data;
  const visible = m.provider === 'mollie' || m.refunds.length > 0 || (superAdmin && r.isPaid);
  if (!visible) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="reservation-payment-title">
      <Title order={3} fz="md" id="reservation-payment-title">
        Betaling
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {m.payment && (
            <Table.Tr>
              <Table.Th w="40%">Mollie</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {PAYMENT_STATUS_TEXT[m.payment.status]} · {euro(m.payment.amountCents)}
                {m.payment.providerPaymentId && (
                  <Text size="xs" c="dimmed">
                    {m.payment.providerPaymentId}
                  </Text>
                )}
                {m.payment.status === 'open' && m.payment.checkoutUrl && (
                  <Anchor href={m.payment.checkoutUrl} target="_blank" rel="noopener" size="sm">
                    Betaallink van de klant
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          )}
          {m.route && (
            <Table.Tr>
              <Table.Th>Naar het atelier</Table.Th>
              <Table.Td>
                {ROUTE_STATUS_TEXT[m.route.status]} · {euro(m.route.amountCents)}
                {m.route.routedAt && (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(m.route.routedAt)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          )}
          {m.refunds.map((refund) => (
            <Table.Tr key={refund.id}>
              <Table.Th>Terugbetaling</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {REFUND_STATUS_TEXT[refund.status]} · {euro(refund.amountCents)}
                <Text size="xs" c="dimmed">
                  {formatDateTime(refund.createdAt)} · {refund.reason}
                </Text>
                {refund.lastError && (
                  <Text size="xs" c="red.8">
                    Laatste poging mislukt: {refund.lastError}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {!m.payment && !m.route && m.refunds.length === 0 && (
            <Table.Tr>
              <Table.Th w="40%">Betaald</Table.Th>
              <Table.Td>
                {m.provider === 'demo'
                  ? 'Via de demo-betaalpagina; terugbetalen gebeurt met de hand'
                  : 'Nog geen betaling'}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {superAdmin && r.isPaid && <RefundForm reservation={r} />}
    </Stack>
  );
}

function RefundForm({ reservation: r }: ReservationPaymentProps) {
  const refund = useRefundReservation();
  const [lines, setLines] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const available = r.products.filter((p) => p.isAvailable);
  const ask = () =>
    openConfirmDialog({
      key: `refund-${r.id}`,
      title: lines.length === 0 ? 'Hele reservering terugbetalen' : 'Gekozen regels terugbetalen',
      confirmLabel: 'Terugbetalen',
      color: 'red',
      children: (
        <Text size="sm">
          De klant krijgt het geld terug en een e-mail met de reden. Dit kan niet ongedaan worden gemaakt.
        </Text>
      ),
      onConfirm: () =>
        refund
          .mutateAsync({ id: r.id, reason, ...(lines.length > 0 ? { lines } : {}) })
          .then((result) => {
            notifySuccess(`${euro(result.amountCents)} wordt terugbetaald.`);
            setLines([]);
            setReason('');
          })
          .catch((error: unknown) => notifyFailure(error, { title: 'Terugbetalen is niet gelukt' })),
    });
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label="Terugbetalen (niets gekozen: de hele reservering met verzendkosten)"
        value={lines}
        onChange={setLines}
      >
        <Stack gap={4} mt={4}>
          {available.map((p) => (
            <Checkbox
              key={p.id}
              value={p.id}
              label={`${p.quantity} x ${p.name} (${formatEuro(p.price * p.quantity)})`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label="Reden"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={500}
        required
      />
      <div>
        <Button variant="default" color="red" onClick={ask} disabled={reason.trim() === ''}>
          Terugbetalen
        </Button>
      </div>
    </Stack>
  );
}
