import { formatEuro, mayChangeProduct, roleKindOf } from '@ateliermarkt/contract';
import { Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { IconPencil } from '../../../components/icons.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyProfile } from '../../../lib/current-user.ts';
import { useProduct } from '../api/get-product.ts';
import { ProductGallery } from './product-gallery.tsx';

/** /product/detail is a placeholder; here a small read-only summary with the way back and to edit. */
export function ProductDetailPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const profile = useMyProfile();
  if (product.error instanceof ApiError && product.error.status === 404) return <NotFoundPage />;
  if (!product.data || !profile.data) return <PageLoader />;
  const p = product.data;
  const mayEdit = mayChangeProduct({ kind: roleKindOf(profile.data), userId: profile.data.id }, p);
  return (
    <Stack maw={960}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Badge variant="outline" color="gray" w="fit-content">
            {p.productNumber}
          </Badge>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {p.name}
          </Title>
        </Stack>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/products">
            Terug naar de producten
          </Button>
          {mayEdit && (
            <Button component={Link} to={`/product/edit/${p.id}`} leftSection={<IconPencil />}>
              Wijzigen
            </Button>
          )}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <ProductGallery images={p.images} name={p.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Text fz={24} fw={700}>
                {formatEuro(p.price)}
              </Text>
              <Text size="sm">{p.description || 'Geen omschrijving.'}</Text>
              <Text size="sm" c="dimmed">
                {p.isPublished ? 'Gepubliceerd' : 'Concept'} · {p.isSold ? 'Verkocht' : 'Niet verkocht'} · geplaatst
                door {p.creatorFullName ?? 'onbekend'}
              </Text>
              <Text size="xs" c="dimmed">
                De volledige productpagina staat in de webshop.
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
