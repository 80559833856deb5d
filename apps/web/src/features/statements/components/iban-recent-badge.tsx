import {
  formatDateTime,
  formatIban,
  IBAN_RECENT_DAYS,
  ibanChangedRecently,
  MESSAGES,
  type PayoutTransfer,
} from '@ateliermarkt/contract';
import { Alert, Badge, Group, List, Text } from '@mantine/core';

/**
 * 'IBAN recent gewijzigd' beside a transfer whose account changed in the last 14 days (docs/decisions/0038): a
 * stolen workshop session could have redirected the payout, so the super admin checks before paying. Nothing for an
 * older or unknown change. For a row of the transfers' table.
 */
export function IbanRecentBadge({ changedAt, now }: { changedAt: string | null; now?: Date }) {
  if (!changedAt || !ibanChangedRecently(changedAt, now)) return null;
  return (
    <Badge
      color="yellow"
      variant="filled"
      c="dark.8"
      radius="sm"
      tt="none"
      title={MESSAGES.ibanChangedOn(formatDateTime(changedAt))}
    >
      {MESSAGES.ibanRecentlyChanged}
    </Badge>
  );
}

/** The month's transfers whose account changed recently, each with its badge, when and the IBAN it pays to. */
export function RecentIbanChanges({
  transfers,
  now,
}: {
  transfers: readonly PayoutTransfer[] | undefined;
  now?: Date;
}) {
  const recent = (transfers ?? []).filter((t) => ibanChangedRecently(t.ibanChangedAt, now));
  if (recent.length === 0) return null;
  return (
    <Alert color="yellow" variant="light">
      <Text fz="sm" mb="xs">
        {MESSAGES.payoutsIbanRecentIntro(IBAN_RECENT_DAYS)}
      </Text>
      <List spacing={4} fz="sm">
        {recent.map((t) => (
          <List.Item key={t.tenantId}>
            <Group gap="xs" wrap="wrap">
              <Text fz="sm" fw={600}>
                {t.workshopName}
              </Text>
              <IbanRecentBadge changedAt={t.ibanChangedAt} now={now} />
              <Text fz="sm">
                {formatIban(t.iban)} · {MESSAGES.ibanChangedOn(formatDateTime(t.ibanChangedAt as string))}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
