import { RESERVATION_SEARCH_MAX } from '@ateliermarkt/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useState } from 'react';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { IconSearch } from '../../../components/icons.tsx';
import type { ReservationListState } from './reservation-list-url.ts';

export type ReservationFiltersProps = {
  state: ReservationListState;
  onChange: (change: Partial<ReservationListState>) => void;
};

/**
 * The overview's search and date range. The search is sent a moment after typing stops; the dates when
 * picked. Both end up in the URL (reservation-list-url.ts), which the page reads back.
 */
// Memoised: the tabs' counts and the list's answers render the page around it, not these fields.
export const ReservationFilters = memo(function ReservationFilters({ state, onChange }: ReservationFiltersProps) {
  const [text, setText] = useState(state.search);
  // A search set from outside (the reservation's 'Alle reserveringen van …' link) shows in the field too.
  const [shown, setShown] = useState(state.search);
  if (state.search !== shown) {
    setShown(state.search);
    setText(state.search);
  }
  const commitSearch = useDebouncedCallback((search: string) => onChange({ search }), 300);
  const narrowed = Boolean(state.search || state.from || state.to);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Zoeken"
        placeholder="Bestelnummer, klant, e-mail of product"
        type="search"
        leftSection={<IconSearch />}
        value={text}
        maxLength={RESERVATION_SEARCH_MAX}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        style={{ flex: '1 1 16rem', minWidth: 0 }}
      />
      <DateRangeFields range={state} onChange={onChange} labels={{ from: 'Van', to: 'Tot en met' }} />
      {narrowed && (
        <Button
          variant="default"
          onClick={() => {
            setText('');
            commitSearch.cancel();
            onChange({ search: '', from: '', to: '' });
          }}
        >
          Zoeken en datums wissen
        </Button>
      )}
    </Group>
  );
});
