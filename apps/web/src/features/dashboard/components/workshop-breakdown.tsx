import { formatEuro, TODO_KINDS, type WorkshopFigures } from '@ateliermarkt/contract';
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './dashboard.module.css';
import { monthName } from './month-figures.tsx';

export type WorkshopBreakdownProps = { workshops: WorkshopFigures[]; month: string };

/** The super admin's figures per workshop: what waits there and this month's reservations, revenue and fee. */
export function WorkshopBreakdown({ workshops, month }: WorkshopBreakdownProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="lg" id="per-atelier">
        Per atelier
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Te doen nu; reserveringen, omzet en platformvergoeding van {monthName(month)}.
      </Text>
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
                Omzet
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Platformvergoeding
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {workshops.map((w) => (
              <Table.Tr key={w.tenantId}>
                <Table.Th scope="row" fw={500}>
                  {w.workspaceId ? (
                    <Anchor component={Link} to={`/workspace/${w.workspaceId}`} size="sm">
                      {w.name}
                    </Anchor>
                  ) : (
                    w.name
                  )}
                </Table.Th>
                <Table.Td ta="right" className={classes.number}>
                  {TODO_KINDS.reduce((sum, kind) => sum + w.todo[kind], 0)}
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
    </Paper>
  );
}
