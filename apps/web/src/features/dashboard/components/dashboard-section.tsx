import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { lazy, type Ref, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import type { DashboardChartsProps } from './dashboard-charts.tsx';
import { MonthFiguresTable } from './month-figures.tsx';
import { NextPayout } from './next-payout.tsx';
import { TodoCards, type TodoCardsProps } from './todo-cards.tsx';
import { TopProducts } from './top-products.tsx';
import { WorkshopBreakdown } from './workshop-breakdown.tsx';

// recharts is large: its own chunk, loaded only here (the log-in budget of scripts/initial-size.ts), and only when
// the charts come near the screen (see useNearScreen).
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

function ChartPlaceholder({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <Paper withBorder radius="md" p="md" ref={ref}>
      <Skeleton height={20} width="50%" mb="sm" />
      <Skeleton height={276} />
    </Paper>
  );
}

export type DashboardSectionProps = {
  /** The super admin's view: the whole marketplace, with the breakdown per workshop. */
  marketplace: boolean;
  todoExtraCard?: TodoCardsProps['extraCard'];
};

/**
 * Whether the element of `ref` has come within half a screen of the viewport (and stays so once it has). The
 * charts are below the first screenful on every device: loading recharts and drawing them while the page starts
 * made the home's longest tasks (docs/decisions/0076); now they are drawn when the person scrolls towards them,
 * in place of placeholders of the same size. Without IntersectionObserver (jsdom) they are drawn at once.
 */
function useNearScreen(): { ref: (element: HTMLDivElement | null) => void; near: boolean } {
  const observable = typeof IntersectionObserver !== 'undefined';
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: '50% 0px' });
  const [near, setNear] = useState(!observable);
  if (entry?.isIntersecting && !near) setNear(true);
  return { ref, near };
}

/**
 * The two charts, drawn once they come near the screen, placeholders of the same size until then. The observer's
 * answers render this alone, not the whole dashboard around it.
 */
function ChartsNearScreen(props: DashboardChartsProps) {
  const charts = useNearScreen();
  if (!charts.near)
    return (
      <>
        <ChartPlaceholder ref={charts.ref} />
        <ChartPlaceholder />
      </>
    );
  return (
    <Suspense
      fallback={
        <>
          <ChartPlaceholder />
          <ChartPlaceholder />
        </>
      }
    >
      <DashboardCharts {...props} />
    </Suspense>
  );
}

/** The home's dashboard: 'Te doen', then the key figures, the charts and the top products. */
export function DashboardSection({ marketplace, todoExtraCard }: DashboardSectionProps) {
  const { data, error, isError } = useDashboard();
  if (isError)
    return (
      <Alert color="red" title="Het dashboard kon niet worden geladen">
        {errorMessage(error)}
      </Alert>
    );
  const nothingYet =
    data &&
    data.reservationsPerWeek.every((w) => w.reservations === 0) &&
    data.revenuePerMonth.every((m) => m.revenue === 0) &&
    data.mostReserved.length === 0;
  return (
    <Stack gap="xl">
      <TodoCards todo={data?.todo} marketplace={marketplace} extraCard={todoExtraCard} />
      {data?.nextPayout && <NextPayout payout={data.nextPayout} />}
      <Stack gap="sm" component="section" aria-labelledby="cijfers">
        <Stack gap={2}>
          <Title order={2} fz="xl" id="cijfers">
            {marketplace ? 'Cijfers van de marktplaats' : 'Cijfers'}
          </Title>
          {nothingYet && (
            <Text size="sm" c="dimmed">
              {marketplace
                ? 'Er zijn nog geen reserveringen. Zodra de ateliers verkopen, zie je hier de cijfers.'
                : 'Nog geen reserveringen. Zodra er een binnenkomt, zie je hier de cijfers en grafieken.'}
            </Text>
          )}
        </Stack>
        {data ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <MonthFiguresTable thisMonth={data.thisMonth} lastMonth={data.lastMonth} marketplace={marketplace} />
            <ChartsNearScreen reservationsPerWeek={data.reservationsPerWeek} revenuePerMonth={data.revenuePerMonth} />
            <TopProducts mostViewed={data.mostViewed} mostReserved={data.mostReserved} marketplace={marketplace} />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartPlaceholder />
            <ChartPlaceholder />
          </SimpleGrid>
        )}
        {data?.workshops && <WorkshopBreakdown workshops={data.workshops} month={data.thisMonth.month} />}
      </Stack>
    </Stack>
  );
}
