import { formatEuro, TODO_KINDS, type WorkshopFigures } from '@ateliermarkt/contract';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMedia } from '../../../lib/use-media.ts';
import classes from './dashboard.module.css';
import { monthName } from './month-figures.tsx';

export type WorkshopBreakdownProps = { workshops: WorkshopFigures[]; month: string };

const todoOf = (w: WorkshopFigures) => TODO_KINDS.reduce((sum, kind) => sum + w.todo[kind], 0);

function WorkshopName({ workshop: w }: { workshop: WorkshopFigures }) {
  return w.workspaceId ? (
    <Anchor component={Link} to={`/workspace/${w.workspaceId}`} size="sm" fw={500}>
      {w.name}
    </Anchor>
  ) : (
    <Text span size="sm" fw={500}>
      {w.name}
    </Text>
  );
}

/**
 * On a phone one card per workshop with its four figures: the five columns scrolled sideways there.
 */
function WorkshopCards({ workshops }: { workshops: WorkshopFigures[] }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-labelledby="per-atelier" style={{ listStyle: 'none' }}>
      {workshops.map((w) => (
        <Paper component="li" key={w.tenantId} withBorder radius="sm" p="xs">
          <WorkshopName workshop={w} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing={2} mt={4}>
            {(
              [
                ['Te doen', String(todoOf(w))],
                ['Reserveringen', String(w.thisMonth.reservations)],
                ['Bruto', formatEuro(w.thisMonth.revenue)],
                ['Commissie incl. btw', formatEuro(w.thisMonth.platformFee)],
              ] as const
            ).map(([label, value]) => (
              <Group key={label} justify="space-between" gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" className={classes.number}>
                  {value}
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/** The super admin's figures per workshop: what waits there and this month's reservations, revenue and fee. */
export function WorkshopBreakdown({ workshops, month }: WorkshopBreakdownProps) {
  const phone = useMedia('(max-width: 47.99em)');
  return (
    <Paper component="section" aria-labelledby="per-atelier" withBorder radius="md" p="md">
      <Title order={3} fz="lg" id="per-atelier">
        Per atelier
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Te doen nu; reserveringen, bruto en commissie incl. btw van {monthName(month)}.
      </Text>
      {phone ? (
        <WorkshopCards workshops={workshops} />
      ) : (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table aria-labelledby="per-atelier" verticalSpacing={6} horizontalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Atelier</Table.Th>
                <Table.Th scope="col" ta="right">
                  Te doen
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Reserveringen
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Bruto
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Commissie incl. btw
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {workshops.map((w) => (
                <Table.Tr key={w.tenantId}>
                  <Table.Th scope="row" fw={500}>
                    <WorkshopName workshop={w} />
                  </Table.Th>
                  <Table.Td ta="right" className={classes.number}>
                    {todoOf(w)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.number}>
                    {w.thisMonth.reservations}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.number}>
                    {formatEuro(w.thisMonth.revenue)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.number}>
                    {formatEuro(w.thisMonth.platformFee)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
