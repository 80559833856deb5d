import { formatEuro, fromCents, MONEY_FIGURE_LABELS as L, type StatementTotals } from '@ateliermarkt/contract';
import { Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';

/** `YYYY-MM` of now in the Netherlands, and the months before it (newest first). */
function recentMonths(count: number): string[] {
  const [y = 2026, m = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' })
    .format(new Date())
    .split('-')
    .map(Number);
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 7));
}

const monthLabel = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `november 2026` for `2026-11`. */
export const statementMonthLabel = (month: string) => monthLabel.format(new Date(`${month}-01T12:00:00Z`));

export const thisMonth = () => recentMonths(1)[0] as string;

export const euro = (cents: number) => formatEuro(fromCents(cents));

export type MonthPickerProps = { value: string; onChange: (month: string) => void };

/** The month of the statements: this month and the 23 before it. */
export function MonthPicker({ value, onChange }: MonthPickerProps) {
  const data = recentMonths(24).map((month) => ({ value: month, label: statementMonthLabel(month) }));
  return (
    <Select
      label="Maand"
      data={data}
      value={value}
      onChange={(month) => month && onChange(month)}
      allowDeselect={false}
      w={220}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export type TotalsSummaryProps = { totals: StatementTotals; title: string };

/**
 * The totals of a statement or a month, large, under the table (also on a phone, where the table is cards): the fee
 * without BTW, its BTW and with BTW; netto is what the workshop is paid (the dashboard's netto too).
 */
export function TotalsSummary({ totals, title }: TotalsSummaryProps) {
  const figures: [string, number][] = [
    [L.gross, totals.grossCents],
    [L.tax, totals.taxCents],
    [L.feeExcl, totals.feeCents],
    [L.feeVat, totals.feeVatCents],
    [L.feeIncl, totals.feeCents + totals.feeVatCents],
    [L.net, totals.netCents],
  ];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Text fw={700}>{title}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {figures.map(([label, cents]) => (
            <Group key={label} gap={6} justify="space-between" wrap="nowrap">
              <Text c="dimmed" fz="sm">
                {label}
              </Text>
              <Text fw={label.startsWith('Netto') ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {euro(cents)}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
