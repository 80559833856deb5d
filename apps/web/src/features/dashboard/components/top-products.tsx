import type { TopProduct } from '@ateliermarkt/contract';
import { Anchor, Group, List, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './dashboard.module.css';

type TopListProps = {
  title: string;
  products: TopProduct[];
  unit: (count: number) => string;
  empty: string;
  /** The super admin sees every workshop's products, so each line names its workshop; it has no product screen. */
  marketplace: boolean;
};

function TopList({ title, products, unit, empty, marketplace }: TopListProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="lg" mb="xs">
        {title}
      </Title>
      {products.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List type="ordered" spacing={6} size="sm">
          {products.map((p) => (
            <List.Item key={p.id}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm" lineClamp={1}>
                  {marketplace ? (
                    p.name
                  ) : (
                    <Anchor component={Link} to={`/product/admin-detail/${p.id}`} size="sm">
                      {p.name}
                    </Anchor>
                  )}{' '}
                  <Text span size="xs" c="dimmed">
                    {marketplace ? p.workspaceName : p.productNumber}
                  </Text>
                </Text>
                <Text size="sm" className={classes.number} c="dimmed">
                  {unit(p.count)}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

export type TopProductsProps = { mostViewed: TopProduct[]; mostReserved: TopProduct[]; marketplace: boolean };

export function TopProducts({ mostViewed, mostReserved, marketplace }: TopProductsProps) {
  return (
    <>
      <TopList
        title="Meest bekeken"
        products={mostViewed}
        unit={(n) => `${n.toLocaleString('nl-NL')}× bekeken`}
        empty="Nog geen producten bekeken in de webshop."
        marketplace={marketplace}
      />
      <TopList
        title="Meest gereserveerd"
        products={mostReserved}
        unit={(n) => `${n.toLocaleString('nl-NL')}× gereserveerd`}
        empty="Nog geen producten gereserveerd."
        marketplace={marketplace}
      />
    </>
  );
}
