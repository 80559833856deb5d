import { formatEuro, formatWeight, type Product } from '@ateliermarkt/contract';
import { Avatar, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { IconCopy, IconEye, IconEyeOff, IconTrash } from '../../../components/icons.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { EditProductButton, RouteProduct } from './route-product.tsx';
import { useProductActions } from './use-product-actions.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </Stack>
  );
}

/** Everything about one product, with Delete, Publish/Unpublish and Edit. */
export function ProductAdminDetailPage() {
  return <RouteProduct>{(product) => <ProductAdminDetail product={product} />}</RouteProduct>;
}

function ProductAdminDetail({ product: p }: { product: Product }) {
  const navigate = useNavigate();
  const actions = useProductActions();
  return (
    <Stack maw={1100}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {p.productNumber}
            </Badge>
            <Badge color={p.isPublished ? 'green' : 'gray'} variant="light">
              {p.isPublished ? 'Gepubliceerd' : 'Concept'}
            </Badge>
            {p.isSold && <Badge color="red">Verkocht</Badge>}
            {p.isReserved && !p.isSold && <Badge color="orange">Gereserveerd</Badge>}
          </Group>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {p.name}
          </Title>
          <Text c="dimmed" size="sm">
            Geplaatst door {p.creatorFullName ?? 'onbekend'} · {p.viewCount} keer bekeken
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash />}
            onClick={() => actions.confirmDelete(p, () => navigate('/products'))}
          >
            Verwijderen
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy />}
            onClick={() => actions.confirmCopy(p, (copyId) => navigate(`/product/admin-detail/${copyId}`))}
          >
            Kopiëren
          </Button>
          <Button
            variant="light"
            leftSection={p.isPublished ? <IconEyeOff /> : <IconEye />}
            onClick={() => actions.confirmPublish(p)}
          >
            {p.isPublished ? 'Offline halen' : 'Publiceren'}
          </Button>
          <EditProductButton product={p} />
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProductGallery images={p.images} name={p.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="md">
                <Group justify="space-between">
                  <Text fz={28} fw={700}>
                    {formatEuro(p.price)}
                  </Text>
                  <Badge variant="light" size="lg">
                    {p.isUniqueEdition ? 'Uniek product' : `Voorraadproduct (${p.quantity} op voorraad)`}
                  </Badge>
                </Group>
                <Field label="Omschrijving">{p.description}</Field>
                <Field label="Extra informatie">{p.extraInformation}</Field>
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Field label="Materiaal">{p.material}</Field>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Field label="Verzendmethoden">
                    {p.deliveryMethods.map((d) => `${d.name} (${formatEuro(d.price)})`).join(', ')}
                  </Field>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Field label="Gewicht">{formatWeight(p.weight)}</Field>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Field label="Formaat (l x b x h)">{p.format ? `${p.format} cm` : null}</Field>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Field label="Hoofdcategorieën">{p.categories.map((c) => c.title).join(', ')}</Field>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Field label="Subcategorieën">{p.customCategories.map((c) => c.title).join(', ')}</Field>
                </Grid.Col>
              </Grid>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Group align="flex-start" wrap="nowrap">
                <Avatar src={p.authorImage?.thumbnail} alt="" size={56} radius="xl">
                  {(p.authorName ?? '?').slice(0, 1)}
                </Avatar>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Over de maker
                  </Text>
                  <Text fw={600}>{p.authorName ?? 'Geen maker ingevuld'}</Text>
                  <Text size="sm">{p.authorDescription}</Text>
                </Stack>
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
