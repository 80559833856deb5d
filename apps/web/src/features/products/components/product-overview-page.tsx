import { roleKindOf } from '@ateliermarkt/contract';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMyProfile } from '../../../lib/current-user.ts';
import { PRODUCT_OVERVIEW_HEADING } from '../product-headings.ts';
import { ProductList } from './product-list.tsx';
import { ProductSheetButtons } from './product-sheet-buttons.tsx';

/** The product table with its add button; the /products screen and the plain user's home. */
export type ProductOverviewProps = { title?: string; embedded?: boolean };

export function ProductOverview({ title = PRODUCT_OVERVIEW_HEADING.title, embedded = false }: ProductOverviewProps) {
  const profile = useMyProfile();
  if (!profile.data) return <PageLoader />;
  return (
    <Stack gap={0}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        {embedded ? (
          <Title order={2} fz="xl" mb="md">
            {title}
          </Title>
        ) : (
          <PageHeader title={title} description={PRODUCT_OVERVIEW_HEADING.description} />
        )}
        <Group gap="xs" wrap="wrap">
          <ProductSheetButtons />
          <Button component={Link} to="/product/add" leftSection={<IconPlus />} mb="md">
            Product toevoegen
          </Button>
        </Group>
      </Group>
      <ProductList kind={roleKindOf(profile.data)} userId={profile.data.id} />
    </Stack>
  );
}

export function ProductOverviewPage() {
  return <ProductOverview />;
}
