import { handedOverText, MESSAGES } from '@ateliermarkt/contract';
import { Alert, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { notifyFailure } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useHandOverPickup, usePickup } from '../api/pickup.ts';

/**
 * Scan to hand over: the page the pick-up slip's QR code opens, on a phone at the counter. It shows
 * what the customer picks up and one large button that marks it picked up; once done it says when and by whom.
 */
export function PickupPage() {
  const token = useParams().token ?? '';
  const pickup = usePickup(token);
  const handOver = useHandOverPickup(token);
  // Handed over on this screen just now: a confirmation, not 'al meegegeven'.
  const [justHandedOver, setJustHandedOver] = useState(false);

  if (pickup.isPending) return <PageLoader />;
  if (pickup.isError) {
    if (pickup.error instanceof ApiError && pickup.error.status === 404)
      return (
        <Stack maw={560}>
          <PageHeader title={MESSAGES.pickupHeading} />
          <Alert color="red" role="alert">
            {MESSAGES.pickupNotFound}
          </Alert>
        </Stack>
      );
    return <LoadError error={pickup.error} onRetry={() => pickup.refetch()} />;
  }
  const view = pickup.data;
  return (
    <Stack maw={560} gap="md">
      <PageHeader
        title={MESSAGES.pickupHeading}
        description={`Bestelnummer ${view.orderNumber} · ${view.statusName}`}
      />
      <Card withBorder padding="lg">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {MESSAGES.pickupCustomer}
            </Title>
            <Text size="lg">{view.customerName}</Text>
            <Text c="dimmed">{view.customerEmail}</Text>
          </div>
          <div>
            <Title order={2} size="h4">
              {MESSAGES.pickupProducts}
            </Title>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {view.products.map((p) => (
                <Group component="li" key={p.name} gap="sm" wrap="nowrap">
                  {p.image && <Image src={p.image} alt={p.name} w={64} h={64} radius="sm" fit="cover" />}
                  <Text size="lg">
                    {p.quantity} x {p.name}
                  </Text>
                </Group>
              ))}
            </Stack>
          </div>
        </Stack>
      </Card>
      {view.handedOver ? (
        <Alert
          ref={(el) => {
            if (el && justHandedOver && !el.contains(document.activeElement)) el.focus();
          }}
          tabIndex={justHandedOver ? -1 : undefined}
          color="green"
          title={justHandedOver ? MESSAGES.pickupHandedOver : MESSAGES.pickupAlreadyHandedOver}
          role="status"
        >
          {handedOverText(view.handedOver)}
        </Alert>
      ) : view.mayHandOver ? (
        <Button
          size="xl"
          fullWidth
          loading={handOver.isPending}
          onClick={() =>
            handOver.mutate(undefined, {
              onSuccess: () => {
                // The confirmation below says it (a status, read aloud) and takes the focus from the button
                // it replaces; a notice beside it would say it twice and, on a phone, cover the heading.
                setJustHandedOver(true);
              },
              onError: (error) => notifyFailure(error, { fallback: MESSAGES.pickupHandOverFailed }),
            })
          }
        >
          {MESSAGES.pickupHandOver}
        </Button>
      ) : (
        <Alert color="orange" role="status">
          {view.refusal}
        </Alert>
      )}
    </Stack>
  );
}
