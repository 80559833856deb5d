import { formatEuro, type MonthFigures } from '@ateliermarkt/contract';
import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import classes from './dashboard.module.css';

const MONTH_NAMES = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-11` → `november 2026`. */
export function monthName(month: string): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return MONTH_NAMES.format(new Date(Date.UTC(year, m - 1, 1)));
}

export type MonthFiguresTableProps = { thisMonth: MonthFigures; lastMonth: MonthFigures; marketplace: boolean };

/** This and last month side by side: reservations, paid revenue and the price calculation's split of it. */
export function MonthFiguresTable({ thisMonth, lastMonth, marketplace }: MonthFiguresTableProps) {
  const rows: [string, (m: MonthFigures) => string][] = [
    ['Reserveringen', (m) => String(m.reservations)],
    ['Betaalde omzet', (m) => formatEuro(m.revenue)],
    ['Btw', (m) => formatEuro(m.vat)],
    ['Platformvergoeding', (m) => formatEuro(m.platformFee)],
    // Not 'netto' alone: the statement's and the payout's net also holds the delivery costs.
    [marketplace ? 'Netto producten voor de ateliers' : 'Netto producten', (m) => formatEuro(m.net)],
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="lg" mb={4} id="kerncijfers">
        Kerncijfers
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Omzet van betaalde producten (zonder verzendkosten en retouren). Wat je wordt uitbetaald staat op je afrekening:
        daar tellen de verzendkosten mee.
      </Text>
      <Table aria-labelledby="kerncijfers" verticalSpacing={6} horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>Cijfer</VisuallyHidden>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Deze maand
              <Text span display="block" size="xs" c="dimmed" fw={400}>
                {monthName(thisMonth.month)}
              </Text>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Vorige maand
              <Text span display="block" size="xs" c="dimmed" fw={400}>
                {monthName(lastMonth.month)}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td ta="right" className={classes.number} fw={600}>
                {value(thisMonth)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number} c="dimmed">
                {value(lastMonth)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
