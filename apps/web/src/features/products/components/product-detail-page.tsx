import { formatEuro, mayChangeProduct, type Product, roleKindOf } from '@ateliermarkt/contract';
import { Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMyProfile } from '../../../lib/current-user.ts';
import { ProductGallery } from './product-gallery.tsx';
import { EditProductButton, RouteProduct } from './route-product.tsx';

/** /product/detail is a placeholder; here a small read-only summary with the way back and to edit. */
export function ProductDetailPage() {
  return <RouteProduct>{(product) => <ProductDetail product={product} />}</RouteProduct>;
}

function ProductDetail({ product: p }: { product: Product }) {
  const profile = useMyProfile();
  if (!profile.data) return <PageLoader />;
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
          {mayEdit && <EditProductButton product={p} />}
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
