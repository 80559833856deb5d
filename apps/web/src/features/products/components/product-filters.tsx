import { MESSAGES, type ProductAvailability } from '@ateliermarkt/contract';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useEffect, useRef, useState } from 'react';
import { IconSearch } from '../../../components/icons.tsx';
import { useCustomCategories, useMainCategories } from '../api/reference-data.ts';
import { isFiltered, type ProductListState } from './product-list-params.ts';

export type ProductFiltersProps = {
  state: ProductListState;
  /** `replace`: typing in the search field replaces the history entry instead of adding one per word. */
  onChange: (next: ProductListState, options?: { replace: boolean }) => void;
};

const AVAILABILITY_OPTIONS: { value: ProductAvailability; label: string }[] = [
  { value: 'available', label: MESSAGES.productAvailable },
  { value: 'reserved', label: MESSAGES.productReserved },
  { value: 'sold', label: MESSAGES.productSold },
];

/**
 * The overview's search and filters: each change goes to the URL and back to page 1; the server
 * searches and filters. Four fields side by side on a laptop, two per row on a tablet, one per row on a phone.
 */
// Memoised: the list's answers render the table around it, not these fields (the state is one object per address).
export const ProductFilters = memo(function ProductFilters({ state, onChange }: ProductFiltersProps) {
  const [query, setQuery] = useState(state.search);
  const latest = useRef({ state, onChange, query });
  latest.current = { state, onChange, query };
  // The search goes to the URL once typing pauses.
  const commitSearch = useDebouncedCallback((typed: string) => {
    const { state: current, onChange: change } = latest.current;
    if (typed.trim() !== current.search) change({ ...current, search: typed.trim(), page: 1 }, { replace: true });
  }, 300);
  // And comes from it: the back button, 'Filters wissen'. A search still waiting to be sent is dropped then, so
  // it cannot put back what the URL just cleared.
  useEffect(() => {
    if (latest.current.query.trim() === state.search) return;
    commitSearch.cancel();
    setQuery(state.search);
  }, [state.search, commitSearch]);

  const main = useMainCategories();
  const custom = useCustomCategories();
  const categories = [
    { group: 'Hoofdcategorieën', items: (main.data ?? []).map((c) => ({ value: c.id, label: c.title })) },
    { group: 'Eigen categorieën', items: (custom.data ?? []).map((c) => ({ value: c.id, label: c.title })) },
  ].filter((g) => g.items.length > 0);
  const set = (part: Partial<ProductListState>) => onChange({ ...state, ...part, page: 1 });

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label="Zoeken"
          placeholder="Zoek op code of naam"
          leftSection={<IconSearch />}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            commitSearch(e.currentTarget.value);
          }}
        />
        <Select
          label="Gepubliceerd"
          placeholder="Alle"
          clearable
          data={[
            { value: 'ja', label: 'Ja' },
            { value: 'nee', label: 'Nee' },
          ]}
          value={state.published === undefined ? null : state.published ? 'ja' : 'nee'}
          onChange={(value) => set({ published: value === null ? undefined : value === 'ja' })}
        />
        <Select
          label="Status"
          placeholder="Alle"
          clearable
          data={AVAILABILITY_OPTIONS}
          value={state.availability ?? null}
          onChange={(value) => set({ availability: (value as ProductAvailability | null) ?? undefined })}
        />
        <Select
          label="Categorie"
          placeholder="Alle"
          clearable
          searchable
          nothingFoundMessage="Geen categorie gevonden"
          data={categories}
          value={state.categoryId || null}
          onChange={(value) => set({ categoryId: value ?? '' })}
        />
      </SimpleGrid>
      {isFiltered(state) && (
        <Group mt="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              commitSearch.cancel();
              setQuery('');
              onChange({
                ...state,
                search: '',
                published: undefined,
                availability: undefined,
                categoryId: '',
                page: 1,
              });
            }}
          >
            Filters wissen
          </Button>
        </Group>
      )}
    </>
  );
});
