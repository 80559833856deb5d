import { type Dashboard, formatDate, formatEuro } from '@ateliermarkt/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { monthName } from './month-figures.tsx';

export type NextPayoutProps = { payout: NonNullable<Dashboard['nextPayout']> };

/**
 * 'Volgende uitbetaling' (as Etsy shows the next deposit): what the workshop will be paid, from when, and
 * when the last payout went out. The amount is the statement's net, the one 'netto' of the app.
 */
export function NextPayout({ payout }: NextPayoutProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="volgende-uitbetaling">
      <Stack gap={4}>
        <Title order={2} fz="lg" id="volgende-uitbetaling">
          Volgende uitbetaling
        </Title>
        <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatEuro(payout.netCents / 100)}
        </Text>
        <Text size="sm">
          Je afrekening van {monthName(payout.month)}, uit te betalen vanaf {formatDate(payout.payableFrom)}.
        </Text>
        <Text size="xs" c="dimmed">
          Netto: je verkopen na btw en platformvergoeding, plus de verzendkosten die de klant betaalde.{' '}
          {payout.lastPayoutAt
            ? `Laatste uitbetaling: ${formatDate(payout.lastPayoutAt)}.`
            : 'Er is nog geen uitbetaling gedaan.'}
        </Text>
      </Stack>
    </Paper>
  );
}
