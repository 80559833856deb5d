/**
 * The dashboard's two charts (Mantine's own, on recharts), in their own chunk: the home loads them with React.lazy, so
 * neither the log-in screen nor the rest of the app downloads recharts. Each chart is a figure with a title and the
 * same numbers as a table for screen readers; the drawing itself is hidden from them.
 */
import '@mantine/charts/styles.css';
import { type Dashboard, formatEuro } from '@ateliermarkt/contract';
import { BarChart } from '@mantine/charts';
import { Box, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import classes from './dashboard.module.css';
import { monthName } from './month-figures.tsx';

const shortDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('nl-NL', { month: 'short', timeZone: 'UTC' });
const weekLabel = (weekStart: string) => shortDate.format(new Date(`${weekStart}T00:00:00Z`));
const monthLabel = (month: string) => shortMonth.format(new Date(`${month}-01T00:00:00Z`)).replace('.', '');

type ChartFigureProps = {
  title: string;
  caption: string;
  empty: string | null;
  columns: [string, string];
  rows: [string, string][];
  children: React.ReactNode;
};

function ChartFigure({ title, caption, empty, columns, rows, children }: ChartFigureProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id}>
      <Title order={3} fz="lg" id={id}>
        {title}
      </Title>
      <Text component="figcaption" size="xs" c="dimmed" mb="sm">
        {caption}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {empty}
        </Text>
      ) : (
        <Box aria-hidden="true" className={classes.chart}>
          {children}
        </Box>
      )}
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}

export type DashboardChartsProps = Pick<Dashboard, 'reservationsPerWeek' | 'revenuePerMonth'>;

export function DashboardCharts({ reservationsPerWeek, revenuePerMonth }: DashboardChartsProps) {
  const weeks = reservationsPerWeek.map((w) => ({ week: weekLabel(w.weekStart), Reserveringen: w.reservations }));
  const months = revenuePerMonth.map((m) => ({ month: monthLabel(m.month), Omzet: m.revenue }));
  const noReservations = reservationsPerWeek.every((w) => w.reservations === 0);
  const noRevenue = revenuePerMonth.every((m) => m.revenue === 0);
  return (
    <>
      <ChartFigure
        title="Reserveringen per week"
        caption="De afgelopen 12 weken, per week vanaf maandag."
        empty={noReservations ? 'Nog geen reserveringen in de afgelopen 12 weken.' : null}
        columns={['Week vanaf', 'Reserveringen']}
        rows={reservationsPerWeek.map((w) => [weekLabel(w.weekStart), String(w.reservations)])}
      >
        <BarChart
          h={240}
          data={weeks}
          dataKey="week"
          series={[{ name: 'Reserveringen', color: 'terracotta.6' }]}
          yAxisProps={{ allowDecimals: false }}
          tickLine="none"
          withTooltip={false}
          barChartProps={{ accessibilityLayer: false }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
        />
      </ChartFigure>
      <ChartFigure
        title="Productomzet per maand"
        caption="Betaalde producten van de afgelopen 12 maanden, zonder verzendkosten en retouren."
        empty={noRevenue ? 'Nog geen betaalde omzet in de afgelopen 12 maanden.' : null}
        columns={['Maand', 'Omzet']}
        rows={revenuePerMonth.map((m) => [monthName(m.month), formatEuro(m.revenue)])}
      >
        <BarChart
          h={240}
          data={months}
          dataKey="month"
          series={[{ name: 'Omzet', color: 'stone.6' }]}
          valueFormatter={(value) => formatEuro(value).replace(/,00$/, '')}
          tickLine="none"
          withTooltip={false}
          barChartProps={{ accessibilityLayer: false }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 4 }}
          yAxisProps={{ width: 72 }}
        />
      </ChartFigure>
    </>
  );
}

export default DashboardCharts;
