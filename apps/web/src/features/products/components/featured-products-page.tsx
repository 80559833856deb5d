import { type FeaturedProduct, formatEuro, MAX_FEATURED_PRODUCTS, MESSAGES } from '@ateliermarkt/contract';
import {
  Alert,
  Avatar,
  Badge,
  Combobox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ListTable } from '../../../components/data-table.tsx';
import { IconSearch, IconTrash } from '../../../components/icons.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFeaturedProducts, useProductSearch, useSaveFeaturedProducts } from '../api/featured-products.ts';

function AddFeatured({
  featured,
  onAdd,
  busy,
}: {
  featured: FeaturedProduct[];
  onAdd: (id: string) => void;
  busy: boolean;
}) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 120);
  const search = useProductSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const taken = new Set(featured.map((f) => f.id));
  const results = (search.data ?? []).filter((r) => !taken.has(r.id));
  const open = debounced.trim().length > 0;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        onAdd(id);
        setQuery('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Product toevoegen"
          description="Zoek op productnaam of atelier."
          leftSection={<IconSearch />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={query}
          disabled={busy}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          maw={480}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options aria-label="Zoekresultaten">
          {results.length === 0 ? (
            <Combobox.Empty>{search.isFetching ? 'Zoeken…' : 'Geen producten gevonden'}</Combobox.Empty>
          ) : (
            results.map((r) => (
              <Combobox.Option value={r.id} key={r.id}>
                <Text size="sm" fw={600}>
                  {r.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.workspaceName}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The featured products with remove, and search-as-you-type to add until 8 are featured. */
export function FeaturedProductsPage() {
  const featured = useFeaturedProducts();
  const save = useSaveFeaturedProducts();
  const list = featured.data ?? [];
  const full = list.length >= MAX_FEATURED_PRODUCTS;

  const store = (ids: string[]) =>
    save.mutate(ids, {
      onSuccess: () => notifySuccess(MESSAGES.featuredSaved),
      onError: (error) => notifyFailure(error),
    });

  return (
    <Stack maw={1000}>
      <PageHeader
        title="Uitgelichte producten"
        description={`Deze producten staan uitgelicht in de webshop (maximaal ${MAX_FEATURED_PRODUCTS}).`}
      />
      <Paper withBorder radius="lg" p="md">
        {full ? (
          <Alert color="yellow" title="Maximum bereikt">
            {MESSAGES.featuredMax(MAX_FEATURED_PRODUCTS)}
          </Alert>
        ) : (
          <AddFeatured
            featured={list}
            busy={save.isPending || featured.isPending}
            onAdd={(id) => store([...list.map((f) => f.id), id])}
          />
        )}
      </Paper>
      <ListTable<FeaturedProduct>
        label="Uitgelichte producten"
        records={featured.data}
        idAccessor="id"
        loading={featured.isPending}
        fetching={save.isPending}
        error={featured.error}
        onRetry={() => featured.refetch()}
        emptyText="Er zijn nog geen uitgelichte producten."
        rowName={(p) => p.name}
        rowActions={(p) => [
          {
            label: 'Niet meer uitlichten',
            icon: <IconTrash />,
            destructive: true,
            disabledReason: save.isPending ? MESSAGES.listLoading : undefined,
            onClick: () => store(list.filter((f) => f.id !== p.id).map((f) => f.id)),
          },
        ]}
        columns={[
          {
            accessor: 'name',
            title: 'Product',
            render: (p) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={p.productImage?.thumbnail} alt="" radius="sm" />
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.productNumber}
                  </Text>
                </Stack>
              </Group>
            ),
          },
          { accessor: 'workspaceName', title: 'Atelier', priority: 2 },
          { accessor: 'price', title: 'Prijs', textAlign: 'right', noWrap: true, render: (p) => formatEuro(p.price) },
          {
            accessor: 'isPublished',
            title: 'Gepubliceerd',
            priority: 2,
            render: (p) => (
              <Badge variant="light" color={p.isPublished ? 'green' : 'gray'}>
                {p.isPublished ? 'Ja' : 'Nee'}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}
